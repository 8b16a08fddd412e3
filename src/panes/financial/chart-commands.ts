/** Keys of a focused chart (docs/test-contract.md) and the chart-type commands, all through the registry. */

import { type Command, type CommandContext, defineCommand } from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { openDialog } from '../../session/session-actions';
import { shownOn } from '../../state/annotation-edits';
import { RECORD } from '../../state/history';
import { setPaneKind } from '../../state/workspace-edits';
import { itemCursorOf, type ViewControls, viewControlsOf } from '../analytic/common/view-controls';
import { annotationCommands } from './annotations/annotation-commands';
import { drawingToolCommands } from './annotations/drawing-tool-commands';
import { RANGE_PRESET_NAMES, RANGE_PRESETS, rangeCommandId } from './chart-data';
import { chartOf } from './chart-registry';
import { readChartSettings, withStudyToggled } from './chart-settings';
import { compareCommands } from './compare-commands';
import type { CursorMove } from './data-cursor';
import type { FinancialChart, SeriesVisibility } from './financial-chart';
import { FINANCIAL_KINDS } from './financial-kinds';
import { financialPaneOf, inFinancialPaneMenu, onFinancialPane } from './financial-pane-of';
import { intervalCommands } from './interval-commands';
import { sessionCommands } from './session-commands';
import { studyCommands } from './study-commands';
import { symbolSearchCommands } from './symbol-search-commands';

declare module '../../commands/command' {
  interface CommandArgs {
    /** A legend item's checkbox: show or hide the price, the moving average or the volume. */
    'toggle-chart-series': { readonly paneId: string; readonly series: keyof SeriesVisibility };
    /** A study's legend checkbox: all of the study's series at once. */
    'toggle-study-visibility': { readonly paneId: string; readonly study: string };
  }
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
    when: (ctx) => {
      if (chartOf(ctx.paneId)) return true;
      if (!onAnalytic) return 'The focused pane is not a financial chart';
      return viewControlsOf(ctx.paneId) ? true : 'The focused pane is not a zoomable chart';
    },
    perform: (ctx) => {
      const chart = chartOf(ctx.paneId);
      const view = viewControlsOf(ctx.paneId);
      if (chart) act(chart);
      else if (view) onAnalytic?.(view);
    },
  };
}

/**
 * Why the arrows do something else on the focused chart: an annotation of it is selected (they nudge
 * it) or a drawing is being placed on it (they move the drawing cursor). Null when they are free.
 */
function arrowsTaken(ctx: CommandContext): string | null {
  const { selectedId, draft } = ctx.session.getState().annotation;
  if (draft?.paneId === ctx.paneId) return 'A drawing is being placed: the arrows move its cursor';
  const doc = ctx.workspace.getDocument();
  const annotation = selectedId === null ? undefined : doc.annotations[selectedId];
  const selected =
    annotation !== undefined && ctx.paneId !== null && shownOn(annotation, doc.panes[ctx.paneId]);
  return selected ? 'An annotation is selected: the arrows nudge it' : null;
}

/**
 * A data cursor key: the cursor steps through the bars and a live region reads each one
 * (docs/test-contract.md). Arrows share their toggle group with the annotation nudge (when an
 * annotation is selected) and the analytic charts' pan.
 */
function cursorCommand(
  id: string,
  label: string,
  keys: string[],
  move: CursorMove,
  toggleGroup?: string,
): Command {
  return {
    id,
    label,
    group: 'Chart',
    keys,
    scope: 'chart',
    toggleGroup,
    when: (ctx) => {
      if (!chartOf(ctx.paneId)) return 'The focused pane is not a financial chart';
      return (toggleGroup?.startsWith('chart-arrow') && arrowsTaken(ctx)) || true;
    },
    perform: (ctx) => {
      chartOf(ctx.paneId)?.moveCursor(move);
    },
  };
}

/** Shift+arrows pan a financial chart by a tenth of the view (plain arrows move the data cursor). */
function panCommand(direction: 'left' | 'right', fraction: number): Command {
  const base = chartCommand(
    `chart-pan-${direction}`,
    `Pan chart ${direction}`,
    [`Shift+Arrow${direction === 'left' ? 'Left' : 'Right'}`],
    (c) => c.nav.pan(fraction),
  );
  return {
    ...base,
    // Shift+arrows pan analytic charts too (analytic-commands.ts), and move a drawing's cursor ten
    // steps while one is placed (drawing-tool-commands.ts): same toggle group.
    toggleGroup: `chart-shift-arrow-${direction}`,
    when: (ctx) =>
      ctx.session.getState().annotation.draft?.paneId === ctx.paneId && ctx.paneId !== null
        ? 'A drawing is being placed: Shift+arrows move its cursor'
        : (base.when?.(ctx, {}) ?? true),
    hiddenWhenUnavailable: true,
  };
}

/** A range command of a financial chart in the pane menu's `Range` submenu (the toolbar's folded picker). */
function rangeMenu(command: Command): Command {
  return { ...command, inPaneMenu: inFinancialPaneMenu, paneSubmenu: 'Range' };
}

export function financialCommands(): Command[] {
  return [
    ...annotationCommands(),
    ...drawingToolCommands(),
    ...studyCommands(),
    ...intervalCommands(),
    ...sessionCommands(),
    ...compareCommands(),
    ...symbolSearchCommands(),
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
    cursorCommand('chart-cursor-previous', 'Previous bar', ['ArrowLeft'], 'previous', 'chart-arrow-left'),
    cursorCommand('chart-cursor-next', 'Next bar', ['ArrowRight'], 'next', 'chart-arrow-right'),
    cursorCommand('chart-cursor-page-back', 'Back a screen of bars', ['PageUp'], 'page-back'),
    cursorCommand('chart-cursor-page-forward', 'Forward a screen of bars', ['PageDown'], 'page-forward'),
    // Home on an analytic chart is `Show all data` (analytic-commands.ts): same toggle group.
    cursorCommand('chart-first-bar', 'Go to first bar', ['Home'], 'first', 'chart-home'),
    cursorCommand('chart-latest-bar', 'Go to latest bar', ['End'], 'last'),
    rangeMenu(chartCommand('chart-reset-view', 'Reset chart view', [], (c) => c.nav.showRange('1Y'))),
    // The toolbar's range presets (its buttons, or its picker in a narrow pane), in the palette and
    // the pane menu too.
    ...RANGE_PRESETS.map((preset) =>
      rangeMenu(
        chartCommand(rangeCommandId(preset), `Show ${RANGE_PRESET_NAMES[preset]}`, [], (c) =>
          c.nav.showRange(preset),
        ),
      ),
    ),
    {
      id: 'show-data-table',
      label: 'Show data table',
      group: 'Chart',
      inPaneMenu: true,
      when: (ctx) =>
        chartOf(ctx.paneId)?.barsInView() || itemCursorOf(ctx.paneId)
          ? true
          : 'The focused pane is not a chart with data',
      perform: (ctx) => {
        ctx.session.setState({ dataTablePaneId: ctx.paneId });
        openDialog(ctx.session, 'data-table');
      },
    },
    {
      id: 'toggle-data-window',
      label: 'Show data window',
      group: 'Chart',
      inPaneMenu: true,
      // Session only: which panels are open is not part of the workspace's history.
      perform: (ctx) => ctx.session.setState((s) => ({ dataWindowOpen: !s.dataWindowOpen })),
    },
    {
      id: 'chart-toggle-log-scale',
      label: 'Toggle logarithmic price scale',
      group: 'Chart',
      inPaneMenu: inFinancialPaneMenu,
      when: onFinancialPane,
      perform: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const { logScale } = readChartSettings(pane.settings);
        return settingsStep(pane.id, { logScale: !logScale });
      },
    },
    defineCommand({
      id: 'toggle-chart-series',
      label: 'Show or hide a chart series',
      group: 'Chart',
      needsArgs: true,
      when: onFinancialPane,
      perform: (ctx, { series }) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const { visibility } = readChartSettings(pane.settings);
        const patch = { visibility: { ...visibility, [series]: !visibility[series] } };
        return settingsStep(pane.id, patch);
      },
    }),
    defineCommand({
      id: 'toggle-study-visibility',
      label: 'Show or hide a study',
      group: 'Studies',
      needsArgs: true,
      when: onFinancialPane,
      perform: (ctx, { study }) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const patch = withStudyToggled(readChartSettings(pane.settings), study);
        return settingsStep(pane.id, patch);
      },
    }),
    ...FINANCIAL_KINDS.map(
      (kind): Command => ({
        id: `chart-type:${kind.id}`,
        label: `Chart type: ${kind.label}`,
        group: 'Chart type',
        when: (ctx) => {
          const pane = financialPaneOf(ctx);
          if (typeof pane === 'string') return pane;
          return pane.kind === kind.id ? `The chart is already ${kind.label}` : true;
        },
        perform: (ctx) => {
          const paneId = ctx.paneId;
          return paneId ? { edit: (d) => setPaneKind(d, paneId, kind.id), history: RECORD } : undefined;
        },
      }),
    ),
  ];
}
