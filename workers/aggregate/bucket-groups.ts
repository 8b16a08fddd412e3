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
  /** The first and the last bucket's start (the resample's first and last time). */
  firstStart: number;
  lastStart: number;
  /** How many buckets start before `time` (or at it, when `through`): a search of the resample's times. */
  bucketsBefore(time: number, through?: boolean): number;
  /**
   * Groups `from` to `to` (exclusive; all by default) of `group` buckets each, counted from the first
   * bucket: a bar each, stamped with its first bucket's start.
   */
  groups(group: number, from?: number, to?: number): BarColumns;
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
  // The runs that start a bucket (all of a run's may continue the one before), each with the number
  // of its first new bucket in its grid and the buckets before it.
  const starting: Run[] = [];
  const firstNew: number[] = [];
  const before: number[] = [];
  let buckets = 0;
  for (const run of runs) {
    const first = run.first + (run.continues ? 1 : 0);
    if (first > run.last) continue;
    starting.push(run);
    firstNew.push(first);
    before.push(buckets);
    buckets += run.last - first + 1;
  }
  /** The last of the starting runs for which `ok` holds (ok holds for a prefix of them); -1 for none. */
  const lastWhere = (ok: (k: number) => boolean): number => {
    let lo = -1;
    let hi = starting.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (ok(mid)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const startOf = (k: number, m: number) => {
    const run = starting[k] as Run;
    return run.anchor + m * run.size;
  };
  /** Bucket b's start and its first bar (0 <= b < buckets). */
  const bucketAt = (b: number): { start: number; bar: number } => {
    const k = lastWhere((j) => (before[j] as number) <= b);
    const run = starting[k] as Run;
    const start = startOf(k, (firstNew[k] as number) + b - (before[k] as number));
    return { start, bar: lowerBound(time, start, run.from, run.to) };
  };
  const firstRun = runs[0] as Run;
  const lastRun = runs[runs.length - 1] as Run;
  return {
    buckets,
    firstStart: firstRun.anchor + firstRun.first * firstRun.size,
    lastStart: lastRun.anchor + lastRun.last * lastRun.size,
    bucketsBefore(t, through = false) {
      const k = lastWhere((j) => {
        const first = startOf(j, firstNew[j] as number);
        return through ? first <= t : first < t;
      });
      if (k < 0) return 0;
      const run = starting[k] as Run;
      const x = (t - run.anchor) / run.size;
      const below = (through ? Math.floor(x) + 1 : Math.ceil(x)) - (firstNew[k] as number);
      const count = run.last - (firstNew[k] as number) + 1;
      return (before[k] as number) + Math.max(0, Math.min(count, below));
    },
    groups(size, from = 0, to) {
      const group = Math.max(1, Math.floor(size));
      const count = Math.max(0, (to ?? Math.ceil(buckets / group)) - from);
      const columns = allocateColumns(count);
      if (count === 0) return columns;
      let at = bucketAt(from * group);
      for (let k = 0; k < count; k++) {
        const next = (from + k + 1) * group;
        const end = next < buckets ? bucketAt(next) : null;
        mergeGroup(bars, at.bar, end ? end.bar : n, columns, k, at.start);
        if (end) at = end;
      }
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
