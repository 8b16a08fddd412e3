/**
 * What a financial chart shares with the other panes of its link group: the crosshair time (shown
 * at the nearest bar here) and the visible time range, with the hop count that stops echoes at the
 * chained-update limit (docs/reference-constants.md; the hops are counted in financial-pane.tsx).
 */
import type {
  IChartApi,
  ISeriesApi,
  MouseEventParams,
  SeriesType,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import { timeToLogical } from '../../../core/bars/bar-position';
import type { BarsResult } from '../../../core/protocol';
import { barAt, barsHolding } from './chart-data';

interface LinkedSource {
  bars(): BarsResult | null;
  main(): ISeriesApi<SeriesType, Time> | null;
  /** Shows a time range (through the chart's navigation, which holds key steps until it is shown). */
  showTimes(range: { from: number; to: number }): void;
  /**
   * Whether new bars are being set: lightweight-charts then reports the new bars at the old spacing
   * against the right edge before the kept view is asked for, a range no one chose.
   */
  replacingData(): boolean;
}

export class LinkedView {
  /** Hop count of a linked range being applied, and the range itself (to tell echoes apart). */
  private linkedHop: number | null = null;
  private lastLinkedRange: { from: number; to: number } | null = null;

  /**
   * `afterFrame` runs a callback after the chart's next frame (a requestAnimationFrame callback queued
   * after the chart's own, which applies a range and reports it).
   */
  constructor(
    private readonly chart: IChartApi,
    private readonly source: LinkedSource,
    private readonly afterFrame: (callback: () => void) => void = (callback) => {
      requestAnimationFrame(() => callback());
    },
  ) {}

  /** Calls back when the user moves the crosshair (not when a linked pane moved it here). */
  onUserCrosshair(callback: (time: number | null) => void): () => void {
    const handler = (param: MouseEventParams<Time>) => {
      if (!param.sourceEvent) return;
      callback(param.point && param.time !== undefined ? (param.time as number) : null);
    };
    this.chart.subscribeCrosshairMove(handler);
    return () => this.chart.unsubscribeCrosshairMove(handler);
  }

  /** Shows the crosshair at a linked pane's time (the nearest bar here), or hides it. */
  showLinkedCrosshair(time: number | null): void {
    const bars = this.source.bars();
    const main = this.source.main();
    if (time === null || !bars || !main || bars.time.length === 0) {
      this.chart.clearCrosshairPosition();
      return;
    }
    const index = Math.round(timeToLogical(bars.time, time) ?? 0);
    const bar = barAt(bars, Math.max(0, Math.min(bars.time.length - 1, index)));
    if (bar) this.chart.setCrosshairPosition(bar.close, bar.time as UTCTimestamp, main);
  }

  /**
   * Calls back when the visible time range changes, with the hop count of the linked message that
   * caused it, or null for the user's own zoom or pan.
   */
  onVisibleTimeRange(
    callback: (range: { from: number; to: number }, hop: number | null) => void,
  ): () => void {
    const ts = this.chart.timeScale();
    const handler = (range: { from: Time; to: Time } | null) => {
      // Sent on, a level swap's passing range moved the linked panes away, and their answers moved this
      // one: linked minute charts zoomed in five steps ended nine hours wide instead of three weeks.
      if (this.source.replacingData()) return;
      const hop = this.linkedHop;
      this.linkedHop = null;
      if (!range) return;
      const from = range.from as number;
      const to = range.to as number;
      if (this.lastLinkedRange && this.lastLinkedRange.from === from && this.lastLinkedRange.to === to)
        return;
      callback({ from, to }, hop);
    };
    ts.subscribeVisibleTimeRangeChange(handler);
    return () => ts.unsubscribeVisibleTimeRangeChange(handler);
  }

  /**
   * Applies a linked pane's visible range; an identical range is not applied again (no echo). The
   * view ends at the bar here that holds the range's `end` (where the linked pane's last bar ends): a
   * pane at a finer level than the linked one shows the finer bars of its last merged bar too.
   */
  applyLinkedRange(range: { from: number; to: number; end?: number }, hop: number): void {
    const current = this.chart.timeScale().getVisibleRange();
    // No range: the chart has no bars (emptied while a linked symbol change loads), and lightweight-charts
    // throws on a range it cannot place; the chart opens on its own range when its bars come.
    if (!current) return;
    if ((current.from as number) === range.from && (current.to as number) === range.to) return;
    const bars = this.source.bars();
    const shown =
      bars && range.end !== undefined ? barsHolding(bars.time, { from: range.from, to: range.end }) : null;
    const target = shown ?? range;
    // Already in view here (a pane at a coarser level): nothing to apply, and no hop to hold for a
    // change that will not come. Held, it marked the user's next pan as this echo's, and the hop
    // limit then swallowed the pans after it (the linked pane stopped following).
    if ((current.from as number) === target.from && (current.to as number) === target.to) return;
    this.linkedHop = hop;
    this.lastLinkedRange = { from: range.from, to: range.to };
    this.source.showTimes(target);
    // The chart reports no change when the range it settles on is the one it showed: the hop is
    // forgotten after its frame either way.
    this.afterFrame(() => {
      if (this.linkedHop === hop) this.linkedHop = null;
    });
  }
}
