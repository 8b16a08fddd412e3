import { describe, expect, it } from 'vitest';
import { itemWithKey, steppedItem } from './item-cursor';

describe('steppedItem', () => {
  it('starts at the first item going forward and the last going back, then steps and stops at the ends', () => {
    expect(steppedItem(null, 'next', 5)).toBe(0);
    expect(steppedItem(null, 'previous', 5)).toBe(4);
    expect(steppedItem(2, 'next', 5)).toBe(3);
    expect(steppedItem(4, 'next', 5)).toBe(4);
    expect(steppedItem(0, 'previous', 5)).toBe(0);
  });

  it('starts again when the items changed under it, and has nothing to stand on without items', () => {
    expect(steppedItem(9, 'previous', 3)).toBe(2);
    expect(steppedItem(null, 'next', 0)).toBeNull();
  });
});

describe('itemWithKey', () => {
  const hitTest = (x: number) =>
    x >= 0 ? { key: `item-${x}`, x, y: 0, title: `Item ${x}`, lines: [] } : null;
  it('finds the item in a new layout by its key, wherever it now stands, or says it is gone', () => {
    const anchors = [3, 1, 2].map((x) => ({ x, y: 0 }));
    expect(itemWithKey('item-1', anchors, hitTest)).toMatchObject({ index: 1, hit: { title: 'Item 1' } });
    expect(itemWithKey('item-7', anchors, hitTest)).toBeNull();
    expect(itemWithKey('item-1', [], hitTest)).toBeNull();
  });
});
