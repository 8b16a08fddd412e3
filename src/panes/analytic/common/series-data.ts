/** Several named series over one shared x (time or a category), as area, line and bar charts take them. */
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
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
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
  let start = 0;
  while (start < sorted.length && (sorted[start] as number) < lo) start++;
  let end = sorted.length;
  while (end > start && (sorted[end - 1] as number) > hi) end--;
  return [Math.max(0, start - 1), Math.min(sorted.length, end + 1)];
}
