/**
 * What the user feels of background work: the main thread's long tasks (`longtask` entries, every task
 * over 50 ms), its long animation frames (with the scripts that made them, for finding the cause) and
 * the intervals between animation frames, from `start()` until `stop()`.
 */
import { nextFrame, sleep } from './harness';

export interface LongTask {
  /** Since the probe started, ms. */
  at: number;
  duration: number;
}

export interface LongFrameScript {
  invoker: string;
  source: string;
  duration: number;
}

export interface LongFrame {
  at: number;
  duration: number;
  blockingDuration: number;
  scripts: LongFrameScript[];
}

export interface ProbeReading {
  elapsedMs: number;
  longTasks: LongTask[];
  longFrames: LongFrame[];
  /** Time between consecutive animation frames, ms. */
  frameIntervals: number[];
}

interface LoafScriptTiming {
  invoker?: string;
  sourceURL?: string;
  sourceFunctionName?: string;
  duration: number;
}

interface LoafEntry extends PerformanceEntry {
  blockingDuration?: number;
  scripts?: LoafScriptTiming[];
}

const supported = (type: string): boolean => PerformanceObserver.supportedEntryTypes.includes(type);

export function startMainThreadProbe(): { stop(): Promise<ProbeReading> } {
  if (!supported('longtask')) throw new Error('This browser reports no longtask entries');
  const begin = performance.now();
  const longTasks: LongTask[] = [];
  const longFrames: LongFrame[] = [];
  const frameIntervals: number[] = [];

  const onTasks = (entries: PerformanceEntryList) => {
    for (const e of entries) {
      if (e.startTime >= begin) longTasks.push({ at: e.startTime - begin, duration: e.duration });
    }
  };
  const onFrames = (entries: PerformanceEntryList) => {
    for (const entry of entries as LoafEntry[]) {
      if (entry.startTime < begin) continue;
      longFrames.push({
        at: entry.startTime - begin,
        duration: entry.duration,
        blockingDuration: entry.blockingDuration ?? 0,
        scripts: (entry.scripts ?? []).map((s) => ({
          invoker: s.invoker ?? '',
          source: `${s.sourceFunctionName ?? ''}@${(s.sourceURL ?? '').split('/').pop() ?? ''}`,
          duration: s.duration,
        })),
      });
    }
  };
  const taskObserver = new PerformanceObserver((list) => onTasks(list.getEntries()));
  taskObserver.observe({ type: 'longtask' });
  const frameObserver = supported('long-animation-frame')
    ? new PerformanceObserver((list) => onFrames(list.getEntries()))
    : null;
  frameObserver?.observe({ type: 'long-animation-frame' });

  let recording = true;
  let previous = Number.NaN;
  const loop = (time: number) => {
    if (!recording) return;
    if (!Number.isNaN(previous)) frameIntervals.push(time - previous);
    previous = time;
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  return {
    async stop() {
      const elapsedMs = performance.now() - begin;
      recording = false;
      // Entries are queued to observers after the task ends: give the last ones a moment to arrive.
      await nextFrame();
      await sleep(100);
      onTasks(taskObserver.takeRecords());
      taskObserver.disconnect();
      if (frameObserver) {
        onFrames(frameObserver.takeRecords());
        frameObserver.disconnect();
      }
      const inWindow = <T extends { at: number }>(items: T[]) => items.filter((i) => i.at <= elapsedMs);
      return {
        elapsedMs,
        longTasks: inWindow(longTasks),
        longFrames: inWindow(longFrames),
        frameIntervals,
      };
    },
  };
}

/** Longest long task, 0 when there was none (no task over 50 ms). */
export function longestTask(reading: ProbeReading): number {
  return reading.longTasks.reduce((max, t) => Math.max(max, t.duration), 0);
}
