import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../../commands/command-registry';
import { createCommandHarness } from '../../../test/command-harness';
import { createDefaultDocument } from '../../../workspace/default-document';
import { financialCommands } from '../../financial/chart-commands';
import { analyticCommands } from './analytic-commands';
import { registerItemCursor, registerViewControls, type ViewControls } from './view-controls';

/** A key press (with Shift or not), as much of a KeyboardEvent as the registry reads (no DOM in Node). */
function keyPress(key: string, shift = false): KeyboardEvent {
  return {
    key,
    code: '',
    getModifierState: (m: string) => shift && m === 'Shift',
  } as unknown as KeyboardEvent;
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

  it('zoom, pan (Shift+arrows), show all and step the data cursor (arrows) on the focused analytic pane', () => {
    const { registry, context, run, availability } = createCommandHarness(createDefaultDocument(), [
      ...financialCommands(),
      ...analyticCommands(),
    ]);
    const { calls, controls } = recorder();
    const unregister = registerViewControls('a1', controls);
    const stopCursor = registerItemCursor('a1', {
      step: (move) => calls.push(`cursor ${move}`),
      items: () => [],
    });
    const press = (key: string) => {
      const shifted = key.startsWith('Shift+');
      const event = keyPress(shifted ? key.slice('Shift+'.length) : key, shifted);
      const command = registry.match(event, ['chart', 'global'], context('a1'));
      if (command) run(command.id, { paneId: 'a1' });
      return command?.label;
    };
    expect(press('+')).toBe('Zoom chart in');
    expect(press('-')).toBe('Zoom chart out');
    expect(press('Shift+ArrowLeft')).toBe('Pan chart left');
    expect(press('Shift+ArrowUp')).toBe('Pan chart up');
    expect(press('Shift+ArrowDown')).toBe('Pan chart down');
    expect(press('Home')).toBe('Show all data');
    expect(press('ArrowRight')).toBe('Next item');
    expect(press('ArrowLeft')).toBe('Previous item');
    expect(calls).toEqual([
      'zoom 0.8',
      'zoom 1.25',
      'pan -0.1 0',
      'pan 0 0.1',
      'pan 0 -0.1',
      'reset',
      'cursor next',
      'cursor previous',
    ]);
    stopCursor();

    // Another pane (no view controls): the analytic-only commands are unavailable.
    expect(availability('chart-show-all', 'p9')).not.toBe(true);
    expect(availability('chart-zoom-in', 'p9')).not.toBe(true);
    unregister();
    expect(availability('chart-pan-up', 'a1')).not.toBe(true);
  });
});
