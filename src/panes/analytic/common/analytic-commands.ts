/**
 * Chart keys of the analytic panes: the data cursor on the arrows (every kind), pan on Shift+arrows
 * and `Show all data` on `Home` (cartesian kinds). Zoom (`+`, `-`) is the financial charts' command,
 * shared under the same label (src/panes/financial/chart-commands.ts).
 */

import { type Command, defineCommand } from '../../../commands/command';
import { settingsStep } from '../../../commands/settings-step';
import { readHidden } from './chart';

declare module '../../../commands/command' {
  interface CommandArgs {
    /** A legend item: show or hide one series (or slice) of an analytic chart. */
    'toggle-analytic-series': { readonly paneId: string; readonly series: string };
    /** A title-bar select of the kind's settings (gauge preset, bar mode). */
    'set-analytic-setting': { readonly paneId: string; readonly key: string; readonly value: string };
  }
}

import type { ItemMove } from './item-cursor';
import { itemCursorOf, type ViewControls, viewControlsOf } from './view-controls';

const NOT_ZOOMABLE = 'The focused pane is not a zoomable analytic chart';

function viewCommand(
  id: string,
  label: string,
  keys: string[],
  toggleGroup: string,
  act: (view: ViewControls) => void,
): Command {
  return {
    id,
    label,
    group: 'Chart',
    keys,
    scope: 'chart',
    // The same key does another thing on financial charts (nudge an annotation, go to the first bar).
    toggleGroup,
    hiddenWhenUnavailable: true,
    when: (ctx) => (viewControlsOf(ctx.paneId) ? true : NOT_ZOOMABLE),
    perform: (ctx) => {
      const view = viewControlsOf(ctx.paneId);
      if (view) act(view);
    },
  };
}

/**
 * A data cursor key: the item is highlighted with its tooltip and a live region reads it. The arrows'
 * toggle groups are shared with the financial charts' cursor and the annotation nudge.
 */
function cursorCommand(id: string, label: string, key: string, move: ItemMove): Command {
  return {
    id,
    label,
    group: 'Chart',
    keys: [key],
    scope: 'chart',
    toggleGroup: `chart-arrow-${move === 'previous' ? 'left' : 'right'}`,
    hiddenWhenUnavailable: true,
    when: (ctx) => (itemCursorOf(ctx.paneId) ? true : 'The focused pane is not an analytic chart'),
    perform: (ctx) => {
      itemCursorOf(ctx.paneId)?.step(move);
    },
  };
}

export function analyticCommands(): Command[] {
  return [
    // Shift+arrows pan (the plain arrows move the data cursor, as on financial charts).
    viewCommand('analytic-pan-left', 'Pan chart left', ['Shift+ArrowLeft'], 'chart-shift-arrow-left', (v) =>
      v.pan(-0.1, 0),
    ),
    viewCommand(
      'analytic-pan-right',
      'Pan chart right',
      ['Shift+ArrowRight'],
      'chart-shift-arrow-right',
      (v) => v.pan(0.1, 0),
    ),
    viewCommand('chart-pan-up', 'Pan chart up', ['Shift+ArrowUp'], 'chart-shift-arrow-up', (v) =>
      v.pan(0, 0.1),
    ),
    viewCommand('chart-pan-down', 'Pan chart down', ['Shift+ArrowDown'], 'chart-shift-arrow-down', (v) =>
      v.pan(0, -0.1),
    ),
    cursorCommand('analytic-cursor-previous', 'Previous item', 'ArrowLeft', 'previous'),
    cursorCommand('analytic-cursor-next', 'Next item', 'ArrowRight', 'next'),
    viewCommand('chart-show-all', 'Show all data', ['Home'], 'chart-home', (v) => v.reset()),
    defineCommand({
      id: 'toggle-analytic-series',
      label: 'Show or hide a series',
      group: 'Chart',
      needsArgs: true,
      perform: (ctx, { paneId, series }) => {
        const pane = ctx.workspace.getDocument().panes[paneId];
        if (!pane) return;
        const hidden = new Set(readHidden(pane.settings));
        if (hidden.has(series)) hidden.delete(series);
        else hidden.add(series);
        return settingsStep(paneId, { hidden: [...hidden] });
      },
    }),
    defineCommand({
      id: 'set-analytic-setting',
      label: 'Change a chart setting',
      group: 'Chart',
      needsArgs: true,
      perform: (_ctx, { paneId, key, value }) => settingsStep(paneId, { [key]: value }),
    }),
  ];
}
