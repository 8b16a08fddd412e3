import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedTrade } from './feed-messages';
import { GapDetector } from './gap-detector';

const trade = (id: number | null, time: number, symbol = 'BTCUSDT'): FeedTrade => ({
  kind: 'trade',
  symbol,
  id,
  time,
  price: 1,
  size: 1,
});

describe('GapDetector', () => {
  it('tells a skipped sequence number, with how many trades were missed', () => {
    const gaps = new GapDetector(60_000);
    expect(gaps.check(trade(10, 1000))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(11, 1100))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(20, 9000))).toEqual({
      kind: 'gap',
      gap: { symbol: 'BTCUSDT', kind: 'sequence', fromTime: 1100, toTime: 9000, missed: 8 },
    });
    // Symbols are counted apart.
    expect(gaps.check(trade(500, 9000, 'ETHUSDT'))).toEqual({ kind: 'ok' });
  });

  it('tells a trade already seen, and keeps the last one it knew', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(10, 1000));
    expect(gaps.check(trade(10, 1000))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(9, 900))).toEqual({ kind: 'seen' });
    expect(gaps.check(trade(11, 1100))).toEqual({ kind: 'ok' });
  });

  it('without sequence numbers, tells a time jump longer than gapAfterMs', () => {
    const gaps = new GapDetector(60_000);
    gaps.check(trade(null, 0));
    expect(gaps.check(trade(null, 60_000))).toEqual({ kind: 'ok' });
    expect(gaps.check(trade(null, 120_001))).toMatchObject({
      kind: 'gap',
      gap: { kind: 'time', missed: null },
    });
  });

  it('reports every skip and exactly the trades skipped (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 200 }), (steps) => {
        const gaps = new GapDetector(60_000);
        let id = 1000;
        gaps.check(trade(id, 0));
        let reported = 0;
        let missed = 0;
        for (const [i, step] of steps.entries()) {
          id += step;
          const result = gaps.check(trade(id, i + 1));
          if (result.kind === 'gap') {
            reported += 1;
            missed += result.gap.missed ?? 0;
          }
        }
        expect(reported).toBe(steps.filter((s) => s > 1).length);
        expect(missed).toBe(steps.reduce((sum, s) => sum + s - 1, 0));
      }),
    );
  });
});
