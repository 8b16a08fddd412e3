/**
 * Timing contenders against each other on the page's thread: interleaved rounds (a busy moment costs
 * all of them alike), each round in another order (no contender always follows the same one), each
 * sample long enough for the timer, the median run of each reported.
 */
import { sleep } from './harness';

/** Each contender is repeated until it has run this long (and at least MIN_ROUNDS times). */
const MIN_TOTAL_MS = 150;
/** A sample repeats a fast contender until it takes this long: timer resolution is 5 us at best. */
const MIN_SAMPLE_MS = 1;
const MIN_ROUNDS = 5;
const MAX_ROUNDS = 400;

export type Contender = { name: string; run: () => number };

/** Sum of outputs, kept so no engine can drop the work as dead code. */
let sink = 0;

/** The sum of every contender's outputs so far (published, so the work cannot be dropped). */
export function takeSink(): number {
  return sink;
}

/** The median milliseconds of one run of each contender, by name. */
export async function race(contenders: Contender[], minRounds = MIN_ROUNDS): Promise<Record<string, number>> {
  const samples = contenders.map(() => [] as number[]);
  const totals = contenders.map(() => 0);
  // Runs per sample, from one warm-up run each.
  const repeats = contenders.map((contender) => {
    const start = performance.now();
    sink += contender.run();
    const once = performance.now() - start;
    return Math.min(10_000, Math.max(1, Math.ceil(MIN_SAMPLE_MS / Math.max(once, 0.001))));
  });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const done = round >= minRounds && totals.every((t) => t >= MIN_TOTAL_MS);
    if (done) break;
    // Each round starts with the next contender: the first of a round was seen to pay for the garbage
    // of the round before (Resample to 5m first: 293 to 381 ms; the same code second: 226 ms).
    contenders.forEach((_, j) => {
      const k = (j + round) % contenders.length;
      const contender = contenders[k] as Contender;
      const runs = repeats[k] ?? 1;
      const start = performance.now();
      for (let r = 0; r < runs; r++) sink += contender.run();
      const elapsed = performance.now() - start;
      samples[k]?.push(elapsed / runs);
      totals[k] = (totals[k] ?? 0) + elapsed;
    });
    // Let the runner's polling and the garbage collector in between rounds.
    if (round % 10 === 9) await sleep(0);
  }
  // Unrounded (harness.distribution rounds to 1 us, too coarse for small inputs).
  return Object.fromEntries(contenders.map((c, k) => [c.name, median(samples[k] ?? [])]));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
