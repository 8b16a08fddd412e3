/**
 * Keyboard and toolbar navigation of one financial chart: zoom, pan, the range presets and the range
 * that keeps the data cursor in view, in lightweight-charts' logical (bar index) space.
 */
import type { ITimeScaleApi, Time, UTCTimestamp } from 'lightweight-charts';
import type { BarsResult } from '../../../workers/protocol';
import { rangeStart } from './chart-data';

type LogicalRange = { from: number; to: number };

/**
 * A series shorter than this (a live feed's first minutes, a tiny import) is shown in this many bar
 * slots, the latest at the right, instead of a handful of bars stretched across the whole chart.
 */
export const MIN_VIEW_BARS = 30;

/** lightweight-charts' default least bar spacing (px): the zoom-out limit of a short series. */
const DEFAULT_MIN_BAR_SPACING = 0.5;
/** The least bar spacing ever asked for: MAX_BARS (8,000) bars in 160 px, under the 300 px a pane keeps. */
const FLOOR_MIN_BAR_SPACING = 0.02;

/**
 * The zoom-out limit (px a bar) that still shows `count` bars and the right offset across `widthPx`:
 * `All` then shows the whole series (at the default half pixel a 20-year daily series showed half of
 * it), and zooming out stops there rather than at a sliver of bars.
 */
export function wholeSeriesSpacing(count: number, widthPx: number, rightOffset: number): number {
  if (count <= 0 || widthPx <= 0) return DEFAULT_MIN_BAR_SPACING;
  const fit = widthPx / (count + rightOffset + 1);
  return Math.min(DEFAULT_MIN_BAR_SPACING, Math.max(FLOOR_MIN_BAR_SPACING, fit));
}

export class ChartNavigation {
  /**
   * lightweight-charts applies a new visible range on its next frame; key presses arriving before
   * that must build on the range already asked for, not on the one still shown.
   */
  private requested: LogicalRange | null = null;
  /** Counts requests, so that only the latest one's frame forgets it. */
  private requests = 0;
  /** Steps asked for while new bars settle (see dataReplaced), run after that frame. */
  private waiting: (() => void)[] | null = null;

  /**
   * `afterFrame` runs a callback after the chart's next frame: a requestAnimationFrame callback queued
   * after the request runs after the chart's own, which applies the range.
   */
  constructor(
    private readonly timeScale: ITimeScaleApi<Time>,
    private readonly bars: () => BarsResult | null,
    private readonly afterFrame: (callback: () => void) => void = (callback) => {
      requestAnimationFrame(() => callback());
    },
  ) {
    timeScale.subscribeVisibleLogicalRangeChange(() => {
      this.requested = null;
    });
  }

  /** Zooms around the centre of the view; factor < 1 zooms in. */
  zoom(factor: number): void {
    if (this.wait(() => this.zoom(factor))) return;
    const range = this.current();
    if (!range) return;
    const width = Math.max(5, (range.to - range.from) * factor);
    const centre = (range.from + range.to) / 2;
    this.request({ from: centre - width / 2, to: centre + width / 2 });
  }

  /** Pans by a fraction of the visible width; negative goes back in time. */
  pan(fraction: number): void {
    if (this.wait(() => this.pan(fraction))) return;
    const range = this.current();
    if (!range) return;
    const delta = (range.to - range.from) * fraction;
    this.request({ from: range.from + delta, to: range.to + delta });
  }

  /** A range preset of the toolbar (1M ... 5Y, YTD, All), ending at the latest bar. */
  showRange(preset: string): void {
    const bars = this.bars();
    if (!bars || bars.time.length === 0) return;
    if (preset === 'All') {
      this.fitSpacing();
      this.timeScale.fitContent();
      this.settle();
      return;
    }
    const count = bars.time.length;
    if (count < MIN_VIEW_BARS) {
      this.request({ from: count - MIN_VIEW_BARS - 0.5, to: count - 0.5 });
      return;
    }
    const last = bars.time[count - 1] as number;
    const from = rangeStart(preset, last, bars.time[0] as number);
    this.showTimes({ from, to: last });
  }

  /**
   * Shows a time range (UTC seconds): a preset, the view new bars keep, a linked pane's range, a
   * drawing zoomed to. lightweight-charts applies it on its next frame, and until then reports a
   * logical range that is not it: steps asked for meanwhile wait for that frame (see settle).
   */
  showTimes(range: { from: number; to: number }): void {
    this.timeScale.setVisibleRange({ from: range.from as UTCTimestamp, to: range.to as UTCTimestamp });
    this.settle();
  }

  /** Sets the zoom-out limit to the whole series at the chart's current width (see wholeSeriesSpacing). */
  fitSpacing(): void {
    const count = this.bars()?.time.length ?? 0;
    const spacing = wholeSeriesSpacing(count, this.timeScale.width(), this.timeScale.options().rightOffset);
    this.timeScale.applyOptions({ minBarSpacing: spacing });
  }

  /** The bars in view (logical range), counting a range asked for and not yet shown. */
  visibleBars(): LogicalRange | null {
    return this.current();
  }

  /** Shows a logical range (the data cursor keeps its bar in view with this). */
  show(range: LogicalRange): void {
    this.request(range);
  }

  /**
   * New bars were set. Until the chart's next frame shows the view asked for them, its range is the
   * new bars at the old bar spacing, against the right edge: steps wait for that frame (see settle).
   */
  dataReplaced(): void {
    this.settle();
  }

  /**
   * The chart was asked for a view other than by `request` (by time, or to fit its content): a range
   * asked for before is forgotten, and steps asked for until the chart's next frame wait for it and
   * then build on the view it shows. Taken from the range reported meanwhile, a zoom step replaced the
   * view asked for: a level swap under a burst of `+` jumped to the latest bars, seven times too narrow.
   */
  private settle(): void {
    this.requested = null;
    this.requests++;
    if (this.waiting) return;
    this.waiting = [];
    this.afterFrame(() => {
      const steps = this.waiting ?? [];
      this.waiting = null;
      for (const step of steps) step();
    });
  }

  private wait(step: () => void): boolean {
    if (!this.waiting) return false;
    this.waiting.push(step);
    return true;
  }

  private current(): LogicalRange | null {
    return this.requested ?? this.timeScale.getVisibleLogicalRange();
  }

  private request(range: LogicalRange): void {
    this.requested = range;
    this.timeScale.setVisibleLogicalRange(range);
    // The chart clamps a range past its limits (the zoom-out limit, the least bar spacing) and reports
    // no change when the clamped range is the one shown: once its frame has passed, the range shown is
    // the truth either way, or key presses at a limit would pile up on a range never shown.
    const request = ++this.requests;
    this.afterFrame(() => {
      if (this.requests === request) this.requested = null;
    });
  }
}
