/**
 * The real app on a bench page: `createWorkstation` + `<App>` with the registered pane kinds and the
 * data engine worker, in-memory storage, and a document of the panes a workload asks for.
 */
import '../../src/app/styles';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { BarsResult } from '../../core/protocol';
import { App } from '../../src/app/app';
import { createWorkstation } from '../../src/app/workstation';
import type { Workstation } from '../../src/commands/workstation-api';
import { registerPaneKinds } from '../../src/panes';
import { chartOf } from '../../src/panes/financial/chart-registry';
import { FinancialChart } from '../../src/panes/financial/financial-chart';
import type { LayoutNode, PaneId } from '../../src/state/layout-node';
import type { WorkspaceDocument } from '../../src/state/workspace-document';
import { closePane, insertPane, setLayout } from '../../src/state/workspace-edits';
import type { WorkspaceStore } from '../../src/state/workspace-store';
import { createPane } from '../../src/workspace/pane-registry';
import { afterPaint } from './frame-probe';
import { waitFor } from './harness';
import { createMemoryStorage } from './memory-storage';
import { expectTiled } from './tiled-layout';

export interface BenchWorkstation {
  workstation: Workstation;
  /** The store's write side: the harness sets up documents and times undo without the UI. */
  store: WorkspaceStore;
  paneIds: PaneId[];
  chart(paneId: PaneId): FinancialChart;
  /** Sets a pane's symbol as the symbol picker does (one recorded edit). */
  setSymbol(paneId: PaneId, symbol: string): void;
}

/** `setData` calls of every financial chart: the bars and how long the call took. */
export type SetDataListener = (chart: FinancialChart, bars: BarsResult, ms: number) => void;
const setDataListeners = new Set<SetDataListener>();
const originalSetData = FinancialChart.prototype.setData;
FinancialChart.prototype.setData = function (this: FinancialChart, bars: BarsResult, keepView?: boolean) {
  const start = performance.now();
  originalSetData.call(this, bars, keepView);
  const ms = performance.now() - start;
  for (const listener of setDataListeners) listener(this, bars, ms);
};

export function onSetData(listener: SetDataListener): () => void {
  setDataListeners.add(listener);
  return () => setDataListeners.delete(listener);
}

/** Resolves after the first painted frame once a chart was handed bars of `symbol`. */
export function firstFrameOf(symbol: string): Promise<number> {
  return new Promise((resolve) => {
    const stop = onSetData((_chart, bars) => {
      if (bars.symbol !== symbol) return;
      stop();
      // Requested after the chart's own frame callback (made in setData): runs after it has drawn.
      requestAnimationFrame(() => void afterPaint().then(resolve));
    });
  });
}

/** Panes of `kind` on `symbols`, in rows of `perRow`, each row and each pane sharing space evenly. */
function documentOf(start: WorkspaceDocument, kind: string, symbols: string[], perRow: number) {
  let doc = Object.keys(start.panes).reduce(closePane, start);
  const ids: PaneId[] = [];
  for (const symbol of symbols) {
    const pane = createPane(kind, symbol);
    doc = insertPane(doc, ids[ids.length - 1] ?? null, pane, 'row');
    ids.push(pane.id);
  }
  const rows: LayoutNode[] = [];
  for (let i = 0; i < ids.length; i += perRow) {
    const children = ids.slice(i, i + perRow);
    rows.push(
      children.length === 1
        ? (children[0] as PaneId)
        : {
            type: 'split',
            direction: 'row',
            children,
            splitPercentages: children.map(() => 100 / children.length),
          },
    );
  }
  const layout: LayoutNode =
    rows.length === 1
      ? (rows[0] as LayoutNode)
      : {
          type: 'split',
          direction: 'column',
          children: rows,
          splitPercentages: rows.map(() => 100 / rows.length),
        };
  return { doc: setLayout(doc, layout), ids };
}

export async function mountWorkstation(
  kind: string,
  symbols: string[],
  perRow = symbols.length,
): Promise<BenchWorkstation> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root');
  registerPaneKinds();
  const { workstation, store } = createWorkstation(createMemoryStorage());
  createRoot(root).render(<App workstation={workstation} />);
  const { doc, ids } = documentOf(workstation.workspace.getDocument(), kind, symbols, perRow);
  flushSync(() => store.reset(doc));
  await waitFor(() => ids.every((id) => chartOf(id)), `${ids.length} charts`, 30_000);
  // The charts take their tiles' sizes in the frames after they appear (ResizeObserver, then a redraw).
  await afterPaint();
  await afterPaint();
  expectTiled(ids.length);
  const chart = (paneId: PaneId): FinancialChart => {
    const found = chartOf(paneId);
    if (!found) throw new Error(`No chart in pane ${paneId}`);
    return found;
  };
  return {
    workstation,
    store,
    paneIds: ids,
    chart,
    setSymbol: (paneId, symbol) => flushSync(() => workstation.run('set-pane-symbol', { paneId, symbol })),
  };
}

/** The chart element of a pane (its `data-*` attributes say what it shows). */
export function chartElement(paneId: PaneId): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-pane-id="${paneId}"] .chart-canvas`);
  if (!element) throw new Error(`No chart element in pane ${paneId}`);
  return element;
}
