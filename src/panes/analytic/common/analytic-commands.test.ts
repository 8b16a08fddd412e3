import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../../commands/command-registry';
import { createCommandHarness } from '../../../test/command-harness';
import { createDefaultDocument } from '../../../workspace/default-document';
import { financialCommands } from '../../financial/chart-commands';
import { analyticCommands } from './analytic-commands';
import { registerViewControls, type ViewControls } from './view-controls';

/** A key press without modifiers, as much of a KeyboardEvent as the registry reads (no DOM in Node). */
function keyPress(key: string): KeyboardEvent {
  return { key, code: '', getModifierState: () => false } as unknown as KeyboardEvent;
}

function recorder() {
  const calls: string[] = [];
  const controls: ViewControls = {
    zoom: (factor) => calls.push(`zoom ${factor}`),
    pan: (fx, fy) => calls.push(`pan ${fx} ${fy}`),
    reset: () => calls.push('reset'),
  };
  return { calls, controls };
}

describe('chart keys on analytic panes', () => {
  it('share one key per scope with the financial chart commands (toggle groups, no conflicts)', () => {
    const registry = new CommandRegistry();
    registry.register([...financialCommands(), ...analyticCommands()]);
    expect(registry.findConflicts()).toEqual([]);
  });

  it('zoom, pan and show all on the focused analytic pane, under the financial labels', () => {
    const { registry, context, run, availability } = createCommandHarness(createDefaultDocument(), [
      ...financialCommands(),
      ...analyticCommands(),
    ]);
    const { calls, controls } = recorder();
    const unregister = registerViewControls('a1', controls);
    const press = (key: string) => {
      const command = registry.match(keyPress(key), ['chart', 'global'], context('a1'));
      if (command) run(command.id, { paneId: 'a1' });
      return command?.label;
    };
    expect(press('+')).toBe('Zoom chart in');
    expect(press('-')).toBe('Zoom chart out');
    expect(press('ArrowLeft')).toBe('Pan chart left');
    expect(press('ArrowUp')).toBe('Pan chart up');
    expect(press('ArrowDown')).toBe('Pan chart down');
    expect(press('Home')).toBe('Show all data');
    expect(calls).toEqual(['zoom 0.8', 'zoom 1.25', 'pan -0.1 0', 'pan 0 0.1', 'pan 0 -0.1', 'reset']);

    // Another pane (no view controls): the analytic-only commands are unavailable.
    expect(availability('chart-show-all', 'p9')).not.toBe(true);
    expect(availability('chart-zoom-in', 'p9')).not.toBe(true);
    unregister();
    expect(availability('chart-pan-up', 'a1')).not.toBe(true);
  });
});
