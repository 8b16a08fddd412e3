/**
 * Long close series for the area and xy-line panes: real daily S&P 500 closes (5,104) and a seeded
 * 1M-point synthetic series. From 1000 points the worker sends M4-aggregated points for the plot's
 * pixel columns over the window in view (docs/reference-constants.md).
 */

import { isIntradaySpan } from '../../../../core/time/bar-spacing';
import type { PaneState } from '../../../state/workspace-document';
import { formatBarTime } from '../../financial/bar-time';
import { readSetting, type SettingControl } from './chart';
import { type DatasetOption, datasetTitle } from './cluster-data';
import type { LineSeriesData } from './worker-data';

/**
 * The `Pane symbol` dataset: the closes of the pane's own symbol, which a link group (and the
 * watchlist driving it) sets, and the symbol picker beside it.
 */
export const PANE_SYMBOL = 'symbol';

export const LINE_DATASETS: readonly DatasetOption[] = [
  { value: 'SPX', label: 'SPX daily', title: 'S&P 500 daily close' },
  { value: 'SYN-1M', label: 'SYN-1M', title: 'Synthetic 1M × 1 min' },
  { value: PANE_SYMBOL, label: 'Pane symbol', title: 'Close of the pane symbol' },
];

export function isLineDataset(dataset: string): boolean {
  return LINE_DATASETS.some((d) => d.value === dataset);
}

/**
 * The symbol whose closes a line dataset shows: its own, or for `Pane symbol` the pane's (an analytic
 * pane starts with the placeholder `Portfolio` until it joins a group or a symbol is picked: SPX then).
 */
export function lineSymbol(pane: PaneState, dataset: string): string {
  if (dataset !== PANE_SYMBOL) return dataset;
  return pane.symbol === PLACEHOLDER_SYMBOL ? 'SPX' : pane.symbol;
}

/** The area and xy-line kinds' default symbol: their own data, no symbol. */
export const PLACEHOLDER_SYMBOL = 'Portfolio';

/** A date for daily data, a date and time in the workspace's zone for intraday data, as the charts write them. */
export function timeFormatter(line: LineSeriesData): (time: number, zone: string) => string {
  const n = line.time.length;
  const intraday = isIntradaySpan(line.time[0] ?? 0, line.time[n - 1] ?? 0, n);
  return (time, zone) => formatBarTime(time, intraday, zone);
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

/** A line-capable kind's title for its dataset: `AAPL close` for the pane's symbol. */
export function lineDatasetTitle(pane: PaneState, control: SettingControl, own: DatasetOption): string {
  const dataset = readSetting(pane.settings, control);
  return dataset === PANE_SYMBOL
    ? `${lineSymbol(pane, dataset)} close`
    : datasetTitle(pane, control, own, LINE_DATASETS);
}

/** The symbol a line-capable kind's pane shows (for its `Symbol` picker), or null for its own data. */
export function shownSymbol(pane: PaneState, control: SettingControl): string | null {
  const dataset = readSetting(pane.settings, control);
  return dataset === PANE_SYMBOL ? lineSymbol(pane, dataset) : null;
}
