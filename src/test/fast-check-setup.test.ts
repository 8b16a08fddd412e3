import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('property test defaults', () => {
  it('fail a property that its time limit interrupts, rather than pass it on the runs it managed', () => {
    const slow = fc.property(fc.nat(), () => {
      const until = performance.now() + 5;
      while (performance.now() < until) {
        // Each run takes 5 ms, so 1000 of them cannot fit in 50 ms.
      }
    });
    expect(() => fc.assert(slow, { numRuns: 1000, interruptAfterTimeLimit: 50 })).toThrow(/interrupted/i);
  });

  it('name the seed of a failure, so that FC_SEED replays it', () => {
    const failing = fc.property(fc.nat(), (n) => n < 0);
    expect(() => fc.assert(failing)).toThrow(/seed: -?\d+/);
  });
});
