import { describe, expect, it } from 'vitest';
import { readSort } from './watchlist-settings';

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
});
