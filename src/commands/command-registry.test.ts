import { describe, expect, it } from 'vitest';
import { registerTestPaneKind } from '../test/test-pane-kind';
import type { Command } from './command';
import { CommandRegistry } from './command-registry';
import { documentCommands } from './document-commands';
import { helpCommands } from './help-commands';
import { canonicalKey, formatKey, shownKeys } from './key-format';
import { themeCommands } from './theme-commands';
import { workspaceCommands } from './workspace-commands';

const noop = () => {};
const command = (id: string, keys: string[], extra: Partial<Command> = {}): Command => ({
  id,
  label: id,
  group: 'Test',
  keys,
  perform: noop,
  ...extra,
});

describe('command registry', () => {
  it('has no two commands on one key in one scope, across every real command', () => {
    registerTestPaneKind();
    const registry = new CommandRegistry();
    registry.register([...workspaceCommands(), ...themeCommands(), ...documentCommands(), ...helpCommands()]);
    expect(registry.findConflicts()).toEqual([]);
  });

  it('reports two commands bound to the same key, whatever the spelling', () => {
    const registry = new CommandRegistry();
    expect(() => registry.register([command('a', ['$mod+z']), command('b', ['Control+Z'])])).toThrow(
      /bound to both "a" and "b"/,
    );
  });

  it('allows the same key in different scopes, and for alternatives of one toggle group', () => {
    const registry = new CommandRegistry();
    registry.register([
      command('a', ['ArrowLeft'], { scope: 'chart' }),
      command('b', ['ArrowLeft'], { scope: 'global' }),
      command('max', ['Alt+Enter'], { toggleGroup: 'm' }),
      command('restore', ['Alt+Enter'], { toggleGroup: 'm' }),
    ]);
    expect(registry.findConflicts()).toEqual([]);
  });

  it('refuses a command id registered twice', () => {
    const registry = new CommandRegistry();
    registry.register([command('a', [])]);
    expect(() => registry.register([command('a', [])])).toThrow(/registered twice/);
  });

  it('every contract label exists exactly once', () => {
    registerTestPaneKind();
    const labels = [...workspaceCommands(), ...themeCommands(), ...documentCommands(), ...helpCommands()].map(
      (c) => c.label,
    );
    const spec = [
      'Undo',
      'Redo',
      'Split pane right',
      'Split pane down',
      'Close pane',
      'Maximize pane',
      'Restore pane',
      'Focus next pane',
      'Focus previous pane',
      'Focus pane left',
      'Focus pane right',
      'Focus pane up',
      'Focus pane down',
      'Move pane left',
      'Move pane right',
      'Move pane up',
      'Move pane down',
      'Theme: Default',
      'Theme: Financial Dark',
      'Reset workspace',
      'Export workspace',
      'Import workspace',
      'Show keyboard shortcuts',
    ];
    for (const label of spec) expect(labels.filter((l) => l === label)).toHaveLength(1);
    expect(labels.filter((l) => l.startsWith('Theme: '))).toHaveLength(12);
  });
});

describe('key format', () => {
  it('shows keys the way people read them', () => {
    expect(formatKey('$mod+Shift+z', false)).toBe('Ctrl+Shift+Z');
    expect(formatKey('Alt+Shift+ArrowLeft', false)).toBe('Alt+Shift+←');
    expect(formatKey('$mod+k', true)).toBe('⌘K');
    expect(formatKey('F6', false)).toBe('F6');
    expect(formatKey('Alt+Shift+Equal', false)).toBe('Alt+Shift+=');
    expect(formatKey('Alt+Shift+Minus', false)).toBe('Alt+Shift+-');
    expect(formatKey('Alt+Shift+KeyW', false)).toBe('Alt+Shift+W');
    // `Shift++` beside `+` is the same press on a US keyboard: listed once. Letters keep their Shift.
    expect(shownKeys(['+', 'Shift++', '='], false)).toEqual(['+', '=']);
    expect(shownKeys(['Shift++'], false)).toEqual(['Shift++']);
    expect(shownKeys(['a', 'Shift+a', '$mod+z', 'Control+z'], false)).toEqual(['A', 'Shift+A', 'Ctrl+Z']);
  });

  it('canonical keys ignore modifier order and case', () => {
    expect(canonicalKey('Shift+$mod+Z')).toBe(canonicalKey('$mod+Shift+z'));
    expect(canonicalKey('$mod+KeyZ')).toBe(canonicalKey('Control+z'));
    expect(canonicalKey('Alt+ArrowLeft')).not.toBe(canonicalKey('Alt+Shift+ArrowLeft'));
  });
});
