/** Sorting of watchlist rows: pure, so it is tested without a DOM. */
import type { Quote } from '../../../core/protocol';

import type { WatchlistColumn, WatchlistSort } from './watchlist-settings';

export type { WatchlistColumn, WatchlistSort };

/** The columns of words (the rest are figures). */
const isTextColumn = (column: WatchlistColumn): boolean => column === 'symbol' || column === 'name';

/**
 * The rows in `sort`'s order; a feed symbol still waiting for its first trade has no figures to sort
 * by, and goes after the others in either direction (by symbol among themselves).
 */
export function sortQuotes(quotes: readonly Quote[], sort: WatchlistSort | null): Quote[] {
  if (!sort) return [...quotes];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const { column } = sort;
  const numeric = !isTextColumn(column);
  return [...quotes].sort((a, b) => {
    if (numeric && a.waiting !== b.waiting) return a.waiting ? 1 : -1;
    if (numeric && a.waiting) return a.symbol.localeCompare(b.symbol);
    const x = a[column];
    const y = b[column];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order * sign || a.symbol.localeCompare(b.symbol);
  });
}

/** Clicking a header sorts by it ascending; clicking it again flips the direction. */
export function nextSort(current: WatchlistSort | null, column: WatchlistColumn): WatchlistSort {
  if (current?.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: isTextColumn(column) ? 'ascending' : 'descending' };
}
