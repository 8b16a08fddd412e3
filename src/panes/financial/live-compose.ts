/**
 * What a live chart shows: the engine's bars (a coarse level with a finer window spliced in) up to
 * the live tail, then the tail merged at the factor of the bars it replaces. Pure planning over
 * `LiveTail` and `DisplaySeries`, so it is unit-tested.
 */
import type { BarsResult, LiveBar } from '../../../core/protocol';
import type { DisplaySeries } from './display-series';
import type { LiveTail } from './live-tail';

/**
 * The factor the tail is shown at: the fine window's when its bars reach the tail (the user is
 * looking at the latest bars), else the coarse level's. Null when merging by it would not line up
 * with the engine's groups.
 */
export function tailFactor(coarse: BarsResult, fine: BarsResult | null, tail: LiveTail): number | null {
  const n = fine?.time.length ?? 0;
  const factor =
    fine && n > 0 && (fine.time[n - 1] as number) >= tail.firstTime ? fine.factor : coarse.factor;
  return tail.alignsWith(factor) ? factor : null;
}

/** Writes `base` up to the tail, then the merged tail, into `display`; returns what to show. */
export function composeLive(
  display: DisplaySeries,
  base: BarsResult,
  tail: LiveTail,
  factor: number,
): BarsResult {
  display.reset(base, tail.firstTime, factor);
  for (const bar of tail.merged(factor)) display.upsert(bar);
  if (tail.length > 0) display.setLastCount(tail.lastGroupSize(factor));
  return display.view();
}

/**
 * Folds one live update into the tail and the shown bars. Returns the index of the first shown bar
 * that changed (for `series.update`), null when nothing changed, or 'recompose' when the shown bars
 * cannot be patched in place (then compose them again).
 */
export function applyLiveBars(
  display: DisplaySeries,
  tail: LiveTail,
  factor: number,
  bars: readonly LiveBar[],
): number | null | 'recompose' {
  const changed = tail.apply(bars);
  if (changed < 0) return null;
  let first: number | null = null;
  for (const bar of tail.merged(factor, changed)) {
    const index = display.upsert(bar);
    if (index < 0) return 'recompose';
    if (first === null) first = index;
  }
  display.setLastCount(tail.lastGroupSize(factor));
  return first;
}
