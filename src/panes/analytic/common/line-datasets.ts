/**
 * Long close series for the area and xy-line panes: real daily S&P 500 closes (5,104) and a seeded
 * 1M-point synthetic series. From 1000 points the worker sends M4-aggregated points for the plot's
 * pixel columns over the window in view (docs/reference-constants.md).
 */
import { isIntradaySpan } from '../../../data/bar-spacing';
import type { DatasetOption } from './cluster-data';
import type { LineSeriesData } from './worker-data';

export const LINE_DATASETS: readonly DatasetOption[] = [
  { value: 'SPX', label: 'SPX daily', title: 'S&P 500 daily close' },
  { value: 'SYN-1M', label: 'SYN-1M', title: 'Synthetic 1M × 1 min' },
];

export function isLineDataset(dataset: string): boolean {
  return LINE_DATASETS.some((d) => d.value === dataset);
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const minute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A date for daily data, a date and time for intraday data. */
export function timeFormatter(line: LineSeriesData): (time: number) => string {
  const n = line.time.length;
  const format = isIntradaySpan(line.time[0] ?? 0, line.time[n - 1] ?? 0, n) ? minute : day;
  return (time) => format.format(new Date(time * 1000));
}

const counts = new Intl.NumberFormat('en-US');

/** E.g. `1,604 points (min/max per pixel column) for 5,104 closes`. */
export function lineNote(line: LineSeriesData): string {
  const drawn = counts.format(line.time.length);
  return line.aggregated
    ? `${drawn} points (min/max per pixel column) for ${counts.format(line.windowCount)} closes`
    : `${drawn} closes`;
}

export const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
