import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatChange } from './bar-format';
import { type CursorMove, cursorReading, movedCursor, rangeShowing } from './data-cursor';

const view = { from: 89.6, to: 120.4 };

describe('movedCursor', () => {
  it('appears on the latest bar in view, then steps a bar at a time', () => {
    expect(movedCursor(null, 'previous', 200, view)).toBe(120);
    expect(movedCursor(null, 'next', 200, view)).toBe(120);
    expect(movedCursor(120, 'previous', 200, view)).toBe(119);
    expect(movedCursor(120, 'next', 200, view)).toBe(121);
  });

  it('goes to the first and last bars, and a page is the bars in view', () => {
    expect(movedCursor(57, 'first', 200, view)).toBe(0);
    expect(movedCursor(57, 'last', 200, view)).toBe(199);
    expect(movedCursor(100, 'page-back', 200, view)).toBe(70);
    expect(movedCursor(100, 'page-forward', 200, view)).toBe(130);
  });

  it('stops at either end, and appears on the last bar when the view is past it', () => {
    expect(movedCursor(0, 'previous', 200, view)).toBe(0);
    expect(movedCursor(199, 'next', 200, view)).toBe(199);
    expect(movedCursor(10, 'page-back', 200, view)).toBe(0);
    expect(movedCursor(null, 'next', 100, view)).toBe(99);
    expect(movedCursor(null, 'next', 0, view)).toBeNull();
  });

  it('always lands on a bar', () => {
    const moves: CursorMove[] = ['previous', 'next', 'first', 'last', 'page-back', 'page-forward'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.option(fc.nat(20_000)),
        fc.constantFrom(...moves),
        fc.double({ min: -50, max: 20_000, noNaN: true }),
        fc.double({ min: 1, max: 5_000, noNaN: true }),
        (count, current, move, from, width) => {
          const at = movedCursor(current === null ? null : Math.min(current, count - 1), move, count, {
            from,
            to: from + width,
          });
          expect(Number.isInteger(at)).toBe(true);
          expect(at).toBeGreaterThanOrEqual(0);
          expect(at).toBeLessThan(count);
        },
      ),
    );
  });
});

describe('rangeShowing', () => {
  it('leaves a view that shows the bar alone, and keeps the width when it scrolls', () => {
    expect(rangeShowing(100, view)).toBeNull();
    const back = rangeShowing(89, view);
    expect(back?.from).toBe(88);
    expect(back?.to).toBeCloseTo(118.8, 9);
    expect(rangeShowing(121, view)?.to).toBe(122);
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.double({ min: -10, max: 10_000, noNaN: true }),
        fc.double({ min: 3, max: 500, noNaN: true }),
        (index, from, width) => {
          const shown = rangeShowing(index, { from, to: from + width }) ?? { from, to: from + width };
          expect(index - 0.5).toBeGreaterThanOrEqual(shown.from - 1e-9);
          expect(index + 0.5).toBeLessThanOrEqual(shown.to + 1e-9);
          expect(shown.to - shown.from).toBeCloseTo(width, 9);
        },
      ),
    );
  });
});

describe('cursorReading', () => {
  const bar = {
    time: Date.UTC(2020, 3, 17) / 1000,
    open: 2842.43,
    high: 2879.22,
    low: 2830.88,
    close: 2874.56,
    volume: 5_790_000_000,
  };

  it('reads the date, open, high, low, close, the change on the bar before and the volume', () => {
    expect(cursorReading(bar, { ...bar, close: 2800 }, false)).toBe(
      'Apr 17, 2020: open 2,842.43, high 2,879.22, low 2,830.88, close 2,874.56, change +74.56 (+2.66%), volume 5.79B',
    );
    expect(cursorReading(bar, null, false)).toContain('first bar');
    expect(cursorReading({ ...bar, time: bar.time + 14 * 3600 + 56 * 60 }, null, true)).toMatch(
      /^Apr 17, 2020, 14:56:/,
    );
  });

  it('reads the date, the close and the change alone for a series of closes', () => {
    const closes = { ...bar, closesOnly: true };
    expect(cursorReading(closes, { ...closes, close: 2800 }, false)).toBe(
      'Apr 17, 2020: close 2,874.56, change +74.56 (+2.66%)',
    );
  });

  it('writes a fall with a minus sign and no change as zero', () => {
    expect(formatChange(100, 98.5)).toBe('-1.50 (-1.50%)');
    expect(formatChange(100, 100)).toBe('0.00 (0.00%)');
    expect(formatChange(0, 2)).toBe('+2.00');
  });
});
