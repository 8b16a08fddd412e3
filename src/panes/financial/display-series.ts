/**
 * The bars a live chart shows, in columns it owns: the engine's bars up to the live tail, then the
 * tail's merged bars, updated in place as the feed moves. Columns have room to grow, so a new bar is
 * a write and six cheap views, not a copy of the series. Pure, so it is unit-tested.
 */

import { allocateColumns, type BarColumns } from '../../../core/bars/bar-columns';
import { factorAt, joinPieces, slicePieces } from '../../../core/bars/factor-pieces';
import { lowerBound } from '../../../core/bars/sorted-search';
import type { BarsResult, FactorPiece, LiveBar } from '../../../core/protocol';

const COLUMNS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
type Column = (typeof COLUMNS)[number];

/** Spare bars allocated beyond what is shown, for the feed to append into. */
const HEADROOM = 256;

export class DisplaySeries {
  private columns: BarColumns = allocateColumns(0);
  private count = 0;
  private meta: Omit<BarsResult, Column> | null = null;
  private cached: BarsResult | null = null;
  /** Native bars in the last shown bar where the tail's last group is not full yet (null: it is). */
  private lastCount: number | null = null;

  get length(): number {
    return this.count;
  }

  /**
   * Starts over from the engine's bars, keeping those before `before` (UTC seconds); bars written
   * after them merge `tailFactor` native bars each (the engine's factor when not given).
   */
  reset(bars: BarsResult, before = Number.POSITIVE_INFINITY, tailFactor?: number): void {
    const { time, open, high, low, close, volume, ...meta } = bars;
    const keep = before === Number.POSITIVE_INFINITY ? time.length : lowerBound(time, before);
    const tail = tailFactor === undefined ? [] : [{ start: keep, factor: tailFactor }];
    this.meta = { ...meta, pieces: joinPieces([slicePieces(bars, 0, keep, 0), tail]) };
    this.columns = allocateColumns(keep + HEADROOM);
    for (const column of COLUMNS) this.columns[column].set(bars[column].subarray(0, keep));
    this.count = keep;
    this.cached = null;
    this.lastCount = null;
  }

  /**
   * The live tail's last merged bar holds `count` native bars, fewer than its factor until its group
   * fills: the legend and the data window then count what it holds.
   */
  setLastCount(count: number): void {
    if (count === this.lastCount) return;
    this.lastCount = count;
    this.cached = null;
  }

  /**
   * The feed's trades needed more price or volume decimals than the engine's bars: the view says so
   * (readouts and the axis write them), with no bar written again.
   */
  setDecimals(priceDecimals: number | undefined, volumeDecimals: number | undefined): void {
    if (!this.meta) return;
    this.meta = {
      ...this.meta,
      ...(priceDecimals !== undefined ? { priceDecimals } : {}),
      ...(volumeDecimals !== undefined ? { volumeDecimals } : {}),
    };
    this.cached = null;
  }

  /**
   * Writes a bar: it replaces the bar with the same time or, if newer than the last, is appended.
   * Returns its index, or -1 for an older time that is not here.
   */
  upsert(bar: LiveBar): number {
    const n = this.count;
    const lastTime = n > 0 ? (this.columns.time[n - 1] as number) : Number.NEGATIVE_INFINITY;
    let index: number;
    if (bar.time > lastTime) {
      if (n === this.columns.time.length) this.grow();
      index = n;
      this.count = n + 1;
      this.cached = null;
    } else {
      index = bar.time === lastTime ? n - 1 : lowerBound(this.columns.time.subarray(0, n), bar.time);
      if (index >= n || this.columns.time[index] !== bar.time) return -1;
    }
    for (const column of COLUMNS) this.columns[column][index] = bar[column];
    return index;
  }

  /** The shown bars as a `BarsResult` over the owned columns (views: later writes show through). */
  view(): BarsResult {
    if (!this.meta) throw new Error('DisplaySeries.view() before reset()');
    if (!this.cached) {
      const n = this.count;
      const c = this.columns;
      this.cached = {
        ...this.meta,
        pieces: this.piecesWithLast(n),
        time: c.time.subarray(0, n),
        open: c.open.subarray(0, n),
        high: c.high.subarray(0, n),
        low: c.low.subarray(0, n),
        close: c.close.subarray(0, n),
        volume: c.volume.subarray(0, n),
      };
    }
    return this.cached;
  }

  /** The pieces, the last bar a piece of its own where it holds fewer than its factor. */
  private piecesWithLast(n: number): readonly FactorPiece[] | undefined {
    const meta = this.meta as Omit<BarsResult, Column>;
    const count = this.lastCount;
    if (count === null || n === 0 || count >= factorAt(meta, n - 1)) return meta.pieces;
    return joinPieces([slicePieces(meta, 0, n - 1, 0), [{ start: n - 1, factor: count }]]);
  }

  private grow(): void {
    const next = allocateColumns(Math.max(HEADROOM, this.columns.time.length * 2));
    for (const column of COLUMNS) next[column].set(this.columns[column].subarray(0, this.count));
    this.columns = next;
  }
}
