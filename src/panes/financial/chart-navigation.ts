/**
 * Keyboard and toolbar navigation of one financial chart: zoom, pan, the range presets and the range
 * that keeps the data cursor in view, in lightweight-charts' logical (bar index) space.
 */
import type { ITimeScaleApi, Time, UTCTimestamp } from 'lightweight-charts';
import { upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';
import { rangeStart } from './chart-data';
import { viewPositions } from './view-times';

type LogicalRange = { from: number; to: number };

/**
 * lightweight-charts' default bar spacing (px): how wide a short series' bars are drawn, piled up from
 * the right edge, until the user zooms (as TradingView draws a new listing or a feed's first minutes),
 * rather than a handful of bars stretched across the whole chart.
 */
export const DEFAULT_BAR_SPACING = 6;

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
   * The times `keepTimes` asked to show, until the chart's next frame shows them: until then the
   * logical range it reports is the old bars', which read over the new ones is another view.
   */
  private keeping: { from: number; to: number } | null = null;
  /** Where `keeping` falls among the bars just set: the view until the frame shows it. */
  private keepingAt: LogicalRange | null = null;
  /** The bar spacing the user zoomed to (keys, wheel, pinch, an axis drag); null: never, the default. */
  private chosenSpacing: number | null = null;

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
    this.userZoomed();
  }

  /**
   * The user zoomed by a gesture the chart handles itself (wheel, pinch, an axis drag): the spacing
   * its next frame shows is theirs, kept for a short series from then on.
   */
  userZoomed(): void {
    this.afterFrame(() => {
      this.chosenSpacing = this.timeScale.options().barSpacing;
    });
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
    this.forgetKeeping();
    const bars = this.bars();
    if (!bars || bars.time.length === 0) return;
    const count = bars.time.length;
    if (this.showShort(count - 1)) return;
    if (preset === 'All') {
      this.fitSpacing();
      this.timeScale.fitContent();
      this.settle();
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
    this.forgetKeeping();
    const time = this.bars()?.time;
    // A range from the first bar on: the series may be too short to fill it (see showShort).
    if (time && time.length > 0 && range.from <= (time[0] as number)) {
      if (this.showShort(Math.max(0, upperBound(time, range.to) - 1))) return;
    }
    this.timeScale.setVisibleRange({ from: range.from as UTCTimestamp, to: range.to as UTCTimestamp });
    this.settle();
  }

  /**
   * Shows a time range exactly, each end where it falls among the bars (view-times.ts): the view kept
   * as new bars of the same series replace the old. `showTimes` moves each end to a whole bar, which
   * widened the view by up to a bar each side each time: where history pages in over a coarse level
   * the view doubled with every page. A short series is shown as `showTimes` shows it.
   */
  keepTimes(range: { from: number; to: number }): void {
    const time = this.bars()?.time;
    if (!time || time.length === 0) return;
    const last = time.length - 1;
    const whole = range.from <= (time[0] as number) && range.to >= (time[last] as number);
    this.forgetKeeping();
    if (whole && this.showShort(last)) return;
    const positions = viewPositions(time, range);
    if (!positions) return;
    this.timeScale.setVisibleLogicalRange(positions);
    this.settle();
    this.keeping = range;
    this.keepingAt = positions;
  }

  private forgetKeeping(): void {
    this.keeping = null;
    this.keepingAt = null;
  }

  /** The times `keepTimes` asked for and the chart has not shown yet (null: none). */
  keptTimes(): { from: number; to: number } | null {
    return this.keeping;
  }

  /**
   * Shows the bars up to index `last` at the spacing the user chose (lightweight-charts' default if
   * none) against the right edge, when they are too few to fill the plot at it; false otherwise. The
   * latest bar keeps the chart's right offset, so new bars pile up from the right.
   */
  private showShort(last: number): boolean {
    const width = this.timeScale.width();
    const spacing = this.chosenSpacing ?? DEFAULT_BAR_SPACING;
    const slots = width / spacing;
    if (width <= 0 || last + 1 >= slots) return false;
    const latest = last === (this.bars()?.time.length ?? 0) - 1;
    const to = last + (latest ? this.timeScale.options().rightOffset : 0.5);
    this.request({ from: to - slots, to });
    return true;
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
      this.forgetKeeping();
      for (const step of steps) step();
    });
  }

  private wait(step: () => void): boolean {
    if (!this.waiting) return false;
    this.waiting.push(step);
    return true;
  }

  private current(): LogicalRange | null {
    return this.requested ?? this.keepingAt ?? this.timeScale.getVisibleLogicalRange();
  }

  private request(range: LogicalRange): void {
    this.requested = range;
    this.forgetKeeping();
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
