/** Turns the engine's columns into lightweight-charts rows; pure, so it is unit-tested. */
import { barOf } from '../../../workers/aggregate/ohlc-levels';
import type { Bar, BarsResult } from '../../../workers/protocol';

/** The bar the legend and the tooltip read. */
export type LegendBar = Bar;

export function barAt(bars: BarsResult, index: number): LegendBar | null {
  return index < 0 || index >= bars.time.length ? null : barOf(bars, index);
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
