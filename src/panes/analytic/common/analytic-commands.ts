/**
 * Chart keys only the cartesian analytic panes have: vertical pan and `Show all data` on `Home`.
 * Zoom (`+`, `-`) and horizontal pan (arrows) are the financial charts' commands, shared under the
 * same labels (src/panes/financial/chart-commands.ts).
 */
import type { Command } from '../../../commands/command';
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
    availability: (ctx) => (viewControlsOf(ctx.paneId) ? true : NOT_ZOOMABLE),
    run: (ctx) => {
      const view = viewControlsOf(ctx.paneId);
      if (view) act(view);
    },
  };
}

export function analyticCommands(): Command[] {
  return [
    viewCommand('chart-pan-up', 'Pan chart up', ['ArrowUp'], 'chart-arrow-up', (v) => v.pan(0, 0.1)),
    viewCommand('chart-pan-down', 'Pan chart down', ['ArrowDown'], 'chart-arrow-down', (v) => v.pan(0, -0.1)),
    viewCommand('chart-show-all', 'Show all data', ['Home'], 'chart-home', (v) => v.reset()),
  ];
}
