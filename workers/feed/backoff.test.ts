import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffCap, backoffDelay, DEFAULT_BACKOFF } from './backoff';

const policy = fc
  .record({ baseMs: fc.integer({ min: 1, max: 5000 }), factor: fc.double({ min: 1, max: 4, noNaN: true }) })
  .chain(({ baseMs, factor }) =>
    fc.integer({ min: baseMs, max: 600_000 }).map((maxMs) => ({ baseMs, factor, maxMs })),
  );

describe('backoff with jitter', () => {
  it('doubles from 500 ms to a 30 s cap by default', () => {
    expect([0, 1, 2, 3, 6, 7, 100].map((a) => backoffCap(a))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 0.999_999)).toBe(500);
    expect(backoffCap(10_000, DEFAULT_BACKOFF)).toBe(30_000);
  });

  it('waits between half the step and the step, never past the cap', () => {
    fc.assert(
      fc.property(
        policy,
        fc.nat(200),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (p, attempt, r) => {
          const delay = backoffDelay(attempt, () => r, p);
          const cap = backoffCap(attempt, p);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(cap / 2));
          expect(delay).toBeLessThanOrEqual(Math.ceil(cap));
          expect(cap).toBeLessThanOrEqual(p.maxMs);
        },
      ),
    );
  });

  it('never waits less after more failures (the step grows until the cap)', () => {
    fc.assert(
      fc.property(policy, fc.nat(200), (p, attempt) => {
        expect(backoffCap(attempt + 1, p)).toBeGreaterThanOrEqual(backoffCap(attempt, p));
      }),
    );
  });

  it('spreads reconnects: different random draws give different waits once the step is over 1 ms', () => {
    const waits = new Set([0, 0.25, 0.5, 0.75].map((r) => backoffDelay(3, () => r)));
    expect(waits.size).toBe(4);
  });
});
