/** `Import CSV`: pick a file, let the worker read and check it, chart it once the user confirms. */
import type { CsvImportSession } from '../data/csv-import-session';
import { notify } from '../session/session-actions';
import { RECORD } from '../state/history';
import { canSplit } from '../state/layout-geometry';
import type { SplitDirection } from '../state/layout-node';
import { insertPane, setSymbol } from '../state/workspace-edits';
import { pickFile } from '../ui/files';
import { focusPane } from '../workspace/focus';
import { createPane, followsGroupSymbol, getPaneKind } from '../workspace/pane-registry';
import { type Command, type CommandContext, type DocumentStep, defineCommand } from './command';
import { MIN_CELL, MIN_PANE_PX } from './workspace-commands';

declare module './command' {
  interface CommandArgs {
    /** A confirmed import: chart its new symbol (pane kind for a new pane), and say so. */
    'chart-imported-symbol': {
      readonly symbol: string;
      readonly kind: string;
      readonly fileName: string;
      /** The row count as the notice writes it, e.g. `5,104 rows`. */
      readonly rows: string;
    };
  }
}

/** The picker suggests text tables; any file can still be chosen, and a non-CSV one gets a message. */
export const CSV_ACCEPT = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

/** The pane kind an import of bars opens when the target pane is not a financial chart. */
export const IMPORT_PANE_KIND = 'candlestick';

/** `csvImport` is the workstation's import in progress, which `Import CSV` starts. */
export function csvImportCommands(csvImport: Pick<CsvImportSession, 'begin'>): Command[] {
  return [
    {
      id: 'import-csv',
      label: 'Import CSV',
      group: 'Data',
      inPaneMenu: true,
      perform: async (ctx) => {
        const file = await pickFile(CSV_ACCEPT);
        if (file) csvImport.begin(file, { paneId: ctx.paneId });
      },
    },
    defineCommand({
      id: 'chart-imported-symbol',
      label: 'Chart imported symbol',
      group: 'Data',
      needsArgs: true,
      perform: (ctx, { symbol, kind, fileName, rows }) => {
        const plan = planImportChart(ctx, symbol, kind);
        if (plan.paneId === null) {
          notify(
            ctx.session,
            `Imported "${fileName}" as ${symbol} (${rows}), but ${plan.reason}: choose ${symbol} in a chart's symbol list.`,
            'warning',
          );
          return;
        }
        const { step } = plan;
        return {
          ...step,
          after: (doc) => {
            step.after?.(doc);
            notify(
              ctx.session,
              `Imported "${fileName}" as ${symbol} (${rows}). Undo restores the chart's previous symbol.`,
            );
          },
        };
      },
    }),
  ];
}

export function isFinancialPane(ctx: CommandContext, paneId: string | null): boolean {
  const pane = paneId ? ctx.workspace.getDocument().panes[paneId] : undefined;
  return pane !== undefined && getPaneKind(pane.kind)?.family === 'financial';
}

export type ImportChartPlan =
  | { paneId: string; opened: boolean; step: DocumentStep }
  | { paneId: null; reason: string };

/**
 * Where a confirmed import is charted, as one undoable step: in the target pane when it is a financial
 * chart, else in a new `kind` pane split off the target (the whole workspace when it is empty). When no
 * pane can be split without going below the minimum size, the symbol stays available in every chart's
 * symbol list and the plan says why.
 */
export function planImportChart(
  ctx: CommandContext,
  symbol: string,
  kind = IMPORT_PANE_KIND,
): ImportChartPlan {
  const target = ctx.paneId;
  const doc = ctx.workspace.getDocument();
  if (target && isFinancialPane(ctx, target)) {
    const step: DocumentStep = {
      edit: (d) => setSymbol(d, target, symbol, followsGroupSymbol),
      history: RECORD,
      after: (next) => focusPane(ctx.session, next, target),
    };
    return { paneId: target, opened: false, step };
  }
  const anchor = target && doc.panes[target] ? target : null;
  const { bounds, rects } = ctx.geometry();
  const rect = anchor ? rects.get(anchor) : undefined;
  const direction: SplitDirection = rect && rect.height > rect.width ? 'column' : 'row';
  if (doc.layout !== null && anchor !== null && !canSplit(doc.layout, anchor, direction, bounds, MIN_CELL)) {
    return {
      paneId: null,
      reason: `there is no room for a new pane (each must stay at least ${MIN_PANE_PX} × ${MIN_PANE_PX} px)`,
    };
  }
  const pane = createPane(kind, symbol);
  const step: DocumentStep = {
    edit: (d) => insertPane(d, anchor, pane, direction),
    history: RECORD,
    after: (next) => focusPane(ctx.session, next, pane.id),
  };
  return { paneId: pane.id, opened: true, step };
}
