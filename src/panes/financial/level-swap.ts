/**
 * Large series are never handed to lightweight-charts whole (shared/NOTES.md): it gets a coarse
 * level for the full range, and finer bars are swapped in for the window the user zooms into. Pure
 * planning, so it is unit-tested: when to ask for finer bars and how to splice them in.
 */
import type { BarsResult } from '../../../workers/protocol';
import { lowerBound } from './series-search';

/** Bars per pixel column below which the view looks too coarse and finer bars are wanted. */
export const MIN_BARS_PER_PIXEL = 1 / 6;

export interface ViewWindow {
  from: number;
  to: number;
  widthPx: number;
}

export interface FineWindow {
  from: number;
  to: number;
  factor: number;
}

/**
 * The window to fetch finer bars for, or null when the shown bars are fine enough: the view shows
 * fewer than one bar per six pixels, and those bars are merged (factor > 1).
 */
export function refinementRequest(
  shown: BarsResult,
  fine: FineWindow | null,
  view: ViewWindow,
): { from: number; to: number } | null {
  const insideFine = fine !== null && view.from >= fine.from && view.to <= fine.to;
  const factorInView = insideFine ? fine.factor : shown.factor;
  if (factorInView <= 1) return null;
  const barsInView = lowerBound(shown.time, view.to + 1e-9) - lowerBound(shown.time, view.from);
  if (barsInView >= view.widthPx * MIN_BARS_PER_PIXEL) return null;
  // Ask for three view-widths so small pans stay inside the fine window.
  const span = view.to - view.from;
  return { from: view.from - span, to: view.to + span };
}

/** Coarse bars outside the fine window, the fine bars inside: one sorted series. */
export function spliceBars(coarse: BarsResult, fine: BarsResult): BarsResult {
  const n = fine.time.length;
  if (n === 0) return coarse;
  const start = fine.time[0] as number;
  const end = fine.time[n - 1] as number;
  const before = lowerBound(coarse.time, start);
  // The coarse bar that overlaps the fine window's end is replaced by the fine bars.
  const after = lowerBound(coarse.time, end + 1e-9);
  const length = before + n + (coarse.time.length - after);
  const column = (c: Float64Array, f: Float64Array) => {
    const out = new Float64Array(length);
    out.set(c.subarray(0, before), 0);
    out.set(f, before);
    out.set(c.subarray(after), before + n);
    return out;
  };
  return {
    ...coarse,
    time: column(coarse.time, fine.time),
    open: column(coarse.open, fine.open),
    high: column(coarse.high, fine.high),
    low: column(coarse.low, fine.low),
    close: column(coarse.close, fine.close),
    volume: column(coarse.volume, fine.volume),
  };
}
