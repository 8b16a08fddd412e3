import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WATCHLIST_SYMBOLS,
  MAX_WATCHLIST_SYMBOLS,
  readSort,
  readWatchlistSettings,
  withoutWatchlistSymbol,
  withWatchlistSymbol,
} from './watchlist-settings';

describe('watchlist settings', () => {
  it('read a stored sort, or none for anything this version does not know', () => {
    expect(readSort({ sort: { column: 'last', direction: 'descending' } })).toEqual({
      column: 'last',
      direction: 'descending',
    });
    expect(readSort({ sort: { column: 'last', direction: 'sideways' } })).toEqual({
      column: 'last',
      direction: 'ascending',
    });
    expect(readSort({ sort: { column: 'volume' } })).toBeNull();
    expect(readSort({})).toBeNull();
    expect(readSort({ sort: 'last' })).toBeNull();
  });

  it('read the symbols: the shipped list when none was saved, each once, at most the limit', () => {
    expect(readWatchlistSettings({}).symbols).toEqual(DEFAULT_WATCHLIST_SYMBOLS);
    expect(readWatchlistSettings({ symbols: [] }).symbols).toEqual([]);
    expect(readWatchlistSettings({ symbols: ['A', 'B', 'A', 3, ''] }).symbols).toEqual(['A', 'B']);
    const many = Array.from({ length: MAX_WATCHLIST_SYMBOLS + 5 }, (_, i) => `S${i}`);
    expect(readWatchlistSettings({ symbols: many }).symbols).toHaveLength(MAX_WATCHLIST_SYMBOLS);
    expect(readWatchlistSettings({ symbols: 'SPX' }).symbols).toEqual(DEFAULT_WATCHLIST_SYMBOLS);
  });

  it('add a symbol at the end once, and remove it', () => {
    const settings = readWatchlistSettings({ symbols: ['SPX'] });
    expect(withWatchlistSymbol(settings, 'SYN-1M')).toEqual({ symbols: ['SPX', 'SYN-1M'] });
    expect(withWatchlistSymbol(settings, 'SPX')).toEqual({});
    expect(withoutWatchlistSymbol(settings, 'SPX')).toEqual({ symbols: [] });
  });
});
