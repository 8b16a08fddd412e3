/**
 * The native bars of a live series from the start of its last coarse bar on: the stored ones first,
 * then what the live feed adds. A pane shows merged bars (a level's factor), so a live update is
 * folded into the merged bar it belongs to by native index, the way the engine's levels group bars
 * (groups of `factor` aligned to multiples of `factor`). Pure, so it is unit-tested.
 */

import { barOf } from '../../../core/bars/bar-columns';
import type { BarsResult, LiveBar } from '../../../core/protocol';

export class LiveTail {
  private readonly bars: LiveBar[] = [];

  /**
   * @param startIndex native index of the first bar in `native` (a multiple of every factor the
   *   tail is merged with: the coarse level's last bar starts there)
   * @param native the stored native bars from `startIndex` to the end
   */
  constructor(
    readonly startIndex: number,
    native: BarsResult,
  ) {
    for (let i = 0; i < native.time.length; i++) this.bars.push(barOf(native, i));
  }

  get length(): number {
    return this.bars.length;
  }

  /** Time of the first native bar: merged bars from here on are the tail's. */
  get firstTime(): number {
    return this.bars[0]?.time ?? Number.POSITIVE_INFINITY;
  }

  /** Whether merging by `factor` keeps the engine's group boundaries. */
  alignsWith(factor: number): boolean {
    return factor >= 1 && this.startIndex % factor === 0;
  }

  /**
   * Folds live bars in by time: the bar with the same time is replaced, a newer one appended. Bars
   * older than the last that match no bar here are ignored. Returns the tail index of the earliest bar that changed, or -1.
   */
  apply(bars: readonly LiveBar[]): number {
    let earliest = -1;
    for (const bar of bars) {
      const index = this.place(bar.time);
      if (index < 0) continue;
      if (index === this.bars.length) this.bars.push({ ...bar });
      else this.bars[index] = { ...bar };
      if (earliest < 0 || index < earliest) earliest = index;
    }
    return earliest;
  }

  /**
   * The merged bars of `factor` native bars each, for the groups from the one that holds tail index
   * `from` to the end: time and open of a group's first bar, its highest high and lowest low, the
   * close of its last bar and the summed volume.
   */
  /** Native bars in the last of `merged(factor)`'s bars (fewer than `factor` until its group fills). */
  lastGroupSize(factor: number): number {
    if (this.bars.length === 0) return 0;
    const end = this.startIndex + this.bars.length;
    const group = Math.max(1, Math.floor(factor));
    return end - Math.max(this.startIndex, Math.floor((end - 1) / group) * group);
  }

  merged(factor: number, from = 0): LiveBar[] {
    const out: LiveBar[] = [];
    const n = this.bars.length;
    if (n === 0) return out;
    const group = Math.max(1, Math.floor(factor));
    const absolute = this.startIndex + Math.max(0, Math.min(from, n - 1));
    let start = Math.max(0, Math.floor(absolute / group) * group - this.startIndex);
    while (start < n) {
      const end = Math.min(n, Math.floor((this.startIndex + start) / group + 1) * group - this.startIndex);
      const first = this.bars[start] as LiveBar;
      let high = first.high;
      let low = first.low;
      let volume = 0;
      for (let i = start; i < end; i++) {
        const bar = this.bars[i] as LiveBar;
        if (bar.high > high) high = bar.high;
        if (bar.low < low) low = bar.low;
        volume += bar.volume;
      }
      const close = (this.bars[end - 1] as LiveBar).close;
      out.push({ time: first.time, open: first.open, high, low, close, volume });
      start = end;
    }
    return out;
  }

  /** Where a bar of this time goes: its index, the length (append), or -1 (no such older bar). */
  private place(time: number): number {
    const n = this.bars.length;
    const last = this.bars[n - 1];
    if (!last || time > last.time) return n;
    if (time === last.time) return n - 1;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.bars[mid] as LiveBar).time < time) lo = mid + 1;
      else hi = mid;
    }
    // The feed only moves forward; an older time that is not a bar here would shift the groups.
    return lo < n && (this.bars[lo] as LiveBar).time === time ? lo : -1;
  }
}
