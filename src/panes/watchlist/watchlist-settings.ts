/** A watchlist pane's settings: the sort order of its rows (none: the list's own order). */
import * as v from 'valibot';
import { createSettingsReader } from '../../state/pane-settings';

export const WATCHLIST_COLUMNS = ['symbol', 'name', 'last', 'change', 'changePercent'] as const;

export const watchlistSettingsSchema = v.object({
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
