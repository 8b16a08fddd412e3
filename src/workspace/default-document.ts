/**
 * The workspace a new user sees. It is built from the registered pane kinds, so each kind that
 * lands with its issue joins the default layout without edits here beyond one line.
 */

import type { LayoutNode } from '../state/layout-node';
import {
  DEFAULT_THEME_ID,
  DOCUMENT_VERSION,
  type LinkGroup,
  type PaneState,
  type ThemeId,
  type WorkspaceDocument,
} from '../state/workspace-document';
import { createPane, getPaneKind } from './pane-registry';

interface DefaultPane {
  kind: string;
  symbol?: string;
  linkGroup?: LinkGroup;
}

/**
 * The main chart's symbol: a live one of the first feed this build is configured with (a newcomer
 * sees the market moving, not a 2020 daily chart beside an idle feed), else the shipped S&P 500.
 */
export function mainSymbol(feeds: typeof __FEEDS__ = __FEEDS__): string {
  return feeds.feeds[0]?.symbols[0] ?? 'SPX';
}

/** Main chart on the left; the rest stacked on the right, as in a trader's usual grid. */
const DEFAULT_PANES: DefaultPane[] = [
  { kind: 'candlestick', symbol: mainSymbol(), linkGroup: 'red' },
  { kind: 'watchlist', linkGroup: 'red' },
  { kind: 'donut' },
  { kind: 'gauge' },
  { kind: 'bubble' },
];

export function createDefaultDocument(theme: ThemeId = DEFAULT_THEME_ID): WorkspaceDocument {
  const panes: PaneState[] = DEFAULT_PANES.filter((p) => getPaneKind(p.kind)).map((p) => ({
    ...createPane(p.kind, p.symbol),
    linkGroup: p.linkGroup ?? null,
  }));
  return {
    version: DOCUMENT_VERSION,
    layout: defaultLayout(panes.map((p) => p.id)),
    panes: Object.fromEntries(panes.map((p) => [p.id, p])),
    annotations: {},
    theme,
    maximizedPaneId: null,
  };
}

function defaultLayout(ids: string[]): LayoutNode | null {
  const [main, ...side] = ids;
  if (main === undefined) return null;
  if (side.length === 0) return main;
  if (side.length <= 2) {
    const column: LayoutNode =
      side.length === 1 ? (side[0] as string) : { type: 'split', direction: 'column', children: side };
    return { type: 'split', direction: 'row', children: [main, column], splitPercentages: [62, 38] };
  }
  // Three or more side panes do not fit one 300 px column on a laptop screen: the main chart and the
  // first side pane share the top row, the others share the bottom row.
  const [first, ...rest] = side as [string, ...string[]];
  const top: LayoutNode = {
    type: 'split',
    direction: 'row',
    children: [main, first],
    splitPercentages: [62, 38],
  };
  const bottom: LayoutNode =
    rest.length === 1 ? (rest[0] as string) : { type: 'split', direction: 'row', children: rest };
  // Both rows keep their charts 300 px high in a 1280 x 800 window (a 342 px cell each, of 728).
  return { type: 'split', direction: 'column', children: [top, bottom], splitPercentages: [52, 48] };
}
