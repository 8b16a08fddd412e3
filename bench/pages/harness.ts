/**
 * What every benchmark page shares: frame-accurate step timing, retained-heap sampling, statistics,
 * a seeded random source and the `window.__benchResult` hand-off to bench/run.mjs. No React here:
 * a page passes its own commit function (e.g. `flushSync`) in the step it measures.
 */

/** One measured quantity, lower is better, for our implementation and for the peer in the same run. */
export interface BenchMetric {
  /** Stable id the runner's goals refer to, e.g. `undo.frame.p95`. */
  id: string;
  label: string;
  /**
   * What the figure includes, for ours and for the peer (what the timer or the count covers), so that
   * a reader sees whether both sides were measured the same way; printed beside the row.
   */
  includes: string;
  /** `count`: a plain number (long tasks seen, ...), printed as it is. */
  unit: 'ms' | 'bytes' | 'count';
  ours: number;
  peer: number;
}

export interface BenchResult {
  workload: string;
  metrics: BenchMetric[];
  /** Anything else worth keeping in results/latest.json (sample counts, full distributions...). */
  details: Record<string, unknown>;
}

export type BenchOutcome = BenchResult | { error: string };

declare global {
  interface Window {
    __benchResult?: BenchOutcome;
    /** Provided by bench/run.mjs: live heap bytes counted in a DevTools heap snapshot. */
    __benchHeapBytes?: () => Promise<number>;
  }
}

/** Runs a page's benchmark and hands its result, or the error that stopped it, to the runner. */
export function publish(run: () => Promise<BenchResult>): void {
  run().then(
    (result) => {
      window.__benchResult = result;
    },
    (error: unknown) => {
      window.__benchResult = {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
    },
  );
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface StepTiming {
  /** From the call until React has committed (the step runs inside the page's synchronous commit). */
  commitMs: number;
  /** From the call until the frame that shows it has been styled, laid out and painted. */
  frameMs: number;
}

/**
 * One channel for every step: a message posted from a frame callback is delivered in the first task
 * after that frame's rendering. (A channel per step would leave hundreds of ports for the heap
 * figures to trip over.)
 */
const afterFrame = new MessageChannel();
const afterFrameWaiters: (() => void)[] = [];
afterFrame.port1.onmessage = () => afterFrameWaiters.shift()?.();

/**
 * Times one step the way a user meets it: it runs at the start of a frame, as input does; `commitMs`
 * stops when `step` returns, `frameMs` once that frame has been styled, laid out and painted.
 */
export function timeStep(step: () => void): Promise<StepTiming> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      const start = performance.now();
      try {
        step();
      } catch (error) {
        reject(error);
        return;
      }
      const committed = performance.now();
      afterFrameWaiters.push(() =>
        resolve({ commitMs: committed - start, frameMs: performance.now() - start }),
      );
      afterFrame.port2.postMessage(null);
    });
  });
}

export interface HeapReading {
  bytes: number;
  /** `heap-snapshot` from bench/run.mjs; the fallback when the page is opened by hand is rougher. */
  method: 'heap-snapshot' | 'gc+performance.memory';
}

interface MemoryInfo {
  usedJSHeapSize: number;
}

type GcFunction = (options?: { type: 'major'; execution: 'async' }) => Promise<void> | undefined;

/** Two fallback readings this close in a row count as settled. */
const SETTLED_BYTES = 1024;
const MAX_HEAP_READINGS = 12;

/**
 * The live heap. bench/run.mjs provides `__benchHeapBytes`: it takes a DevTools heap snapshot (which
 * first collects all garbage) and sums the objects in it. `gc()` followed by
 * `performance.memory.usedJSHeapSize` is only the fallback for a page opened by hand in a Chromium
 * started with `--js-flags=--expose-gc --enable-precise-memory-info`: right after a burst of
 * rendering it was seen to report megabytes more than the snapshot, for seconds, which swamps a
 * figure of a few hundred bytes a step.
 */
export async function liveHeapBytes(): Promise<HeapReading> {
  if (window.__benchHeapBytes) return { bytes: await window.__benchHeapBytes(), method: 'heap-snapshot' };
  const gc = (globalThis as { gc?: GcFunction }).gc;
  const memory = (performance as Performance & { memory?: MemoryInfo }).memory;
  if (typeof gc !== 'function' || memory === undefined) {
    throw new Error(
      'Heap figures need bench/run.mjs, or Chromium with --js-flags=--expose-gc --enable-precise-memory-info',
    );
  }
  let previous = Number.NaN;
  for (let reading = 0; reading < MAX_HEAP_READINGS; reading++) {
    await gc({ type: 'major', execution: 'async' });
    await sleep(100);
    const size = memory.usedJSHeapSize;
    if (Math.abs(size - previous) <= SETTLED_BYTES) return { bytes: size, method: 'gc+performance.memory' };
    previous = size;
  }
  throw new Error(`The heap did not settle within ${MAX_HEAP_READINGS} readings (last ${previous} bytes)`);
}

/**
 * A full collection of the page's heap, when Chromium exposes `gc()` (bench/run.mjs starts it so): a
 * page's own set-up (a generated file, a peer's rows) leaves garbage that the next measured step must
 * not be charged for. Without `gc()` it does nothing.
 */
export async function collectGarbage(): Promise<void> {
  const gc = (globalThis as { gc?: GcFunction }).gc;
  if (typeof gc === 'function') await gc({ type: 'major', execution: 'async' });
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export interface Distribution {
  p50: number;
  p95: number;
  max: number;
  mean: number;
  count: number;
}

export function distribution(values: readonly number[]): Distribution {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
    mean: round(values.reduce((sum, value) => sum + value, 0) / values.length),
    count: values.length,
  };
}

/** mulberry32: a small seeded generator, so every run does the same edits. Returns [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Resolves once `ready()` holds, checking once a frame; rejects after `timeoutMs`. */
export async function waitFor(ready: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!ready()) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await nextFrame();
  }
}
