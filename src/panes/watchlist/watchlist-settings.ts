/** A watchlist pane's settings: its symbols, in the list's own order, and how its rows are sorted. */
import * as v from 'valibot';
import { createSettingsReader, distinctStrings } from '../../state/pane-settings';

export const WATCHLIST_COLUMNS = ['symbol', 'name', 'last', 'change', 'changePercent'] as const;

/** A new watchlist's symbols: the shipped fixtures. */
export const DEFAULT_WATCHLIST_SYMBOLS: readonly string[] = ['SPX', 'AAPL', 'AMZN', 'GOOG', 'IBM', 'MSFT'];

/** Symbols one watchlist holds at most: its quotes are computed in one worker request. */
export const MAX_WATCHLIST_SYMBOLS = 50;

export const watchlistSettingsSchema = v.object({
  /** The symbols, each once, in the order they were added (an empty list is a list the user emptied). */
  symbols: distinctStrings(MAX_WATCHLIST_SYMBOLS, DEFAULT_WATCHLIST_SYMBOLS),
  sort: v.fallback(
    v.nullable(
      v.object({
        column: v.picklist(WATCHLIST_COLUMNS),
        direction: v.fallback(v.picklist(['ascending', 'descending']), 'ascending'),
      }),
    ),
    null,
  ),
});

export type WatchlistSettings = v.InferOutput<typeof watchlistSettingsSchema>;
export type WatchlistSort = NonNullable<WatchlistSettings['sort']>;
export type WatchlistColumn = WatchlistSort['column'];
export type SortDirection = WatchlistSort['direction'];

export const readWatchlistSettings = createSettingsReader(watchlistSettingsSchema);

export const readSort = (settings: Readonly<Record<string, unknown>>): WatchlistSort | null =>
  readWatchlistSettings(settings).sort;

/** The settings patch that adds a symbol at the end (nothing when it is there or the list is full). */
export function withWatchlistSymbol(settings: WatchlistSettings, symbol: string): Partial<WatchlistSettings> {
  if (settings.symbols.includes(symbol) || settings.symbols.length >= MAX_WATCHLIST_SYMBOLS) return {};
  return { symbols: [...settings.symbols, symbol] };
}

/** The settings patch that removes a symbol. */
export function withoutWatchlistSymbol(
  settings: WatchlistSettings,
  symbol: string,
): Partial<WatchlistSettings> {
  return { symbols: settings.symbols.filter((s) => s !== symbol) };
}
