/** Keys of a focused chart (SPEC section 4) and the chart-type commands, all through the registry. */
import type { Availability, Command, CommandContext } from '../../commands/command';
import { RECORD } from '../../state/history';
import { setPaneKind, setPaneSettings } from '../../state/workspace-edits';
import { type ViewControls, viewControlsOf } from '../analytic/common/view-controls';
import { annotationCommands } from './annotations/annotation-commands';
import { annotationUi } from './annotations/annotation-ui';
import { chartOf } from './chart-registry';
import { readChartSettings } from './chart-settings';
import type { FinancialChart } from './financial-chart';
import { FINANCIAL_KINDS } from './financial-kinds';
import { financialPaneOf } from './financial-pane-of';
import { studyCommands } from './study-commands';

function focusedFinancialPane(ctx: CommandContext): Availability {
  const pane = financialPaneOf(ctx);
  return typeof pane === 'string' ? pane : true;
}

/**
 * A chart key. With `onAnalytic` it is shared with the cartesian analytic panes (zoom and pan
 * through their view controls), under the same label and key.
 */
function chartCommand(
  id: string,
  label: string,
  keys: string[],
  act: (chart: FinancialChart) => void,
  onAnalytic?: (view: ViewControls) => void,
): Command {
  return {
    id,
    label,
    group: 'Chart',
    keys,
    scope: 'chart',
    availability: (ctx) => {
      if (chartOf(ctx.paneId)) return true;
      if (!onAnalytic) return 'The focused pane is not a financial chart';
      return viewControlsOf(ctx.paneId) ? true : 'The focused pane is not a zoomable chart';
    },
    run: (ctx) => {
      const chart = chartOf(ctx.paneId);
      const view = viewControlsOf(ctx.paneId);
      if (chart) act(chart);
      else if (view) onAnalytic?.(view);
    },
  };
}

/** Arrows pan unless an annotation of this chart is selected; then they nudge it (same toggle group). */
function panCommand(direction: 'left' | 'right', fraction: number): Command {
  const base = chartCommand(
    `chart-pan-${direction}`,
    `Pan chart ${direction}`,
    [`Arrow${direction === 'left' ? 'Left' : 'Right'}`],
    (c) => c.nav.pan(fraction),
    (view) => view.pan(fraction, 0),
  );
  return {
    ...base,
    toggleGroup: `chart-arrow-${direction}`,
    availability: (ctx) => {
      const id = annotationUi.getState().selectedId;
      const selectedHere = id !== null && ctx.workspace.getDocument().annotations[id]?.paneId === ctx.paneId;
      return selectedHere
        ? 'An annotation is selected: the arrows nudge it'
        : (base.availability?.(ctx) ?? true);
    },
  };
}

export function financialCommands(): Command[] {
  return [
    ...annotationCommands(),
    ...studyCommands(),
    panCommand('left', -0.1),
    panCommand('right', 0.1),
    chartCommand(
      'chart-zoom-in',
      'Zoom chart in',
      ['+', 'Shift++', '='],
      (c) => c.nav.zoom(0.8),
      (view) => view.zoom(0.8),
    ),
    chartCommand(
      'chart-zoom-out',
      'Zoom chart out',
      ['-'],
      (c) => c.nav.zoom(1.25),
      (view) => view.zoom(1.25),
    ),
    // Home on an analytic chart is `Show all data` (analytic-commands.ts): same toggle group.
    {
      ...chartCommand('chart-first-bar', 'Go to first bar', ['Home'], (c) => c.nav.scrollToFirst()),
      toggleGroup: 'chart-home',
    },
    chartCommand('chart-latest-bar', 'Go to latest bar', ['End'], (c) => c.nav.scrollToLatest()),
    chartCommand('chart-reset-view', 'Reset chart view', [], (c) => c.nav.showRange('1Y')),
    {
      id: 'chart-toggle-log-scale',
      label: 'Toggle logarithmic price scale',
      group: 'Chart',
      availability: focusedFinancialPane,
      run: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const { logScale } = readChartSettings(pane.settings);
        ctx.workspace.edit((d) => setPaneSettings(d, pane.id, { logScale: !logScale }), RECORD);
      },
    },
    ...FINANCIAL_KINDS.map(
      (kind): Command => ({
        id: `chart-type:${kind.id}`,
        label: `Chart type: ${kind.label}`,
        group: 'Chart type',
        availability: (ctx) => {
          const pane = financialPaneOf(ctx);
          if (typeof pane === 'string') return pane;
          return pane.kind === kind.id ? `The chart is already ${kind.label}` : true;
        },
        run: (ctx) => {
          const paneId = ctx.paneId;
          if (paneId) ctx.workspace.edit((d) => setPaneKind(d, paneId, kind.id), RECORD);
        },
      }),
    ),
  ];
}
