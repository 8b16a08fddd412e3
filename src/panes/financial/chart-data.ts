/** Turns the engine's columns into lightweight-charts rows; pure, so it is unit-tested. */

import type { Bar } from '../../../core/bars/bar-columns';
import { barOf } from '../../../core/bars/bar-columns';
import { factorAt } from '../../../core/bars/factor-pieces';
import { lowerBound, upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';

/**
 * A bar that merges several native bars (a coarse level, zoomed out): how many, and where its span
 * ends: the next bar's time (not in it), or for the series' last bar the time of the last native bar
 * (in it).
 */
export interface MergedSpan {
  merged: number;
  end: number;
  endIncluded: boolean;
}

/** The bar the legend, the tooltip, the data window and the data cursor read. */
export interface LegendBar extends Bar {
  span?: MergedSpan;
  /** Decimals its prices are written with (the series' `priceDecimals`). */
  decimals?: number;
  /** Decimals its volume is written with (the series' `volumeDecimals`). */
  volumeDecimals?: number;
  /** Its series holds closes only (`BarsResult.closesOnly`): readouts give the close alone. */
  closesOnly?: boolean;
}

export function barAt(bars: BarsResult, index: number): LegendBar | null {
  const n = bars.time.length;
  if (index < 0 || index >= n) return null;
  const bar: LegendBar = barOf(bars, index);
  if (bars.priceDecimals !== undefined) bar.decimals = bars.priceDecimals;
  if (bars.volumeDecimals !== undefined) bar.volumeDecimals = bars.volumeDecimals;
  if (bars.closesOnly) bar.closesOnly = true;
  const merged = factorAt(bars, index);
  if (merged > 1) {
    bar.span =
      index + 1 < n
        ? { merged, end: bars.time[index + 1] as number, endIncluded: false }
        : { merged, end: Math.max(bars.last, bar.time), endIncluded: true };
  }
  return bar;
}

/**
 * The time bars `from` to `to` cover: from the first one's start to the last one's end (a merged bar's
 * span), or null when either is not a bar. A view kept across new bars keeps this, not the last bar's
 * start: finer bars in place of a merged one at the view's end would otherwise show only its first.
 */
export function coveredTimes(
  bars: BarsResult,
  from: number,
  to: number,
): { from: number; to: number } | null {
  const first = barAt(bars, from);
  const last = barAt(bars, to);
  if (!first || !last) return null;
  const end = last.span ? (last.span.endIncluded ? last.span.end : last.span.end - 1) : last.time;
  return { from: first.time, to: end };
}

/**
 * The start times of the bars that hold the ends of `range` (the last bar starting at or before
 * each, the first bar for a time before it): the view of `range` over these bars, for lightweight-charts'
 * `setVisibleRange`, which takes the bar nearest a time, the next one when that is nearer.
 */
export function barsHolding(
  time: ArrayLike<number>,
  range: { from: number; to: number },
): { from: number; to: number } | null {
  if (time.length === 0) return null;
  const holding = (t: number) => time[Math.max(0, upperBound(time, t) - 1)] as number;
  return { from: holding(range.from), to: holding(range.to) };
}

/** The bar that starts at `time`, as `barAt` gives it (null when no bar starts there). */
export function barStartingAt(bars: BarsResult, time: number): LegendBar | null {
  const index = lowerBound(bars.time, time);
  return bars.time[index] === time ? barAt(bars, index) : null;
}

/** Whether a logarithmic price axis can show these prices (it cannot show zero or negatives). */
export function logScaleProblem(bars: BarsResult): string | null {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < bars.low.length; i++) min = Math.min(min, bars.low[i] as number);
  return min <= 0
    ? `Logarithmic price axis is not possible: the prices reach ${min}, and a log axis cannot contain zero or negative values. The axis stays linear.`
    : null;
}

/** Start of a range preset, counted back from the last bar (calendar arithmetic in UTC). */
export function rangeStart(preset: string, last: number, first: number): number {
  const d = new Date(last * 1000);
  const months: Record<string, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '5Y': 60 };
  if (preset === 'All') return first;
  if (preset === 'YTD') return Math.max(first, Date.UTC(d.getUTCFullYear(), 0, 1) / 1000);
  const m = months[preset];
  if (m === undefined) throw new Error(`Unknown range ${preset}`);
  return Math.max(first, Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m, d.getUTCDate()) / 1000);
}

export const RANGE_PRESETS = ['1M', '3M', '6M', 'YTD', '1Y', '5Y', 'All'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset in words, as its command and the compact range picker name it. */
export const RANGE_PRESET_NAMES: Readonly<Record<RangePreset, string>> = {
  '1M': 'last month',
  '3M': 'last 3 months',
  '6M': 'last 6 months',
  YTD: 'year to date',
  '1Y': 'last year',
  '5Y': 'last 5 years',
  All: 'all bars',
};

/** The command that shows a preset's range on a chart (the focused one, or the toolbar's own): `chart-range-1y`. */
export function rangeCommandId(preset: RangePreset): string {
  return `chart-range-${preset.toLowerCase()}`;
}
