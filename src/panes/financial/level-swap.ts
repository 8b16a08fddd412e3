/**
 * Large series are never handed to lightweight-charts whole (docs/headless-chromium.md): it gets a coarse
 * level for the full range, and finer bars are swapped in for the window the user zooms into. Pure
 * planning, so it is unit-tested: when to ask for finer bars and how to splice them in.
 */

import { joinPieces, slicePieces } from '../../../core/bars/factor-pieces';
import { lowerBound, upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';

/** Bars per pixel column below which the view looks too coarse and finer bars are wanted. */
export const MIN_BARS_PER_PIXEL = 1 / 6;
/**
 * Bars per pixel column above which a view holding finer bars is denser than the eye needs, and
 * slower to draw than a frame allows (lightweight-charts draws every bar in view): a coarser window
 * is wanted. Levels step by 2, so a window fetched for one view lands between the two limits.
 */
export const MAX_BARS_PER_PIXEL = 1 / 2;

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

/** Whether the view lies within the fine window (false without one). */
export function insideWindow(
  fine: FineWindow | null,
  view: { from: number; to: number },
): fine is FineWindow {
  return fine !== null && view.from >= fine.from && view.to <= fine.to;
}

/**
 * Whether the view reaches past its fine window over coarser bars (of `coarseFactor`): a pan or a zoom
 * out went on, and the chart draws those bars as wide as the fine ones, so the view's time stretches
 * there with every step (a steady drag back went from 5,000 minutes wide to 30,000 in half a second).
 */
export function pastFineWindow(
  coarseFactor: number,
  fine: FineWindow | null,
  view: { from: number; to: number },
): boolean {
  return fine !== null && coarseFactor > fine.factor && !insideWindow(fine, view);
}

/**
 * The window to fetch bars for, or null when the shown bars suit the view: either the view shows
 * fewer than one bar per six pixels and those bars are merged (factor > 1), or it shows finer bars
 * than one per two pixels (zoomed out over a fine window), or it reaches past its fine window.
 */
export function refinementRequest(
  shown: BarsResult,
  fine: FineWindow | null,
  view: ViewWindow,
): { from: number; to: number } | null {
  const factorInView = insideWindow(fine, view) ? fine.factor : shown.factor;
  const barsInView = upperBound(shown.time, view.to) - lowerBound(shown.time, view.from);
  const tooCoarse = factorInView > 1 && barsInView < view.widthPx * MIN_BARS_PER_PIXEL;
  const tooDense = fine !== null && barsInView > view.widthPx * MAX_BARS_PER_PIXEL;
  // Past the fine window: finer bars, however many bars are in view.
  const pastFine = pastFineWindow(shown.factor, fine, view);
  if (!tooCoarse && !tooDense && !pastFine) return null;
  // Two view-widths (half a view each side) so small pans stay inside the window.
  const half = (view.to - view.from) / 2;
  return { from: view.from - half, to: view.to + half };
}

/** Coarse bars outside the fine window, the fine bars inside: one sorted series. */
export function spliceBars(coarse: BarsResult, fine: BarsResult): BarsResult {
  const n = fine.time.length;
  if (n === 0) return coarse;
  const start = fine.time[0] as number;
  const end = fine.time[n - 1] as number;
  const before = lowerBound(coarse.time, start);
  // The coarse bar that overlaps the fine window's end is replaced by the fine bars. (Not
  // `lowerBound(end + 1e-9)`: at epoch seconds, 1e-9 is below a double's precision.)
  const after = upperBound(coarse.time, end);
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
    pieces: joinPieces([
      slicePieces(coarse, 0, before, 0),
      slicePieces(fine, 0, n, before),
      slicePieces(coarse, after, coarse.time.length, before + n),
    ]),
    time: column(coarse.time, fine.time),
    open: column(coarse.open, fine.open),
    high: column(coarse.high, fine.high),
    low: column(coarse.low, fine.low),
    close: column(coarse.close, fine.close),
    volume: column(coarse.volume, fine.volume),
  };
}
