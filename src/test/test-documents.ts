import type { PaneState, WorkspaceDocument } from '../state/workspace-document';

/** A candlestick pane of the given symbol, unlinked, with default settings. */
export const candlestickPane = (id: string, symbol = 'SPX'): PaneState => ({
  id,
  kind: 'candlestick',
  symbol,
  linkGroup: null,
  settings: {},
});

/** Two candlestick panes side by side (p1 on SPX, p2 on IBM), no annotations, the default theme. */
export function twoPaneDocument(): WorkspaceDocument {
  return {
    version: 1,
    layout: { type: 'split', direction: 'row', children: ['p1', 'p2'] },
    panes: { p1: candlestickPane('p1'), p2: candlestickPane('p2', 'IBM') },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
}

/** `pane` alone filling the workspace, no annotations, the default theme. */
export function onePaneDocument(pane: PaneState): WorkspaceDocument {
  return {
    version: 1,
    layout: pane.id,
    panes: { [pane.id]: pane },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
}
