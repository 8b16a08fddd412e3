/**
 * One financial chart: a lightweight-charts instance with a main series of the pane's kind, volume in
 * a pane of its own and a moving average. Imperative on purpose: React owns the pane, this owns the
 * canvas, and the pane tells it what changed.
 */
import {
  ColorType,
  CrosshairMode,
  createChartEx,
  HistogramSeries,
  type IChartApi,
  type ISeriesPrimitive,
  LineSeries,
  type LogicalRange,
  type MouseEventParams,
  PriceScaleMode,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { logicalToTime, timeToLogical } from '../../../core/bars/bar-position';
import { upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';
import { spanSpacing } from '../../../core/time/bar-spacing';
import { DEFAULT_PRICE_DECIMALS, formatPrice } from '../../data/price-format';
import type { DrawGuard } from '../../render/draw-guard';
import type { Annotation } from '../../state/workspace-document';
import type { Theme } from '../../themes/theme';
import { type AlertLevel, AlertLines } from './alert-lines';
import { snapPrice, snapTime } from './annotations/annotation-geometry';
import { AnnotationPrimitive } from './annotations/annotation-primitive';
import { axisTimeLabel, formatAnnotationTime, formatBarSpan, formatBarTime, isIntraday } from './bar-time';
import { barAt, barStartingAt, coveredTimes, type LegendBar, logScaleProblem } from './chart-data';
import { ChartNavigation } from './chart-navigation';
import { type MainRow, mainRow, movingAverageAt, type VolumeColors, valueRow, volumeRow } from './chart-rows';
import type { CompareScale } from './chart-settings';
import { type CloseSource, CompareSeries, closesReach } from './compare-series';
import { type CursorMove, cursorReading, movedCursor, rangeShowing } from './data-cursor';
import { drawnKind, type FinancialKind, isLineKind } from './financial-kinds';
import { guardedPrimitive } from './guarded-primitive';
import { LinkedView } from './linked-view';
import { type AnySeries, addMainSeries } from './main-series';
import { type SessionDisplay, SessionPrimitive } from './session-primitive';
import { sma } from './studies';
import { StudySeries } from './study-series';
import { timeToX } from './time-to-x';
import { viewTimes } from './view-times';
import { ZonedTimeScale } from './zoned-time-scale';

export interface SeriesVisibility {
  price: boolean;
  volume: boolean;
  ma: boolean;
}

export const MA_PERIOD = 20;
/** The volume pane's height against the prices' (1). */
const VOLUME_STRETCH = 0.25;
/** Fits prices up to 99,999.99 in the theme's 11 px font. */
const PRICE_AXIS_MIN_WIDTH = 78;

/** lightweight-charts' tick kinds, as axisTimeLabel names them. */
const TICKS: Partial<Record<TickMarkType, 'day' | 'month' | 'year'>> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
};

function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `${hex}${a}`;
}

/** The bar under the crosshair (or the data cursor) and where it is in the pane; nulls when there is none. */
type CrosshairListener = (bar: LegendBar | null, point: { x: number; y: number } | null) => void;

/** How near (CSS px) the pointer must be to a bar's open, high, low or close for the magnet to take it. */
export const MAGNET_PX = 12;

export class FinancialChart {
  readonly chart: IChartApi;
  private main: AnySeries | null = null;
  /** The symbol's sessions under the bars: out-of-session shading and breaks at each open. */
  private readonly sessions: SessionPrimitive;
  /** Volume in the chart pane below the prices; null while the bars hold closes only (no pane then). */
  private volume: AnySeries | null = null;
  private readonly ma: AnySeries;
  private readonly studies: StudySeries;
  /** Other symbols' closes, compared in percent. */
  private readonly compared: CompareSeries;
  private logWanted = false;
  private compareScale: CompareScale = 'percent';
  private bars: BarsResult | null = null;
  /** Set while setData refills the series: linked panes are not told of the view then (LinkedSource.replacingData). */
  private replacing = false;
  /** Who `onVisibleRange` tells, through one subscription that holds back what a refill reports. */
  private readonly rangeListeners = new Set<(range: LogicalRange | null) => void>();
  /** The range last told to them (see tellRange). */
  private toldRange: LogicalRange | null = null;
  /** The chart reported a range while setData refilled the series: the next frame's is told instead. */
  private rangeHeld = false;
  /** The frame that tells the range a refill's view shows (0: none pending). */
  private rangeFrame = 0;
  private kind: FinancialKind;
  /** The bars shown hold closes only (`BarsResult.closesOnly`): bar kinds draw them as a line, no volume. */
  private closesOnly = false;
  /** Whether the legend's Volume toggle is on (the volume shows when the bars have one). */
  private volumeWanted = true;
  /** Whether the legend's price toggle is on: a price series made again (another kind) keeps it. */
  private priceWanted = true;
  private theme: Theme;
  private readonly annotations: AnnotationPrimitive;
  /** Runs our code that lightweight-charts calls as it paints (primitives, time formatters). */
  private readonly guard: DrawGuard;
  /** The two primitives as attached to the price series: each call into them runs through the draw guard. */
  private readonly primitives: ISeriesPrimitive<Time>[];
  /** The levels of the symbol's active price alerts. */
  private readonly alertLines = new AlertLines();
  private magnet = false;
  /** The last point the pointer was over, and the point of the last context menu (for "here"). */
  private pointer: { time: number; price: number } | null = null;
  private contextPoint: { time: number; price: number; at: number } | null = null;
  /** The IANA zone (or `local`, `UTC`) intraday times are shown in. */
  private zone = 'UTC';
  /** Places the time axis' day, month and year ticks on the zone's calendar. */
  private readonly timeScale = new ZonedTimeScale();
  /** The zone and intraday-ness the chart's time formatters were made for (`zone|intraday`). */
  private timeFormat = '';
  /**
   * Test builds only: the time axis labels drawn since the zone or the bars' kind last changed, by the
   * time of their tick, for tests to read the axis as text (test-hooks.ts).
   */
  private readonly axisLabels = new Map<number, string>();
  /** The keyboard data cursor's bar index; null while it is not shown. */
  private cursor: number | null = null;
  /**
   * Where the keyboard put the crosshair (the data or drawing cursor). lightweight-charts keeps a
   * crosshair at its pixel, as it should for a pointer; this one belongs to a bar, so it is placed
   * again when the chart is resized or scrolled. Null once the pointer takes over or it is hidden.
   */
  private keyboardCrosshair: { price: number; time: number; x: number | null; y: number | null } | null =
    null;
  /** The decimals the price series were last set to (null: a new main series, not set yet). */
  private formatDecimals: number | null = null;
  /** The frame that places the keyboard's crosshair again (0: none pending). */
  private crosshairFrame = 0;
  /** The next step of `dropBars`, waiting for its task (0: none). */
  private dropTimer = 0;
  /** Series emptying still to do after the bars were dropped (`dropBars`, `clear`). */
  private toEmpty: (() => void)[] = [];
  private readonly cursorListeners = new Set<(reading: string) => void>();
  private readonly crosshairListeners = new Set<CrosshairListener>();
  /** The bar time the crosshair listeners last heard of (null: none, or the crosshair is off). */
  private heardTime: number | null = null;
  private readonly dataListeners = new Set<() => void>();
  private readonly comparedListeners = new Set<() => void>();
  /** The container's width in CSS pixels as last laid out (see `width`). */
  private laidOutWidth: number;
  private readonly resizes: ResizeObserver;
  /** Crosshair and visible range shared with the panes of its link group. */
  readonly link: LinkedView;
  /** Zoom, pan and range presets (keys, toolbar, palette). */
  readonly nav: ChartNavigation;

  /**
   * `guard`: runs our drawing inside the chart's paint (the pane shows its failure);
   * `onStudyValues`: the studies' values changed (new bars, a live update, a study added).
   */
  constructor(
    container: HTMLElement,
    kind: FinancialKind,
    theme: Theme,
    guard: DrawGuard,
    onStudyValues?: () => void,
  ) {
    this.kind = kind;
    this.theme = theme;
    this.guard = guard;
    this.laidOutWidth = container.clientWidth;
    // Read where layout is done: the observer's callback runs after it.
    this.resizes = new ResizeObserver(() => {
      this.laidOutWidth = container.clientWidth;
    });
    this.resizes.observe(container);
    this.annotations = new AnnotationPrimitive({
      times: () => this.bars?.time ?? [],
      formatPrice: (p) => formatPrice(p, this.priceDecimals()),
      formatTime: (time) => formatAnnotationTime(time, this.zone),
    });
    this.sessions = new SessionPrimitive(
      { times: () => this.bars?.time ?? [], intraday: () => this.bars !== null && isIntraday(this.bars) },
      theme,
    );
    // Sessions under the drawings.
    this.primitives = [this.sessions, this.annotations].map((p) => guardedPrimitive(p, guard));
    this.chart = createChartEx(container, this.timeScale, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: { rightOffset: 3, borderVisible: false },
      // A flicked chart glides on after the finger lifts, unless the user asked for no motion.
      kineticScroll: { touch: !matchMedia('(prefers-reduced-motion: reduce)').matches, mouse: false },
      // A steady axis width: one that grows with the next symbol's digits resizes every canvas of the chart.
      rightPriceScale: { borderVisible: false, minimumWidth: PRICE_AXIS_MIN_WIDTH },
      layout: { fontFamily: "'Inter Variable', system-ui, sans-serif", fontSize: 11, attributionLogo: false },
      // createChart's own default, which createChartEx leaves out.
      localization: { dateFormat: "dd MMM 'yy" },
    });
    this.ma = this.chart.addSeries(LineSeries, {
      lineWidth: 1,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
      title: `MA ${MA_PERIOD}`,
    });
    this.addVolume();
    this.studies = new StudySeries(this.chart, theme, onStudyValues);
    this.compared = new CompareSeries(this.chart, theme);
    this.link = new LinkedView(this.chart, {
      bars: () => this.bars,
      main: () => this.main,
      showTimes: (range) => this.nav.showTimes(range),
      replacingData: () => this.replacing,
    });
    this.nav = new ChartNavigation(this.chart.timeScale(), () => this.bars);
    // While setData refills the series, lightweight-charts reports the new bars at the old spacing
    // against the right edge, a range it never paints: the view asked for applies on its next frame.
    // Listeners hear the range that frame shows (setData asks for it), not the one in between.
    this.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (this.replacing) this.rangeHeld = true;
      else this.tellRange(range);
    });
    this.watchUserZoom(container);
    // Placed again in the next frame, out of the chart's own update (placing the crosshair while the
    // chart lays itself out throws), and only where the bar has moved: a placement can itself change
    // the axes (their labels), and placing on every such change would never end.
    const keepCrosshair = () => {
      if (this.crosshairFrame !== 0 || !this.keyboardCrosshair) return;
      this.crosshairFrame = requestAnimationFrame(() => {
        this.crosshairFrame = 0;
        const at = this.keyboardCrosshair;
        if (!at || !this.main) return;
        const x = this.chart.timeScale().timeToCoordinate(at.time as UTCTimestamp);
        const y = this.main.priceToCoordinate(at.price);
        if (x === at.x && y === at.y) return;
        this.placeCrosshair(at.price, at.time);
        // lightweight-charts says nothing when the crosshair is placed at the time and price it
        // already had, and what it last said on a resize was the bar under the old pixel (a maximized
        // chart's legend and tooltip named a bar years back): the listeners hear the bar again if
        // what they last heard was another.
        this.announceKeyboardCrosshair();
      });
    };
    this.chart.subscribeCrosshairMove(this.onChartCrosshair);
    this.chart.timeScale().subscribeSizeChange(keepCrosshair);
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(keepCrosshair);
    // Creates the main series in the theme's colours.
    this.applyTheme(theme);
  }

  /**
   * Tells the crosshair listeners which bar the keyboard's crosshair is on, and where, unless that is
   * the bar they last heard of (a scroll moves the crosshair with its bar: nothing to tell, and a
   * legend rendered on every frame of a pan cost a millisecond a frame).
   */
  private announceKeyboardCrosshair(): void {
    const at = this.keyboardCrosshair;
    if (!at || at.x === null || at.y === null || !this.bars) return;
    const logical = this.chart.timeScale().coordinateToLogical(at.x);
    const bar = logical === null ? null : barAt(this.bars, Math.round(logical));
    if ((bar?.time ?? null) === this.heardTime) return;
    this.pointer = this.pointAt(at.x, at.y, true);
    this.tell(bar, { x: at.x, y: at.y });
  }

  /** Tells every crosshair listener the bar under the crosshair and where it is (null: none). */
  private tell(bar: LegendBar | null, point: { x: number; y: number } | null): void {
    this.heardTime = bar?.time ?? null;
    for (const listener of this.crosshairListeners) listener(bar, point);
  }

  /** lightweight-charts' crosshair moves, the pointer's and its own, told to the listeners. */
  private readonly onChartCrosshair = (param: MouseEventParams<Time>): void => {
    // The pointer took over from the keyboard: the next arrow starts from the view again.
    if (param.sourceEvent) {
      this.cursor = null;
      this.keyboardCrosshair = null;
    }
    this.pointer = param.point ? this.pointAt(param.point.x, param.point.y, true) : null;
    const index = param.logical;
    const bar = this.bars && index !== undefined && param.point ? barAt(this.bars, Math.round(index)) : null;
    this.tell(bar, param.point ?? null);
  };

  /** The keyboard's crosshair at a bar's time and a price, kept there (see `keyboardCrosshair`). */
  private placeCrosshair(price: number, time: number): void {
    if (!this.main) return;
    const x = this.chart.timeScale().timeToCoordinate(time as UTCTimestamp);
    const y = this.main.priceToCoordinate(price);
    this.keyboardCrosshair = { price, time, x, y };
    this.chart.setCrosshairPosition(price, time as UTCTimestamp, this.main);
  }

  private createMain(): void {
    if (this.main) {
      this.alertLines.detach();
      for (const primitive of this.primitives) this.main.detachPrimitive(primitive);
      this.chart.removeSeries(this.main);
    }
    this.main = addMainSeries(this.chart, this.drawnKind(), this.theme);
    if (!this.priceWanted) this.main.applyOptions({ visible: false });
    this.formatDecimals = null;
    this.applyPriceFormat();
    if (this.bars) this.setMainData(this.bars);
    for (const primitive of this.primitives) this.main.attachPrimitive(primitive);
    this.alertLines.attach(this.main, this.theme);
  }

  /** The symbol's active alerts at a price: a dashed line and an axis label each. */
  setAlertLevels(levels: readonly AlertLevel[]): void {
    this.alertLines.set(levels);
  }

  /** Which sessions to mark, and how (the symbol's hours and the pane's settings). */
  setSessionDisplay(display: SessionDisplay): void {
    this.sessions.set(display);
  }

  setAnnotations(annotations: readonly Annotation[], selectedId: string | null): void {
    this.annotations.setAnnotations(annotations, selectedId);
  }

  annotationAt(x: number, y: number): Annotation | null {
    return this.annotations.annotationAt(x, y);
  }

  /**
   * The chart's picture for an export: both of the pane's canvases (a primitive of the 'top' z-order
   * paints on the upper one), without the crosshair and without a selected drawing's handles and
   * axis labels, which are there to edit it, not part of the chart.
   */
  screenshot(): HTMLCanvasElement {
    return this.annotations.unselectedWhile(() => this.chart.takeScreenshot(true, false));
  }

  /** The annotation under a pane point, and which anchor when a selected drawing's handle is hit. */
  hitAt(x: number, y: number): ReturnType<AnnotationPrimitive['hitAt']> {
    return this.annotations.hitAt(x, y);
  }

  /**
   * Shows the keyboard's drawing cursor: the crosshair stands at the point (a time between bars
   * stands on the nearest bar), and "here" commands use it.
   */
  showPoint(at: { time: number; price: number }): void {
    const bars = this.bars;
    if (!bars || !this.main || bars.time.length === 0) return;
    this.pointer = at;
    this.placeCrosshair(at.price, snapTime(bars.time, at.time));
  }

  /**
   * Where an annotation's point is in the pane, in CSS pixels: x from its time (null for a horizontal
   * line), y from its price (null for a vertical line).
   */
  coordinatesOf(a: { time?: number; price?: number }): { x: number | null; y: number | null } {
    const bars = this.bars;
    const x = a.time === undefined || !bars ? null : timeToX(this.chart.timeScale(), bars.time, a.time);
    const y = a.price === undefined || !this.main ? null : this.main.priceToCoordinate(a.price);
    return { x: x ?? null, y: y ?? null };
  }

  setMagnet(on: boolean): void {
    this.magnet = on;
  }

  /** Pans and zooms by mouse and touch on or off (off while an annotation is dragged). */
  setInteractive(on: boolean): void {
    this.chart.applyOptions({ handleScroll: on, handleScale: on });
  }

  /**
   * The time and price under a pane point. With `snap`, time snaps to the nearest bar and, with the
   * magnet on, price to that bar's open, high, low or close.
   */
  pointAt(x: number, y: number, snap = false): { time: number; price: number } | null {
    const bars = this.bars;
    if (!bars || !this.main || bars.time.length === 0) return null;
    const logical = this.chart.timeScale().coordinateToLogical(x);
    const price = this.main.coordinateToPrice(y);
    if (logical === null || price === null) return null;
    const rawTime = logicalToTime(bars.time, logical);
    if (rawTime === null) return null;
    if (!snap) return { time: rawTime, price };
    const time = snapTime(bars.time, rawTime);
    const bar = barAt(bars, Math.round(timeToLogical(bars.time, time) ?? 0));
    if (!this.magnet || !bar) return { time, price };
    // A weak magnet: it takes the bar's open, high, low or close only when the pointer is near it, so
    // a line can still be drawn anywhere.
    const snapped = snapPrice(bar, price);
    const snappedY = this.main.priceToCoordinate(snapped);
    return { time, price: snappedY !== null && Math.abs(snappedY - y) <= MAGNET_PX ? snapped : price };
  }

  /** Remembers where a context menu was opened, so "Add cross-line here" lands there. */
  markContextPoint(x: number, y: number): void {
    const at = this.pointAt(x, y, true);
    this.contextPoint = at ? { ...at, at: Date.now() } : null;
  }

  /**
   * Where a new annotation goes when no click says where: the context-menu point (if recent), else
   * the crosshair, else the latest bar's close.
   */
  anchorPoint(): { time: number; price: number } | null {
    const context = this.contextPoint;
    this.contextPoint = null;
    if (context && Date.now() - context.at < 15_000) return { time: context.time, price: context.price };
    if (this.pointer) return this.pointer;
    const bars = this.bars;
    const last = bars ? barAt(bars, bars.time.length - 1) : null;
    return last ? { time: last.time, price: last.close } : null;
  }

  /**
   * Writes the price axis, the crosshair's price label and the series over the price at the series'
   * decimals (EUR/USD's 1.08345, not 1.08) once they change, or once a new main series is made.
   */
  private applyPriceFormat(): void {
    const decimals = this.priceDecimals();
    if (decimals === this.formatDecimals) return;
    this.formatDecimals = decimals;
    // Written as the legend writes prices, with thousands separators (93,250.00): lightweight-charts'
    // own 'price' format has none. It runs as the chart paints, so inside the pane's draw guard.
    const priceFormat = {
      type: 'custom' as const,
      minMove: 10 ** -decimals,
      formatter: (price: number) => this.guard.run('', () => formatPrice(price, decimals)),
    };
    this.main?.applyOptions({ priceFormat });
    this.ma.applyOptions({ priceFormat });
    this.studies.setPriceFormat(priceFormat);
    // The drawings' axis labels were written at the decimals before.
    this.annotations.invalidateTexts();
  }

  /** Test builds only (empty otherwise): the time axis labels drawn with the current format, by tick time. */
  timeAxisLabels(): [time: number, label: string][] {
    return [...this.axisLabels].sort((a, b) => a[0] - b[0]);
  }

  /** A price as the chart's price axis writes it (its series' formatter); null before the series exists. */
  priceAxisText(price: number): string | null {
    return this.main?.priceFormatter().format(price) ?? null;
  }

  /** Decimals the series' prices are written with (its tick, read by the engine; 2 before any bar). */
  priceDecimals(): number {
    return this.bars?.priceDecimals ?? DEFAULT_PRICE_DECIMALS;
  }

  /** A price step for nudging: a hundredth of the visible price range. */
  priceStep(): number {
    const height = this.chart.panes()[0]?.getHeight() ?? 300;
    const top = this.main?.coordinateToPrice(0);
    const bottom = this.main?.coordinateToPrice(height);
    return top != null && bottom != null ? Math.abs(top - bottom) / 100 : 1;
  }

  times(): ArrayLike<number> {
    return this.bars?.time ?? [];
  }

  /** The kind the price series is drawn as (a line for a series of closes). */
  private drawnKind(): FinancialKind {
    return drawnKind(this.kind, this.closesOnly);
  }

  /**
   * Follows whether the bars hold closes only (another symbol's, or the first): the volume shows only
   * for bars that have one, and the price series is made again when it is drawn another way (filled
   * with `this.bars` then). True when it was.
   */
  private followCloses(bars: BarsResult): boolean {
    const closesOnly = bars.closesOnly === true;
    if (closesOnly === this.closesOnly) return false;
    const drawn = this.drawnKind();
    this.closesOnly = closesOnly;
    // No volume: no volume pane either, so the prices take its height and no empty axis is left.
    if (closesOnly) this.removeVolume();
    else this.addVolume();
    if (this.drawnKind() === drawn) return false;
    this.createMain();
    return true;
  }

  /**
   * The volume series, in a chart pane of its own just below the prices (above any study's pane).
   * lightweight-charts removes a pane with its last series, so the volume's is made with it.
   */
  private addVolume(): void {
    if (this.volume) return;
    const index = this.chart.panes().length;
    this.volume = this.chart.addSeries(
      HistogramSeries,
      {
        priceFormat: { type: 'volume' },
        priceLineVisible: false,
        lastValueVisible: false,
        visible: this.volumeWanted,
      },
      index,
    );
    const pane = this.chart.panes()[index];
    pane?.setStretchFactor(VOLUME_STRETCH);
    if (index > 1) pane?.moveTo(1);
  }

  private removeVolume(): void {
    if (!this.volume) return;
    this.chart.removeSeries(this.volume);
    this.volume = null;
  }

  /** Switches the chart type in place; the visible time range stays where it was. */
  setKind(kind: FinancialKind): void {
    if (kind === this.kind) return;
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.kind = kind;
    this.createMain();
    if (range) this.chart.timeScale().setVisibleLogicalRange(range);
  }

  /** Shows intraday times (axis, crosshair label, annotation labels, data cursor) in `zone`. */
  setTimeZone(zone: string): void {
    if (zone === this.zone) return;
    this.zone = zone;
    this.annotations.invalidateTexts();
    this.applyTimeFormat();
    // The axis weighs its ticks when data is set: set it again, in place, for the new zone's calendar.
    if (this.bars && this.tickZone(this.bars) !== this.timeScale.zone) {
      const range = this.chart.timeScale().getVisibleLogicalRange();
      this.setData(this.bars);
      if (range) this.chart.timeScale().setVisibleLogicalRange(range);
    }
  }

  /** Daily bars stand for a calendar day whatever the zone: their ticks stay on UTC days. */
  private tickZone(bars: BarsResult): string {
    return isIntraday(bars) ? this.zone : 'UTC';
  }

  /** New formatters only when the zone or the kind of bars changed: setData runs on every level swap. */
  private applyTimeFormat(): void {
    const intraday = this.bars !== null && isIntraday(this.bars);
    const zone = this.zone;
    const format = `${zone}|${intraday}`;
    if (format === this.timeFormat) return;
    this.timeFormat = format;
    if (__TEST_HOOKS__) this.axisLabels.clear();
    this.chart.applyOptions({
      localization: {
        timeFormatter: (time: Time) =>
          this.guard.run('', () => this.crosshairTimeLabel(time as number, intraday, zone)),
      },
      timeScale: {
        // Hour ticks between the days are typed as times (a daily chart has none).
        timeVisible: intraday,
        tickMarkFormatter: (time: Time, tick: TickMarkType) =>
          this.guard.run('', () => {
            const label = axisTimeLabel(time as number, intraday, zone, TICKS[tick] ?? 'time');
            if (__TEST_HOOKS__ && label !== null) this.axisLabels.set(time as number, label);
            return label;
          }),
      },
    });
  }

  /**
   * The crosshair's time label: a bar that merges several (zoomed out on a large series) reads as the
   * span it covers, as the legend and the data table write it; any other time as itself.
   */
  private crosshairTimeLabel(time: number, intraday: boolean, zone: string): string {
    const bar = this.bars ? barStartingAt(this.bars, time) : null;
    return bar ? formatBarSpan(bar, intraday, zone) : formatBarTime(time, intraday, zone);
  }

  applyTheme(theme: Theme): void {
    this.theme = theme;
    const c = theme.colors;
    this.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: c.surface },
        textColor: c.textMuted,
        // The line between price, volume and study panes (lightweight-charts' own is near white on dark).
        panes: { separatorColor: c.grid, separatorHoverColor: c.border },
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      crosshair: {
        vertLine: { color: c.crosshair, labelBackgroundColor: c.accent },
        horzLine: { color: c.crosshair, labelBackgroundColor: c.accent },
      },
    });
    this.ma.applyOptions({ color: theme.palette[1] ?? c.accent });
    this.studies.applyTheme(theme);
    this.compared.applyTheme(theme);
    this.sessions.applyTheme(theme);
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.createMain();
    if (this.bars) this.setVolumeData(this.bars);
    if (range) this.chart.timeScale().setVisibleLogicalRange(range);
  }

  /**
   * Shows these bars. The first data (and a new symbol's, `keepView` false) opens on the last year;
   * later data of the series (a finer or coarser level swapped in, a page of history, a live bar)
   * keeps the view exactly, the times at the plot's edges (view-times.ts), so it does not jump.
   */
  setData(bars: BarsResult, keepView = true): void {
    const first = this.bars === null || !keepView;
    // The time in view (or asked for and not yet shown), which the new bars show again.
    const keep = first ? null : this.keptView();
    // Another symbol's bars: the keyboard's crosshair stood on a bar of the last one.
    if (!keepView) this.dropKeyboardCrosshair();
    // While the series are refilled, lightweight-charts reports the new bars at the old spacing against
    // the right edge: a range no one asked for, which linked panes must not follow (see LinkedView).
    this.replacing = true;
    try {
      this.fill(bars);
      if (first) this.nav.showRange('1Y');
      else if (keep) this.nav.keepTimes(keep);
    } finally {
      this.replacing = false;
    }
    this.nav.dataReplaced();
    if (this.rangeHeld) {
      this.rangeHeld = false;
      this.tellRangeAfterFrame();
    }
    this.dataChanged();
  }

  private tellRange(range: LogicalRange | null): void {
    this.toldRange = range;
    for (const listener of this.rangeListeners) listener(range);
  }

  /**
   * Tells the range of the chart's next frame, unless the chart told it itself. A frame asked for
   * after the refill runs after the chart's own, which applies the view (see ChartNavigation).
   */
  private tellRangeAfterFrame(): void {
    if (this.rangeFrame !== 0) return;
    this.rangeFrame = requestAnimationFrame(() => {
      this.rangeFrame = 0;
      const range = this.chart.timeScale().getVisibleLogicalRange();
      const told = this.toldRange;
      if (range && told && range.from === told.from && range.to === told.to) return;
      this.tellRange(range);
    });
  }

  /** Fills every series with `bars`. */
  private fill(bars: BarsResult): void {
    // Empty every series before filling any (see clear): with the old times gone, only the first
    // setData below merges times; the others find theirs in place. A level swap then costs about half.
    this.clear();
    this.bars = bars;
    this.timeScale.zone = this.tickZone(bars);
    this.applyPriceFormat();
    if (!this.followCloses(bars)) this.setMainData(bars);
    this.setVolumeData(bars);
    const ma = sma(bars.close, MA_PERIOD);
    const maRows = new Array(ma.length);
    for (let i = 0; i < ma.length; i++) maRows[i] = valueRow(bars.time[i] as number, ma[i] as number);
    this.ma.setData(maRows);
    this.studies.setData(bars);
    this.compared.align(bars.time);
    this.applyTimeFormat();
    this.nav.fitSpacing();
  }

  /**
   * Drops the bars shown, while another symbol loads. Each series is emptied in a task of its own:
   * lightweight-charts rebuilds its whole time scale when a series is emptied while others still hold
   * those times, and that cost 12 to 60 ms for the five series of a few thousand bars in one task (the
   * commit of a symbol change, where this is called, takes about as much again). Bars that arrive
   * first find the series still holding old bars emptied by `setData`.
   */
  dropBars(): void {
    this.forgetBars();
    this.emptyNext();
  }

  /** Forgets the bars shown; their series wait in `toEmpty`. Any emptying still scheduled stops. */
  private forgetBars(): void {
    this.cancelDrop();
    if (!this.bars) return;
    this.bars = null;
    this.toEmpty = this.emptyingSteps();
  }

  private emptyNext(): void {
    if (this.toEmpty.length === 0) return;
    this.dropTimer = window.setTimeout(() => {
      this.dropTimer = 0;
      this.toEmpty.shift()?.();
      this.emptyNext();
    }, 0);
  }

  private cancelDrop(): void {
    if (this.dropTimer) window.clearTimeout(this.dropTimer);
    this.dropTimer = 0;
  }

  private emptyingSteps(): (() => void)[] {
    return [
      () => this.studies.clear(),
      () => this.compared.clear(),
      () => this.ma.setData([]),
      () => this.volume?.setData([]),
      () => this.main?.setData([]),
    ];
  }

  /**
   * Empties every series still holding bars, now. lightweight-charts merges the times of all its
   * series on every `setData`: replacing one series at a time while the others still hold the old
   * symbol's times costs several times more than emptying them first.
   */
  private clear(): void {
    this.forgetBars();
    for (const step of this.toEmpty.splice(0)) step();
  }

  /**
   * Shows bars that changed from index `from` on (the live feed's latest) with `series.update`, not
   * `setData`: lightweight-charts then redraws without processing the whole series again. `bars`
   * holds what was shown before plus the change (bars are only replaced or appended).
   */
  updateBars(bars: BarsResult, from: number): void {
    const previous = this.bars?.time.length ?? 0;
    this.bars = bars;
    // A feed's trade may have raised the decimals its prices are written with.
    this.applyPriceFormat();
    const main = this.main;
    const lineKind = isLineKind(this.drawnKind());
    const colors = this.volumeColors();
    for (let i = Math.max(0, from); i < bars.time.length; i++) {
      // Only the last bar or a new one is a plain update; an older bar is a (slower) historical one.
      const historical = i < previous - 1;
      main?.update(mainRow(bars, i, lineKind), historical);
      this.volume?.update(volumeRow(bars, i, colors), historical);
      this.ma.update(valueRow(bars.time[i] as number, movingAverageAt(bars.close, i, MA_PERIOD)), historical);
    }
    this.studies.update(bars, from, previous);
    this.compared.alignFrom(bars.time, from, previous);
    this.dataChanged();
  }

  private dataChanged(): void {
    for (const listener of this.dataListeners) listener();
  }

  /** Called when the bars change (new data, a finer level, a live update). */
  onData(listener: () => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /**
   * The bar that holds `time` (the last one starting at or before it; a daily bar holds its day's
   * minutes), the latest for null, with the close before it and the moving average; null before data
   * or before the first bar.
   */
  readingAt(
    time: number | null,
  ): { bar: LegendBar; previousClose: number | null; ma: number; intraday: boolean } | null {
    const bars = this.bars;
    if (!bars || bars.time.length === 0) return null;
    const index = time === null ? bars.time.length - 1 : upperBound(bars.time, time) - 1;
    const bar = barAt(bars, index);
    if (!bar) return null;
    return {
      bar,
      previousClose: index > 0 ? (bars.close[index - 1] as number) : null,
      ma: movingAverageAt(bars.close, index, MA_PERIOD),
      intraday: isIntraday(bars),
    };
  }

  private setMainData(bars: BarsResult): void {
    if (!this.main) return;
    const n = bars.time.length;
    const rows: MainRow[] = new Array(n);
    const lineKind = isLineKind(this.drawnKind());
    for (let i = 0; i < n; i++) rows[i] = mainRow(bars, i, lineKind);
    this.main.setData(rows);
  }

  private volumeColors(): VolumeColors {
    const { up, down } = this.theme.colors;
    return { up: withAlpha(up, 0.55), down: withAlpha(down, 0.55) };
  }

  private setVolumeData(bars: BarsResult): void {
    if (!this.volume) return;
    const colors = this.volumeColors();
    const rows = new Array(bars.time.length);
    for (let i = 0; i < bars.time.length; i++) rows[i] = volumeRow(bars, i, colors);
    this.volume.setData(rows);
  }

  /** Shows exactly these studies (studies.ts ids, in the order added); `hidden` ones are not drawn. */
  setStudies(ids: readonly string[], hidden: readonly string[]): void {
    this.studies.set(ids, new Set(hidden));
  }

  /** A study's output values at the bar of `time` (the latest for null), for the legend. */
  studyValuesAt(id: string, time: number | null): number[] {
    return this.studies.valuesAt(id, time);
  }

  setVisibility(v: SeriesVisibility): void {
    this.priceWanted = v.price;
    this.main?.applyOptions({ visible: v.price });
    this.volumeWanted = v.volume;
    this.volume?.applyOptions({ visible: v.volume });
    this.ma.applyOptions({ visible: v.ma });
  }

  /** Turns the log axis on or off; refuses (with the console warning of docs/reference-constants.md) when prices reach zero. */
  setLogScale(on: boolean): boolean {
    const problem = on && this.bars ? logScaleProblem(this.bars) : null;
    if (problem) console.warn(problem);
    this.logWanted = on && !problem;
    this.applyScaleMode();
    return this.logWanted;
  }

  /**
   * Percent (or indexed to 100) while other symbols are compared, from the first bar in view; else
   * log or linear.
   */
  private applyScaleMode(): void {
    const mode =
      this.compared.count > 0
        ? this.compareScale === 'indexed'
          ? PriceScaleMode.IndexedTo100
          : PriceScaleMode.Percentage
        : this.logWanted
          ? PriceScaleMode.Logarithmic
          : PriceScaleMode.Normal;
    this.chart.priceScale('right').applyOptions({ mode });
  }

  /** Compares these symbols (lines in percent or indexed to 100); their bars come with `setComparedData`. */
  setCompared(symbols: readonly string[], scale: CompareScale = 'percent'): void {
    this.compared.set(symbols);
    this.compareScale = scale;
    this.applyScaleMode();
  }

  /** A compared symbol's bars (its own times): its line is laid on this chart's bars. */
  setComparedData(symbol: string, bars: BarsResult): void {
    this.compared.setSource(symbol, bars);
    for (const listener of this.comparedListeners) listener();
  }

  /** Called when a compared symbol's closes came or grew (see comparedInView). */
  onComparedData(listener: () => void): () => void {
    this.comparedListeners.add(listener);
    return () => this.comparedListeners.delete(listener);
  }

  /**
   * Whether a compared symbol's line has closes in the view (its legend says when it has none); null
   * before its bars came.
   */
  comparedInView(symbol: string): boolean | null {
    const source = this.compared.source(symbol);
    const view = this.coveredTimeRange();
    if (!source || !view) return null;
    const reach = closesReach(source);
    return reach !== null && reach.from <= view.to && reach.to >= view.from;
  }

  /** A compared symbol's own live bars (oldest first): its line follows them. */
  updateComparedLive(symbol: string, bars: readonly { time: number; close: number }[]): void {
    this.compared.extendLive(symbol, bars);
    this.dataChanged();
    for (const listener of this.comparedListeners) listener();
  }

  /** A compared symbol's close at a bar time (the data window's row for it), and its decimals. */
  comparedCloseAt(symbol: string, time: number): { close: number; decimals?: number } {
    const decimals = this.compared.decimalsOf(symbol);
    const close = this.compared.closeAt(symbol, time);
    return decimals === undefined ? { close } : { close, decimals };
  }

  /** A compared symbol's closes as held, or undefined before they came. */
  comparedSource(symbol: string): CloseSource | undefined {
    return this.compared.source(symbol);
  }

  visibleLogicalRange() {
    return this.chart.timeScale().getVisibleLogicalRange();
  }

  /** Calls back with the visible logical range whenever it changes (zoom, pan, data swap). */
  onVisibleRange(callback: (range: LogicalRange | null) => void): () => void {
    this.rangeListeners.add(callback);
    return () => this.rangeListeners.delete(callback);
  }

  /** Shows a time range (UTC seconds), from and to the bars that hold its ends. */
  showTimeRange(range: { from: number; to: number }): void {
    this.nav.showTimes(range);
  }

  /** Shows a time range (UTC seconds) exactly, as `keptView` gave it (see ChartNavigation.keepTimes). */
  keepTimeRange(range: { from: number; to: number }): void {
    this.nav.keepTimes(range);
  }

  /** How many bars the view shows (merged ones count once); null before data. */
  visibleBarCount(): number | null {
    const range = this.chart.timeScale().getVisibleLogicalRange();
    return range ? Math.max(0, range.to - range.from) : null;
  }

  /**
   * About how many native bars the view's time holds (space before the first bar included, at the
   * time `keptView` gives it), at the series' average native spacing: what a page of history must
   * bring to fill a screen.
   */
  nativeBarsInView(): number | null {
    const bars = this.bars;
    const view = this.keptView();
    if (!bars || !view) return null;
    const spacing = spanSpacing(bars.first, bars.last, bars.nativeCount);
    const to = Math.min(view.to, bars.last);
    return spacing > 0 && to > view.from ? (to - view.from) / spacing : null;
  }

  /**
   * The time the bars in view cover (a range asked for and not yet shown counts): from the first
   * bar's start to the last bar's end, which for a merged bar is the end of its span. Null before data.
   */
  coveredTimeRange(): { from: number; to: number } | null {
    const view = this.barsInView();
    return view ? coveredTimes(view.bars, view.from, view.to) : null;
  }

  /**
   * The view to keep across another interval's bars: the time its whole bars cover (a merged bar's
   * span to its end, which the finer bars are to fill), with an open end (+Infinity) when it reaches
   * the latest bar, so that it still ends at the latest bar, as the live edge stays in view. Null
   * before data.
   */
  viewToKeep(): { from: number; to: number } | null {
    const view = this.barsInView();
    const range = view && coveredTimes(view.bars, view.from, view.to);
    if (!view || !range) return null;
    const to = view.to === view.bars.time.length - 1 ? Number.POSITIVE_INFINITY : range.to;
    // Space left of the first bar (the user scrolled past it): the time it stands for (view-times.ts).
    const logical = this.nav.visibleBars();
    const before = logical && logical.from < 0 ? viewTimes(view.bars.time, logical) : null;
    return { from: before ? before.from : range.from, to };
  }

  /**
   * The view as it is, in time: the times at the plot's edges (view-times.ts). Shown again with
   * `keepTimeRange` over new bars of the same series at any resolution (a page of history as a coarse
   * level, then finer bars), it is the same view, where `viewToKeep`'s whole bars widen it by up to a
   * bar each side each time. Null before data.
   */
  keptView(): { from: number; to: number } | null {
    // Asked for over the bars just set and not shown yet: the range reported is the old bars'.
    const keeping = this.nav.keptTimes();
    if (keeping) return keeping;
    const logical = this.nav.visibleBars();
    return this.bars && logical ? viewTimes(this.bars.time, logical) : null;
  }

  /**
   * The view for judging whether earlier history is wanted (EarlierEdge): the times at its edges (the
   * right one at the latest bar when the view reaches it) and the first bar's. Null before data.
   */
  edgeView(): { from: number; to: number; first: number } | null {
    const bars = this.bars;
    const view = this.keptView();
    const n = bars?.time.length ?? 0;
    if (!bars || !view || n === 0) return null;
    return {
      from: view.from,
      to: Math.min(view.to, bars.time[n - 1] as number),
      first: bars.time[0] as number,
    };
  }

  visibleTimeRange(): { from: number; to: number } | null {
    const range = this.chart.timeScale().getVisibleRange();
    return range ? { from: range.from as number, to: range.to as number } : null;
  }

  /**
   * Moves the keyboard data cursor bar by bar (or to an end, or by a screen): the crosshair stands on
   * the bar's close, the chart scrolls to keep it in view, and listeners get what a screen reader reads.
   */
  moveCursor(move: CursorMove): void {
    const bars = this.bars;
    const view = this.nav.visibleBars();
    if (!bars || !view || !this.main) return;
    const index = movedCursor(this.cursor, move, bars.time.length, view);
    const bar = index === null ? null : barAt(bars, index);
    if (index === null || !bar) return;
    this.cursor = index;
    const scrolled = rangeShowing(index, view);
    if (scrolled) this.nav.show(scrolled);
    this.placeCrosshair(bar.close, bar.time);
    // New annotations (X, H, V) go where the cursor is; the legend and the tooltip follow it.
    this.pointer = { time: bar.time, price: bar.close };
    const x = timeToX(this.chart.timeScale(), bars.time, bar.time);
    const y = this.main.priceToCoordinate(bar.close);
    const point = x != null && y != null ? { x, y } : null;
    this.tell(point ? bar : null, point);
    const reading = cursorReading(bar, barAt(bars, index - 1), isIntraday(bars), this.zone);
    for (const listener of this.cursorListeners) listener(reading);
  }

  /** The bars in view as indexes into the series (for the data table), or null before data. */
  barsInView(): { bars: BarsResult; from: number; to: number } | null {
    const bars = this.bars;
    const view = this.nav.visibleBars();
    if (!bars || !view || bars.time.length === 0) return null;
    const last = bars.time.length - 1;
    const from = Math.min(last, Math.max(0, Math.ceil(view.from - 0.5)));
    const to = Math.min(last, Math.max(from, Math.floor(view.to + 0.5)));
    return { bars, from, to };
  }

  /** Takes the data cursor away (the pane lost focus); the next step starts from the view again. */
  hideCursor(): void {
    if (this.cursor === null) return;
    this.dropKeyboardCrosshair();
  }

  /** Takes away the crosshair the keyboard placed (the data or drawing cursor's), if it stands. */
  private dropKeyboardCrosshair(): void {
    if (this.cursor === null && this.keyboardCrosshair === null) return;
    this.cursor = null;
    this.keyboardCrosshair = null;
    this.chart.clearCrosshairPosition();
    this.tell(null, null);
  }

  /** What the data cursor reads at each step. */
  onCursor(listener: (reading: string) => void): () => void {
    this.cursorListeners.add(listener);
    return () => this.cursorListeners.delete(listener);
  }

  /** The bar under the crosshair, or null when the pointer is not over the chart. */
  onCrosshair(callback: CrosshairListener): () => void {
    this.crosshairListeners.add(callback);
    return () => this.crosshairListeners.delete(callback);
  }

  /**
   * Zooms the chart makes itself (the wheel, a pinch, a drag on an axis) set the spacing a short
   * series is drawn at (ChartNavigation.userZoomed): a wheel always, a press when it changed the spacing.
   */
  private watchUserZoom(container: HTMLElement): void {
    const spacing = () => this.chart.timeScale().options().barSpacing;
    let pressedAt: number | null = null;
    const released = (): void => {
      if (pressedAt !== null && spacing() !== pressedAt) this.nav.userZoomed();
      pressedAt = null;
    };
    const listeners: [string, () => void][] = [
      ['wheel', () => this.nav.userZoomed()],
      ['pointerdown', () => (pressedAt ??= spacing())],
      ['pointerup', released],
      ['pointercancel', released],
    ];
    for (const [type, listener] of listeners) container.addEventListener(type, listener, { passive: true });
    this.unwatchUserZoom = () => {
      for (const [type, listener] of listeners) container.removeEventListener(type, listener);
    };
  }

  private unwatchUserZoom = (): void => {};

  /**
   * The container's width as last laid out. Bar requests are sized by it; reading `clientWidth` in a
   * commit (an interval switch, a symbol change) forced a layout of the whole workspace there, 2 to
   * 3 ms each time.
   */
  width(): number {
    return this.laidOutWidth;
  }

  /**
   * The price plot's width in pixels: the container's less the price axis, which widens and narrows
   * with the prices it writes (and so changes how many bars show at the same spacing).
   */
  plotWidth(): number {
    return this.chart.timeScale().width();
  }

  destroy(): void {
    this.resizes.disconnect();
    cancelAnimationFrame(this.crosshairFrame);
    cancelAnimationFrame(this.rangeFrame);
    this.cancelDrop();
    this.unwatchUserZoom();
    this.chart.remove();
  }
}
