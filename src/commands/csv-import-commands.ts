/** `Import CSV`: pick a file, let the worker read and check it, chart it once the user confirms. */
import { csvImportSession } from '../data/csv-import-session';
import { focusPane } from '../state/focus';
import { RECORD } from '../state/history';
import { insertPane, setSymbol } from '../state/workspace-edits';
import { pickFile } from '../ui/files';
import { canSplit } from '../workspace/layout-geometry';
import type { SplitDirection } from '../workspace/layout-node';
import { createPane, getPaneKind } from '../workspace/pane-registry';
import type { Command, CommandContext } from './command';
import { MIN_PANE_PX } from './workspace-commands';

/** The picker suggests text tables; any file can still be chosen, and a non-CSV one gets a message. */
export const CSV_ACCEPT = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

/** The pane kind an import of bars opens when the target pane is not a financial chart. */
export const IMPORT_PANE_KIND = 'candlestick';

export function csvImportCommands(): Command[] {
  return [
    {
      id: 'import-csv',
      label: 'Import CSV',
      group: 'Data',
      inPaneMenu: true,
      run: async (ctx) => {
        const file = await pickFile(CSV_ACCEPT);
        if (file) csvImportSession().begin(file, { paneId: ctx.paneId });
      },
    },
  ];
}

export function isFinancialPane(ctx: CommandContext, paneId: string | null): boolean {
  const pane = paneId ? ctx.workspace.getDocument().panes[paneId] : undefined;
  return pane !== undefined && getPaneKind(pane.kind)?.family === 'financial';
}

export type ChartedIn = { paneId: string; opened: boolean } | { paneId: null; reason: string };

/**
 * Charts a confirmed import, as one undoable step: in the target pane when it is a financial chart,
 * else in a new `kind` pane split off the target (the whole workspace when it is empty). When no pane
 * can be split without going below the minimum size, the symbol stays available in every chart's
 * symbol list and the reason is returned.
 */
export function chartImportedSymbol(ctx: CommandContext, symbol: string, kind = IMPORT_PANE_KIND): ChartedIn {
  const target = ctx.paneId;
  const doc = ctx.workspace.getDocument();
  if (target && isFinancialPane(ctx, target)) {
    ctx.workspace.edit((d) => setSymbol(d, target, symbol), RECORD);
    focusPane(ctx.workspace.getDocument(), target);
    return { paneId: target, opened: false };
  }
  const anchor = target && doc.panes[target] ? target : null;
  const { bounds, rects } = ctx.geometry();
  const rect = anchor ? rects.get(anchor) : undefined;
  const direction: SplitDirection = rect && rect.height > rect.width ? 'column' : 'row';
  if (
    doc.layout !== null &&
    anchor !== null &&
    !canSplit(doc.layout, anchor, direction, bounds, MIN_PANE_PX)
  ) {
    return {
      paneId: null,
      reason: `there is no room for a new pane (each must stay at least ${MIN_PANE_PX} × ${MIN_PANE_PX} px)`,
    };
  }
  const pane = createPane(kind, symbol);
  ctx.workspace.edit((d) => insertPane(d, anchor, pane, direction), RECORD);
  focusPane(ctx.workspace.getDocument(), pane.id);
  return { paneId: pane.id, opened: true };
}
