/** Several named series over one shared x (time or a category), as area, line and bar charts take them. */
import { lowerBound, upperBound } from '../../../../core/bars/sorted-search';
import type { LayoutInput, LegendEntry } from './chart';
import { paletteColor } from './chart';

export interface ValueSeries {
  id: string;
  label: string;
  group?: string;
  /** Palette slot, so a symbol keeps its colour across panes. */
  colorIndex: number;
  values: number[];
}

export function seriesLegend(
  series: readonly ValueSeries[],
  theme: LayoutInput<unknown>['theme'],
): LegendEntry[] {
  return series.map((s) => ({
    id: s.id,
    label: s.label,
    color: paletteColor(theme, s.colorIndex),
    ...(s.group ? { group: s.group } : {}),
  }));
}

/** Index of the value in ascending `sorted` nearest to `value` (binary search); -1 when empty. */
export function nearestIndex(sorted: readonly number[], value: number): number {
  if (sorted.length === 0) return -1;
  const lo = Math.min(lowerBound(sorted, value), sorted.length - 1);
  if (lo > 0 && Math.abs((sorted[lo - 1] as number) - value) <= Math.abs((sorted[lo] as number) - value))
    return lo - 1;
  return lo;
}

/**
 * The index range [start, end) of ascending `sorted` that a window [from, to] shows, widened by one
 * index on each side so the segments leaving the window count too.
 */
export function windowRange(sorted: readonly number[], from: number, to: number): [number, number] {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const start = lowerBound(sorted, lo);
  const end = Math.max(start, upperBound(sorted, hi));
  return [Math.max(0, start - 1), Math.min(sorted.length, end + 1)];
}
