/**
 * The bars `Export visible data as CSV` writes: the chart's bars in view at the pane's interval. Zoomed
 * out, a chart shows merged bars (a coarse level); the export asks the engine for the same time range
 * again at up to EXPORT_MAX_BARS bars, so a trader gets single bars, not the screen's merged ones.
 * Only a range holding more than that stays merged, and each row then says how many bars it merges.
 */

import type { BarsResult } from '../../../workers/protocol';
import { getEngineClient } from '../../data/engine-client';
import { barAt } from './chart-data';
import { barSpec } from './chart-feed';
import { mergedIn } from './factor-pieces';

/** The most rows an export asks for: a million lines of CSV, 60 to 120 MB (prices are written in full). */
export const EXPORT_MAX_BARS = 1_000_000;

export interface ExportBars {
  bars: BarsResult;
  from: number;
  to: number;
}

/** The time range bars `from` to `to` cover: from the first one's time to the last one's end. */
export function coveredRange({ bars, from, to }: ExportBars): { from: number; to: number } | null {
  const first = barAt(bars, from);
  const last = barAt(bars, to);
  if (!first || !last) return null;
  const end = last.span ? (last.span.endIncluded ? last.span.end : last.span.end - 1) : last.time;
  return { from: first.time, to: end };
}

/**
 * The bars to export for a chart's view: the view itself when no bar in it is merged, else the
 * engine's bars of the same range at the pane's interval.
 */
export async function barsForExport(
  symbol: string,
  view: ExportBars,
  interval: string | null,
  sessionOnly: boolean,
): Promise<ExportBars> {
  const range = mergedIn(view.bars, view.from, view.to) ? coveredRange(view) : null;
  if (!range) return view;
  const bars = await getEngineClient().call('getBars', {
    symbol,
    ...range,
    maxBars: EXPORT_MAX_BARS,
    ...barSpec(interval, sessionOnly),
  });
  return bars.time.length === 0 ? view : { bars, from: 0, to: bars.time.length - 1 };
}
