/**
 * What `Export visible data as CSV` asks the engine for: the time range of the chart's bars in view,
 * at the pane's interval. Zoomed out, a chart shows merged bars (a coarse level); the engine reads the
 * same range again at up to EXPORT_MAX_BARS bars and writes the CSV in the worker, so a trader gets
 * single bars and the main thread never builds a million rows. Only a range holding more than that
 * stays merged, and each row then says how many bars it merges.
 */

import type { BarsCsvRequest, BarsResult } from '../../../core/protocol';
import { isIntraday } from './bar-time';
import { coveredTimes } from './chart-data';
import { barSpec } from './chart-feed';

/** The most rows an export asks for: a million lines of CSV, 60 to 120 MB (prices are written in full). */
export const EXPORT_MAX_BARS = 1_000_000;

export interface ExportBars {
  bars: BarsResult;
  from: number;
  to: number;
}

/** The engine request for the CSV of a chart's bars in view; null when none is in view. */
export function exportRequest(
  symbol: string,
  view: ExportBars,
  interval: string | null,
  sessionOnly: boolean,
  zone: string,
): BarsCsvRequest | null {
  const range = coveredTimes(view.bars, view.from, view.to);
  if (!range) return null;
  return {
    symbol,
    ...range,
    maxBars: EXPORT_MAX_BARS,
    ...barSpec(interval, sessionOnly),
    zone,
    intraday: isIntraday(view.bars),
  };
}
