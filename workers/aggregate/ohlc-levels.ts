/**
 * Multi-resolution OHLC: level 0 is the native series, each coarser level merges `step` bars of the
 * level below, until a level has at most `topBars` bars. A window request then costs two binary
 * searches and a copy of the visible bars at the finest level that fits, never a pass over the series
 * (but one, the first time a level is asked for: levels are merged on first use).
 */

import { allocateColumns, type BarColumns, copyRange } from '../../core/bars/bar-columns';
import { joinPieces } from '../../core/bars/factor-pieces';
import { lowerBound, upperBound } from '../../core/bars/sorted-search';
import type { BarsResult } from '../../core/protocol';

export interface OhlcLevel {
  /** Native bars merged into one bar of this level (step^index). */
  factor: number;
  columns: BarColumns;
}

export interface OhlcLevels {
  /** Native bars merged per step from one level to the next. */
  readonly step: number;
  /** How many levels there are: the native series and each coarser one, to the first with at most `topBars` bars. */
  readonly count: number;
  /**
   * Level `index` (factor step^index); 0 is the native series, shared with its owner, never handed
   * out. Each coarser level is merged from the native bars the first time it is asked for, then kept.
   */
  level(index: number): OhlcLevel;
  /**
   * Merges part of the coarsest level not merged yet, reading at most `mergeChunk` native bars (a
   * level is finished over as many calls as it takes); false when every level is merged.
   */
  mergeNext(): boolean;
}

export interface LevelOptions {
  /** Bars merged per step (2 gives the closest fit to a pane's width; 4 uses a third of the memory). */
  step?: number;
  /** Stop once a level has at most this many bars. */
  topBars?: number;
  /** Native bars `mergeNext` reads at most a call (a level in progress is finished by `level`). */
  mergeChunk?: number;
}

/**
 * Native bars a `mergeNext` reads by default: 2 to 4 ms here. The engine merges the other levels in the
 * background a call a task; whole levels of a 2M-bar series took up to 226 ms a task (the first 5m
 * view of SYN-10M), and a chart's next request waited behind them.
 */
const DEFAULT_MERGE_CHUNK = 1 << 18;

export interface WindowRequest {
  from?: number;
  to?: number;
  maxBars: number;
  /**
   * Bars at the chosen level to add before the window, beyond `maxBars` (the level is chosen for the
   * window alone): studies over the window then start warmed up, on bars of the same resolution.
   */
  lead?: number;
}

const DEFAULT_TOP_BARS = 2000;

/**
 * Merges bars [start, end) of `c` into bar `k` of `out`: time and open of the first, the highest high,
 * the lowest low, close of the last and the summed volume. `end` must be greater than `start`.
 */
export function mergeInto(c: BarColumns, start: number, end: number, out: BarColumns, k: number): void {
  let high = c.high[start] as number;
  let low = c.low[start] as number;
  let volume = 0;
  for (let i = start; i < end; i++) {
    const h = c.high[i] as number;
    const l = c.low[i] as number;
    if (h > high) high = h;
    if (l < low) low = l;
    volume += c.volume[i] as number;
  }
  out.time[k] = c.time[start] as number;
  out.open[k] = c.open[start] as number;
  out.close[k] = c.close[end - 1] as number;
  out.high[k] = high;
  out.low[k] = low;
  out.volume[k] = volume;
}

/** Merges consecutive groups of `group` bars, the groups aligned to multiples of `group`. */
export function mergeGroups(c: BarColumns, group: number, start = 0, end = c.time.length): BarColumns {
  const first = Math.floor(start / group);
  const count = Math.max(0, Math.ceil(end / group) - first);
  const out = allocateColumns(count);
  mergeGroupRange(c, group, start, end, out, 0, count);
  return out;
}

/** Bars `from` to `to` (exclusive) of `mergeGroups(c, group, start, end)`, written into `out`. */
function mergeGroupRange(
  c: BarColumns,
  group: number,
  start: number,
  end: number,
  out: BarColumns,
  from: number,
  to: number,
): void {
  const first = Math.floor(start / group);
  for (let k = from; k < to; k++) {
    const i0 = (first + k) * group;
    mergeInto(c, Math.max(i0, start), Math.min(i0 + group, end), out, k);
  }
}

/**
 * The levels of `native`, none merged yet. A chart's first view asks for the coarsest level alone
 * (the whole range in a pane's width of bars): one pass over the native bars writing a thousand,
 * where merging every level first cost five passes and a third of the series again in new columns
 * (SYN-1M in Node: 40 to 42 ms from the bars to its first view, against 8 to 10). Each level is
 * merged from the native bars, not from the level below, so what a level holds never depends on
 * which were asked for first (volumes that are not whole numbers sum in one order).
 */
export function ohlcLevels(native: BarColumns, options: LevelOptions = {}): OhlcLevels {
  const step = Math.max(2, Math.floor(options.step ?? 2));
  const topBars = Math.max(1, options.topBars ?? DEFAULT_TOP_BARS);
  const chunk = Math.max(1, Math.floor(options.mergeChunk ?? DEFAULT_MERGE_CHUNK));
  const n = native.time.length;
  // Level i holds ceil(n / step^i) bars, as merging ceil(n / step^(i-1)) bars by step does.
  const count = levelCount(n, step, topBars);
  const built: (OhlcLevel | undefined)[] = [{ factor: 1, columns: native }];
  // The level `mergeNext` is part way through: its columns and the next of its bars to merge.
  let partial: { index: number; factor: number; columns: BarColumns; next: number } | null = null;
  const finish = (index: number): OhlcLevel | null => {
    if (!partial || partial.index !== index) return null;
    const { factor, columns, next } = partial;
    mergeGroupRange(native, factor, 0, n, columns, next, columns.time.length);
    partial = null;
    return { factor, columns };
  };
  return {
    step,
    count,
    level(index) {
      if (!Number.isInteger(index) || index < 0 || index >= count) {
        throw new RangeError(`No level ${index}: there are ${count}`);
      }
      let level = built[index];
      if (!level) {
        const factor = step ** index;
        level = finish(index) ?? { factor, columns: mergeGroups(native, factor) };
        built[index] = level;
      }
      return level;
    },
    mergeNext() {
      if (!partial) {
        let index = count - 1;
        while (index > 0 && built[index]) index--;
        if (index === 0) return false;
        const factor = step ** index;
        partial = { index, factor, columns: allocateColumns(Math.ceil(n / factor)), next: 0 };
      }
      const { index, factor, columns, next } = partial;
      const to = Math.min(columns.time.length, next + Math.max(1, Math.floor(chunk / factor)));
      mergeGroupRange(native, factor, 0, n, columns, next, to);
      partial.next = to;
      if (to === columns.time.length) {
        built[index] = { factor, columns };
        partial = null;
      }
      return true;
    },
  };
}

/** The native index range [start, end) of bars with from <= time <= to. */
export function nativeRange(time: Float64Array, from: number | undefined, to: number | undefined) {
  const start = from === undefined ? 0 : lowerBound(time, from);
  const end = to === undefined ? time.length : upperBound(time, to);
  return { start, end: Math.max(start, end) };
}

/**
 * The bars covering [from, to] at the finest level with at most `maxBars` of them. When even the
 * coarsest level has too many (a very small `maxBars`), its window is merged further on the fly: at
 * most `topBars` bars of work.
 */
export function barsInWindow(symbol: string, pyramid: OhlcLevels, request: WindowRequest): BarsResult {
  const native = pyramid.level(0).columns;
  const n = native.time.length;
  const { start, end } = nativeRange(native.time, request.from, request.to);
  const extent = {
    symbol,
    first: n > 0 ? (native.time[0] as number) : 0,
    last: n > 0 ? (native.time[n - 1] as number) : 0,
    nativeCount: n,
  };
  // The finest level that fits, found from the factors alone: only that level is merged.
  return windowAnswer(
    extent,
    start,
    end,
    pyramid.count,
    pyramid.step,
    request,
    ({ index, group, from, to }) => {
      if (index < pyramid.count) return copyRange(pyramid.level(index).columns, from, to);
      const top = pyramid.level(pyramid.count - 1).columns;
      return mergeGroups(top, group, from * group, Math.min(top.time.length, to * group));
    },
  );
}

/** Which bars answer a window: bars `from` to `to` (exclusive) of `factor` native bars each (`windowPlan`). */
export interface WindowPlan {
  index: number;
  factor: number;
  group: number;
  from: number;
  to: number;
}

/**
 * The answer to native bars [start, end) of a series described by `extent`, with `count` levels
 * merged `step` at a time: the bars `take` gives for the plan (`windowPlan`), the series' last bar a
 * piece of its own where it holds fewer native bars than the others (5,105 daily bars in groups of 28
 * leave 9 in the last), so the data window and the CSV's `bars` column say what it holds.
 */
export function windowAnswer(
  extent: Pick<BarsResult, 'symbol' | 'first' | 'last' | 'nativeCount'>,
  start: number,
  end: number,
  count: number,
  step: number,
  request: Pick<WindowRequest, 'maxBars' | 'lead'>,
  take: (plan: WindowPlan) => BarColumns,
): BarsResult {
  const n = extent.nativeCount;
  if (start === end) return { ...extent, level: 0, factor: 1, ...allocateColumns(0) };
  const plan = windowPlan(start, end, n, count, step, request);
  const { index, factor, to } = plan;
  const bars: BarsResult = { ...extent, level: index, factor, ...take(plan) };
  const last = bars.time.length - 1;
  const held = ((n - 1) % factor) + 1;
  if (to * factor < n || last < 0 || held === factor) return bars;
  return { ...bars, pieces: joinPieces([[{ start: 0, factor }], [{ start: last, factor: held }]]) };
}

/**
 * Which bars answer native bars [start, end) of `n` with at most `maxBars` (and `lead` more before):
 * bars `from` to `to` (exclusive) of `factor` native bars each, counted from native bar 0, at level
 * `index` of `count` levels merged `step` at a time, or (`index` = `count`) the coarsest level merged
 * further `group` bars at a time, whole aligned groups even past the window's edges, so a bar does not
 * change while panning.
 */
function windowPlan(
  start: number,
  end: number,
  n: number,
  count: number,
  step: number,
  request: Pick<WindowRequest, 'maxBars' | 'lead'>,
): WindowPlan {
  const lead = Math.max(0, Math.floor(request.lead ?? 0));
  const { index, factor, group } = levelFor(start, end, count, step, request.maxBars);
  if (index < count) {
    const from = Math.max(0, Math.floor(start / factor) - lead);
    return { index, factor, group, from, to: Math.ceil(end / factor) };
  }
  const topFactor = factor / group;
  const lo = Math.floor(start / topFactor);
  const hi = Math.ceil(end / topFactor);
  const topCount = Math.ceil(n / topFactor);
  const groupStart = Math.max(0, (Math.floor(lo / group) - lead) * group);
  const groupEnd = Math.min(topCount, Math.ceil(hi / group) * group);
  return { index, factor, group, from: groupStart / group, to: Math.ceil(groupEnd / group) };
}

/** How many levels `ohlcLevels` makes of `n` native bars: the native series and each coarser one. */
export function levelCount(n: number, step: number, topBars = DEFAULT_TOP_BARS): number {
  let count = 1;
  for (let bars = n; bars > topBars; bars = Math.ceil(bars / step)) count++;
  return count;
}

/**
 * The level that answers native bars [start, end) with at most `maxBars` bars: the finest of the
 * `count` levels that fits (`group` 1), else the coarsest merged further `group` bars at a time,
 * groups aligned to multiples of `group` (`index` is then `count`, past the levels).
 */
function levelFor(
  start: number,
  end: number,
  count: number,
  step: number,
  maxBars: number,
): { index: number; factor: number; group: number } {
  const most = Math.max(1, Math.floor(maxBars));
  let factor = 1;
  for (let index = 0; index < count; index++, factor *= step) {
    if (Math.ceil(end / factor) - Math.floor(start / factor) <= most) return { index, factor, group: 1 };
  }
  const topFactor = factor / step;
  const lo = Math.floor(start / topFactor);
  const hi = Math.ceil(end / topFactor);
  let group = Math.ceil((hi - lo) / most);
  while (Math.ceil(hi / group) - Math.floor(lo / group) > most) group++;
  return { index: count, factor: topFactor * group, group };
}
