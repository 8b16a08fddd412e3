/**
 * Chart keys only the cartesian analytic panes have: pan with the arrows (on a financial chart they
 * move the data cursor) and `Show all data` on `Home`. Zoom (`+`, `-`) is the financial charts'
 * command, shared under the same label (src/panes/financial/chart-commands.ts).
 */
import { type Command, defineCommand } from '../../../commands/command';
import { RECORD } from '../../../state/history';
import { setPaneSettings } from '../../../state/workspace-edits';
import { readHidden } from './chart';

declare module '../../../commands/command' {
  interface CommandArgs {
    /** A legend item: show or hide one series (or slice) of an analytic chart. */
    'toggle-analytic-series': { readonly paneId: string; readonly series: string };
    /** A title-bar select of the kind's settings (gauge preset, bar mode). */
    'set-analytic-setting': { readonly paneId: string; readonly key: string; readonly value: string };
  }
}

import { type ViewControls, viewControlsOf } from './view-controls';

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

export function analyticCommands(): Command[] {
  return [
    viewCommand('analytic-pan-left', 'Pan chart left', ['ArrowLeft'], 'chart-arrow-left', (v) =>
      v.pan(-0.1, 0),
    ),
    viewCommand('analytic-pan-right', 'Pan chart right', ['ArrowRight'], 'chart-arrow-right', (v) =>
      v.pan(0.1, 0),
    ),
    viewCommand('chart-pan-up', 'Pan chart up', ['ArrowUp'], 'chart-arrow-up', (v) => v.pan(0, 0.1)),
    viewCommand('chart-pan-down', 'Pan chart down', ['ArrowDown'], 'chart-arrow-down', (v) => v.pan(0, -0.1)),
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
        return { edit: (d) => setPaneSettings(d, paneId, { hidden: [...hidden] }), history: RECORD };
      },
    }),
    defineCommand({
      id: 'set-analytic-setting',
      label: 'Change a chart setting',
      group: 'Chart',
      needsArgs: true,
      perform: (_ctx, { paneId, key, value }) => ({
        edit: (d) => setPaneSettings(d, paneId, { [key]: value }),
        history: RECORD,
      }),
    }),
  ];
}
