/**
 * A resample merged into groups of buckets (a chart's coarse level of it) without folding every bar
 * into its bucket: the buckets are counted from where the bars lie, and each group is one merge of
 * the bars it spans. Where bars follow each other at the series' own spacing, every bucket between
 * two of them holds a bar, so a run of them is counted from its ends alone; only runs with gaps are
 * looked into, by halves. 10M minute bars around the clock are about 7,000 such runs (one a session
 * grid), where folding them bar by bar cost 100 to 300 ms, most of it before the JIT had warmed up.
 *
 * The result equals `mergeGroups(resampleBars(bars, interval, session), group)` (resample.ts) but
 * for the rounding of volumes summed in another order.
 */

import { allocateColumns, type BarColumns } from '../../core/bars/bar-columns';
import type { Interval } from '../../core/bars/interval';
import { lowerBound } from '../../core/bars/sorted-search';
import type { TradingSession } from '../../core/sessions/trading-session';
import { mergeInto } from './ohlc-levels';
import { gridLocator } from './resample';

/** Ranges of at most this many bars with gaps are read bar by bar rather than halved again. */
const SCAN_BARS = 16;

/**
 * Bars [from, to) of one grid whose buckets are the consecutive numbers first..last of that grid
 * (bucket m starts at anchor + m * size), each holding a bar.
 */
interface Run {
  from: number;
  to: number;
  anchor: number;
  size: number;
  first: number;
  last: number;
  /** Its first bucket is the last one of the run before (the same start): it starts one fewer. */
  continues: boolean;
}

/** The buckets a resample of some bars has, counted, and merged in groups on demand. */
export interface BucketOutline {
  /** Buckets in all (the resample's bar count). */
  buckets: number;
  /** The last bucket's start (the resample's last time). */
  lastStart: number;
  /** One bar a group of `group` buckets counted from the first, stamped with its first bucket's start. */
  groups(group: number): BarColumns;
}

/**
 * The smallest distance between consecutive times; 0 where two are equal, NaN for fewer than two.
 * Bars at least this far apart that span (count - 1) times it lie at exactly this distance.
 */
export function leastSpacing(time: Float64Array): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 1; i < time.length; i++) {
    const gap = (time[i] as number) - (time[i - 1] as number);
    if (gap < least) least = gap;
  }
  return time.length < 2 ? Number.NaN : least;
}

/**
 * The buckets of `bars` (at least `spacing` seconds apart, `leastSpacing`) at `interval`; null where
 * they cannot be counted from the runs' ends (bars further apart than a bucket is long, no spacing),
 * and the caller folds instead.
 */
export function bucketOutline(
  bars: BarColumns,
  interval: Interval,
  session: TradingSession | null,
  spacing: number,
): BucketOutline | null {
  const { time } = bars;
  const n = time.length;
  if (n === 0 || !(spacing > 0)) return null;
  const runs = bucketRuns(time, interval, session, spacing);
  if (!runs) return null;
  let buckets = 0;
  for (const run of runs) buckets += run.last - run.first + (run.continues ? 0 : 1);
  const last = runs[runs.length - 1] as Run;
  return {
    buckets,
    lastStart: last.anchor + last.last * last.size,
    groups(size) {
      const group = Math.max(1, Math.floor(size));
      const columns = allocateColumns(Math.ceil(buckets / group));
      // Bucket `next` (counted from 0 over all runs) starts the next group: its first bar is found
      // in the run that holds it, and the group before ends there.
      let next = 0;
      let seen = 0;
      let k = -1;
      let groupFrom = 0;
      let groupStart = 0;
      for (const run of runs) {
        const fresh = run.last - run.first + (run.continues ? 0 : 1);
        while (next < seen + fresh) {
          const m = run.last - (seen + fresh - 1 - next);
          const start = run.anchor + m * run.size;
          const from = lowerBound(time, start, run.from, run.to);
          if (k >= 0) mergeGroup(bars, groupFrom, from, columns, k, groupStart);
          k++;
          groupFrom = from;
          groupStart = start;
          next += group;
        }
        seen += fresh;
      }
      mergeGroup(bars, groupFrom, n, columns, k, groupStart);
      return columns;
    },
  };
}

/** Bars [from, to) merged into bar `k`, stamped with its first bucket's start (not its first bar's time). */
function mergeGroup(bars: BarColumns, from: number, to: number, out: BarColumns, k: number, start: number) {
  mergeInto(bars, from, to, out, k);
  out.time[k] = start;
}

/**
 * The runs of bars whose buckets are consecutive, in order; null where bars lie further apart than
 * the buckets are long (a run's ends would not tell which buckets between them hold bars).
 */
function bucketRuns(
  time: Float64Array,
  interval: Interval,
  session: TradingSession | null,
  spacing: number,
): Run[] | null {
  const n = time.length;
  const locateGrid = gridLocator(interval, session);
  const grid = new Float64Array(3);
  const runs: Run[] = [];
  let lastStart = Number.NaN;
  const push = (from: number, to: number, anchor: number, size: number, first: number, last: number) => {
    const continues = anchor + first * size === lastStart;
    runs.push({ from, to, anchor, size, first, last, continues });
    lastStart = anchor + last * size;
  };
  let i = 0;
  while (i < n) {
    locateGrid(time[i] as number, grid);
    const anchor = grid[0] as number;
    const size = grid[1] as number;
    const until = grid[2] as number;
    if (spacing > size) return null;
    const end = until === Number.POSITIVE_INFINITY ? n : lowerBound(time, until, i + 1);
    const bucketOf = (at: number) => Math.floor(((time[at] as number) - anchor) / size);
    // Bars [from, to] (inclusive) of this grid, in order.
    const add = (from: number, to: number): void => {
      const first = bucketOf(from);
      const last = bucketOf(to);
      if (first === last || (time[to] as number) - (time[from] as number) === (to - from) * spacing) {
        push(from, to + 1, anchor, size, first, last);
      } else if (to - from < SCAN_BARS) {
        let runFrom = from;
        let m = first;
        for (let j = from + 1; j <= to; j++) {
          const b = bucketOf(j);
          if (b === m) continue;
          push(runFrom, j, anchor, size, m, m);
          runFrom = j;
          m = b;
        }
        push(runFrom, to + 1, anchor, size, m, m);
      } else {
        const mid = (from + to) >>> 1;
        add(from, mid);
        add(mid + 1, to);
      }
    };
    add(i, end - 1);
    i = end;
  }
  return runs;
}
