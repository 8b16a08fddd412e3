import { describe, expect, it } from 'vitest';
import { foldsToFit } from './use-fold';

describe('foldsToFit', () => {
  it('folds nothing when all fits, else the fewest groups from the front of the order', () => {
    const order = ['tools', 'ranges', 'zoom', 'draw'];
    // Widths: 100 each group, 50 left when folded; a row of 320.
    const width = (folded: readonly string[]) =>
      order.reduce((w, g) => w + (folded.includes(g) ? 50 : 100), 0);
    expect(foldsToFit(order, (f) => width(f) <= 400)).toEqual([]);
    expect(foldsToFit(order, (f) => width(f) <= 320)).toEqual(['tools', 'ranges']);
    // Nothing is enough: every group folds.
    expect(foldsToFit(order, () => false)).toEqual(order);
  });
});
