/**
 * Frame costs for chart workloads. A chart library may draw in the frame of the call (uPlot, in a
 * microtask) or in the next one (lightweight-charts, in its own animation-frame callback), so a step
 * is timed over both: each frame's main-thread cost runs from its first animation-frame callback (or
 * the step's call) until the first task after its paint, and the step costs the dearer of the two.
 * Idle time waiting for the next vsync is never counted.
 */

const channel = new MessageChannel();
const waiters: (() => void)[] = [];
channel.port1.onmessage = () => waiters.shift()?.();

/** Resolves in the first task after the current frame's style, layout and paint (call it from a frame callback). */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    waiters.push(() => resolve(performance.now()));
    channel.port2.postMessage(null);
  });
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

export interface StepFrames {
  /** The step's own call. */
  callMs: number;
  /** From the call until the frame it ran in was painted. */
  sameFrameMs: number;
  /** The next frame, from its first animation-frame callback until painted. */
  nextFrameMs: number;
  /** The dearer of the two frames: what the step costs the user. */
  frameMs: number;
}

/** Runs `step` at the start of a frame and times the frame it ran in and the next one. */
export function timeStepFrames(step: () => void): Promise<StepFrames> {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      // Requested before the step, so it runs first in the next frame, before the chart's callback.
      const next = new Promise<number>((done) =>
        requestAnimationFrame(() => {
          const start = performance.now();
          void afterPaint().then((end) => done(end - start));
        }),
      );
      const start = performance.now();
      try {
        step();
      } catch (error) {
        reject(error);
        return;
      }
      const called = performance.now();
      void afterPaint().then(async (painted) => {
        const nextFrameMs = await next;
        const sameFrameMs = painted - start;
        resolve({
          callMs: called - start,
          sameFrameMs,
          nextFrameMs,
          frameMs: Math.max(sameFrameMs, nextFrameMs),
        });
      });
    });
  });
}

export interface WatchedFrame {
  /** Main-thread cost: the frame's own work plus the work between frames reported before it. */
  ms: number;
  /** Work reported with `addTask` since the previous frame (e.g. a data swap applied). */
  carriedMs: number;
  /** Events reported with `mark` while the frame ran (e.g. live updates applied in it). */
  marks: number;
}

/**
 * Main-thread cost of every frame until `stop()`: from each frame's first animation-frame callback
 * to the task after its paint, plus any work between frames (a worker's answer being applied) that
 * a caller reports with `addTask`. Used for the frames nobody asked for (data swaps, live updates).
 */
export function watchFrames(): { stop(): WatchedFrame[]; addTask(ms: number): void; mark(): void } {
  const frames: WatchedFrame[] = [];
  let pendingTask = 0;
  let marks = 0;
  let running = true;
  const loop = (): void => {
    requestAnimationFrame(() => {
      if (!running) return;
      // Requested first, so this callback runs before any other in the next frame too.
      loop();
      const start = performance.now();
      const carriedMs = pendingTask;
      pendingTask = 0;
      void afterPaint().then((end) => {
        frames.push({ ms: end - start + carriedMs, carriedMs, marks });
        marks = 0;
      });
    });
  };
  loop();
  return {
    stop() {
      running = false;
      return frames;
    },
    addTask(ms) {
      pendingTask += ms;
    },
    mark() {
      marks += 1;
    },
  };
}

/** Frames after an update frame whose cost is still the update's (the chart paints in the next one). */
const UPDATE_FOLLOW_FRAMES = 1;

/**
 * Main-thread time per coalesced live update, the chart's paint included: every frame is timed by
 * `watchFrames`, the updates applied in it counted (`onUpdate`, called by the app's update probe while
 * the frame runs), and a frame with updates is charged with the frame after it (where
 * lightweight-charts paints what the update asked for), the sum shared equally by its updates.
 */
export function watchUpdateFrames(): { onUpdate(): void; stop(): number[] } {
  const watcher = watchFrames();
  return {
    onUpdate: watcher.mark,
    stop() {
      const frames = watcher.stop();
      const perUpdate: number[] = [];
      for (let i = 0; i < frames.length; i++) {
        const frame = frames[i] as WatchedFrame;
        if (frame.marks === 0) continue;
        let total = frame.ms;
        for (let k = 1; k <= UPDATE_FOLLOW_FRAMES; k++) {
          const next = frames[i + k];
          if (!next || next.marks > 0) break;
          total += next.ms;
        }
        for (let u = 0; u < frame.marks; u++) perUpdate.push(total / frame.marks);
      }
      return perUpdate;
    },
  };
}

interface MemoryMeasurement {
  bytes: number;
  breakdown: { bytes: number; types: string[]; attribution: { scope: string }[] }[];
}

/**
 * Memory of the page and its workers (JS heaps and array buffers), after a GC of the page's heap:
 * `performance.measureUserAgentSpecificMemory` (cross-origin isolated pages; bench/run.mjs makes it
 * answer at once). Falls back to `gc()` + `performance.memory`, which sees the page's heap only.
 */
export async function pageMemory(): Promise<{ bytes: number; method: string; workerBytes: number | null }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const measure = (
    performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<MemoryMeasurement> }
  ).measureUserAgentSpecificMemory;
  if (typeof measure === 'function' && window.crossOriginIsolated) {
    const result = await measure.call(performance);
    const workerBytes = result.breakdown
      .filter((b) => b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope'))
      .reduce((sum, b) => sum + b.bytes, 0);
    return { bytes: result.bytes, method: 'measureUserAgentSpecificMemory', workerBytes };
  }
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  if (!memory) throw new Error('No way to measure memory in this browser');
  return {
    bytes: memory.usedJSHeapSize,
    method: 'gc+performance.memory (page heap only)',
    workerBytes: null,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
