/**
 * The data path of one financial chart once its coarse bars are shown: finer bars swapped in as the
 * user zooms (level-swap.ts), and for a live symbol the feed's updates folded into the latest bars
 * (live-compose.ts) and drawn with `series.update`. Imperative glue between the engine client, the
 * live feed and the chart; the decisions are in the pure modules it calls.
 */
import { intervalSeconds, parseInterval } from '../../../core/bars/interval';
import type { BarsRequest, BarsResult, SymbolInfo } from '../../../core/protocol';
import {
  type EngineClient,
  getEngineClient,
  isStaleRequestError,
  StaleRequestError,
} from '../../data/engine-client';
import { type LiveBarUpdate, subscribeLiveBars } from '../../data/live-bars';
import { trackLivePane } from '../../data/live-feed-status';
import { DEFAULT_PRICE_DECIMALS } from '../../data/price-format';
import type { SessionStore } from '../../session/session-store';
import { barAt, type LegendBar } from './chart-data';
import { DisplaySeries } from './display-series';
import type { FinancialChart } from './financial-chart';
import { keptBarsMax, keptTimeRange, MIN_KEPT_BARS } from './kept-range';
import {
  type FineWindow,
  insideWindow,
  MAX_BARS_PER_PIXEL,
  MIN_BARS_PER_PIXEL,
  pastFineWindow,
  refinementRequest,
  spliceBars,
} from './level-swap';
import { applyLiveBars, composeLive, tailFactor } from './live-compose';
import { LiveTail } from './live-tail';
import { STUDY_LEAD_BARS } from './studies';

/**
 * The most bars handed to lightweight-charts at once. Its `setData` costs a few microseconds a bar
 * and series (docs/headless-chromium.md: 1M bars take seconds), and every frame draws every bar in view. A
 * series this small is handed over whole; a larger one arrives as a coarse level of about one bar
 * per two pixel columns for its whole range, and finer bars are swapped in for the window the user
 * zooms into (level-swap.ts), so no task or frame grows with the series.
 */
export const MAX_BARS = 8_000;
const MIN_BARS = 200;
/** Finer bars are asked for once the view has held this long (a zoom gesture's steps come closer)... */
const REFINE_DELAY_MS = 150;
/**
 * ...or once it has moved this long without holding: a steady drag or a held arrow key back through
 * history showed its coarse bars (a few bars of hours each) for as long as it went on.
 */
const REFINE_MAX_WAIT_MS = 450;

/** Bars of the first, whole-range request: the series whole if it is small, else ~1 per 2 px. */
export function initialBars(count: number | undefined, widthPx: number): number {
  if (count !== undefined && count <= MAX_BARS) return MAX_BARS;
  return Math.min(MAX_BARS, Math.max(MIN_BARS, Math.ceil(widthPx * MAX_BARS_PER_PIXEL)));
}

/**
 * Bars of a refinement: at most ~1 bar per 2 px of view over the part of the window that holds bars
 * (a window past the series' ends holds fewer, and must not come back denser for it).
 */
export function windowBars(
  widthPx: number,
  view: { from: number; to: number },
  window: { from: number; to: number },
  series: { first: number; last: number },
): number {
  const covered = Math.min(window.to, series.last) - Math.max(window.from, series.first);
  const views = Math.max(0, covered) / Math.max(1, view.to - view.from);
  return Math.min(MAX_BARS, Math.max(MIN_BARS, Math.ceil(views * widthPx * MAX_BARS_PER_PIXEL)));
}

/**
 * The staleness key of a pane's bar requests (its first load and every refinement): a newer request
 * makes an unanswered older one stale, and the worker skips it if it has not started it.
 */
export function barsRequestKey(paneId: string): string {
  return `financial-bars:${paneId}`;
}

/** Which bars a pane shows: its interval (absent: the data's own), and only in-session bars or all. */
export type BarSpec = Pick<BarsRequest, 'interval' | 'sessionOnly'>;

export function barSpec(interval: string | null, sessionOnly: boolean): BarSpec {
  return { ...(interval ? { interval } : {}), ...(sessionOnly ? { sessionOnly: true } : {}) };
}

export interface ChartBars {
  bars: BarsResult;
  /** The feed moves this symbol's latest bar (SymbolInfo.live). */
  live: boolean;
  /**
   * That feed is a configured real one (SymbolInfo.feed) or a history source followed for new
   * trades (SymbolInfo.source), not the simulator.
   */
  feed: boolean;
}

/**
 * A pane's first bars for `symbol`, sized for a plot `widthPx` wide. Rejects with a
 * `StaleRequestError` when a newer load of the pane superseded it, or `stale()` says so once the
 * symbol list is in (so an older load can never supersede a newer one's request).
 */
export async function loadChartBars(
  paneId: string,
  symbol: string,
  widthPx: number,
  stale: () => boolean = () => false,
  client: EngineClient = getEngineClient(),
  spec: BarSpec = {},
  /** The request's staleness key: the pane's bars key unless another is given. */
  key: string = barsRequestKey(paneId),
): Promise<ChartBars> {
  const symbols = await client.call('listSymbols');
  if (stale()) throw new StaleRequestError(key, 'getBars');
  const info = symbols.find((s) => s.symbol === symbol);
  const maxBars = initialBars(barsAtInterval(info, spec.interval ?? null), widthPx);
  const bars = await client.callLatest(key, 'getBars', { symbol, maxBars, ...spec });
  return { bars, live: info?.live === true, feed: notSimulated(info) };
}

/**
 * A compared symbol's bars for the first view, as the pane's own are asked for (same interval, a
 * level that fits the width); not keyed per pane, so it never supersedes the pane's own request.
 */
export async function loadCompareBars(
  symbol: string,
  widthPx: number,
  spec: BarSpec,
  client: EngineClient = getEngineClient(),
): Promise<ChartBars> {
  const symbols = await client.call('listSymbols');
  const info = symbols.find((s) => s.symbol === symbol);
  if (!info) throw new Error(`There is no symbol ${symbol} to compare`);
  const maxBars = initialBars(barsAtInterval(info, spec.interval ?? null), widthPx);
  const bars = await client.call('getBars', { symbol, maxBars, ...spec });
  return { bars, live: info.live === true, feed: notSimulated(info) };
}

/** Its live bars come from a configured feed or source, not the simulator (whose panes it counts). */
function notSimulated(info: SymbolInfo | undefined): boolean {
  return info?.feed !== undefined || info?.source !== undefined;
}

/** About how many bars the series has at `interval` (its own count when null or finer). */
function barsAtInterval(
  info: { count: number; first: number; last: number } | undefined,
  interval: string | null,
): number | undefined {
  const parsed = interval ? parseInterval(interval) : null;
  if (!info || !parsed) return info?.count;
  return Math.min(info.count, Math.ceil((info.last - info.first) / intervalSeconds(parsed)) + 1);
}

export interface ChartFeedOptions {
  paneId: string;
  chart: FinancialChart;
  container: HTMLElement;
  /** The whole series at a level of at most MAX_BARS bars, as first shown. */
  coarse: BarsResult;
  /** Follow the live feed (SymbolInfo.live). */
  live: boolean;
  /** A real feed moves it (its status is the feed's), not the simulator. */
  feed?: boolean;
  /** The pane's interval and session choice (refinements ask for the same bars). */
  spec?: BarSpec;
  /** A time range to show instead of the latest year (the range kept across an interval change). */
  range?: KeptView | null;
  /** The latest bar moved (live symbols): the legend shows it while nothing is hovered. */
  onLatest(bar: LegendBar): void;
  /** Counts the pane among the live ones while it follows the feed. */
  session: SessionStore;
  client?: EngineClient;
}

/**
 * The view before an interval change or new data: its time range, and how many bars it showed
 * (null: unknown; infinite: no cap, the same interval's view kept as it was).
 */
export interface KeptView {
  from: number;
  to: number;
  barsInView: number | null;
}

/** Starts refinement on zoom and, for a live symbol, the live feed; returns the function that stops both. */
export function startChartFeed(options: ChartFeedOptions): () => void {
  const { paneId, chart, container, coarse, live, onLatest } = options;
  const client = options.client ?? getEngineClient();
  let stopped = false;
  let shown = coarse;
  let fine: BarsResult | null = null;
  let fineWindow: FineWindow | null = null;
  let generation = 0;
  // The refinement asked for and not answered yet (its generation; 0: none).
  let inFlight = 0;
  let timer = 0;
  // Live state: the native tail, the bars shown (owned, patched in place) and the tail's factor.
  let tail: LiveTail | null = null;
  let tailAt: number | null = null;
  const display = new DisplaySeries();
  let updates = 0;
  let stopLive = (): void => {};

  const show = (): void => {
    const base = fine ? spliceBars(coarse, fine) : coarse;
    tailAt = tail ? tailFactor(coarse, fine, tail) : null;
    shown = tail && tailAt !== null ? composeLive(display, base, tail, tailAt) : base;
    chart.setData(shown);
  };
  const sameSeries = options.range?.barsInView === Number.POSITIVE_INFINITY;

  // A new symbol (or the first data) opens on its own latest year, not on the previous symbol's view.
  chart.setData(coarse, false);
  if (options.range) {
    const { from, to, barsInView } = options.range;
    // Bars at the middle of the density the levels keep (level-swap.ts): shown unmerged, not at the
    // edge where a coarser window would be asked for.
    const density = (MIN_BARS_PER_PIXEL + MAX_BARS_PER_PIXEL) / 2;
    const limits = { min: MIN_KEPT_BARS, max: keptBarsMax(barsInView, chart.width(), density) };
    // Shown exactly over these coarse bars, so that the finer ones asked for next show it too (whole
    // coarse bars would widen it: view-times.ts). New data of the series at the same interval (a page of
    // history) keeps the view as it was, however few of these bars it holds.
    chart.keepTimeRange(sameSeries ? { from, to } : keptTimeRange({ from, to }, coarse, limits));
  }
  container.dataset.factorInView = String(coarse.factor);

  const refine = (): void => {
    // To the end of the last bar in view: a merged one's span, which finer bars are to fill.
    const view = chart.coveredTimeRange();
    if (!view) return;
    container.dataset.factorInView = String(
      insideWindow(fineWindow, view) ? fineWindow.factor : coarse.factor,
    );
    const request = refinementRequest(shown, fineWindow, { ...view, widthPx: chart.width() });
    if (!request) return;
    const asked = ++generation;
    const maxBars = windowBars(chart.width(), view, request, coarse);
    inFlight = asked;
    const landed = (): void => {
      if (inFlight === asked) inFlight = 0;
    };
    client
      .callLatest(barsRequestKey(paneId), 'getBars', {
        symbol: coarse.symbol,
        ...request,
        maxBars,
        lead: STUDY_LEAD_BARS,
        ...options.spec,
      })
      .then(
        (bars) => {
          landed();
          // Stopped (a new symbol), or a newer refinement was asked for since.
          if (stopped || asked !== generation) return;
          if (bars.factor >= coarse.factor) {
            // Zoomed out so far that the coarse level suits the view: drop the fine window.
            container.dataset.factorInView = String(coarse.factor);
            if (!fine) return;
            fine = null;
            fineWindow = null;
            show();
            return;
          }
          fine = bars;
          fineWindow = { from: request.from, to: request.to, factor: bars.factor };
          show();
          container.dataset.factorInView = String(bars.factor);
        },
        // Stale (superseded) or failed: the coarse bars stay, which is all a refinement can lose.
        landed,
      );
  };
  // When the view began moving since the last refinement (0: it has not).
  let movingSince = 0;
  const refineNow = (): void => {
    movingSince = 0;
    refine();
  };
  // A view moving past its fine window over coarser bars stretches in time with every step: it asks
  // at once, one request at a time (a request each frame would supersede every answer until it stops).
  const pastFine = (): boolean => {
    const view = fineWindow && chart.coveredTimeRange();
    return view ? pastFineWindow(coarse.factor, fineWindow, view) : false;
  };
  const stopRange = chart.onVisibleRange(() => {
    window.clearTimeout(timer);
    if (inFlight === 0 && pastFine()) {
      refineNow();
      return;
    }
    const now = performance.now();
    if (movingSince === 0) movingSince = now;
    const wait = Math.min(REFINE_DELAY_MS, movingSince + REFINE_MAX_WAIT_MS - now);
    timer = window.setTimeout(refineNow, Math.max(0, wait));
  });

  const onBar = (update: LiveBarUpdate): void => {
    if (stopped || !tail || tailAt === null) return;
    // A real feed's trades needed more decimals than its first bars (0.51, then 0.5123): every view of
    // the bars takes them, and the chart writes its prices again.
    const decimals = update.priceDecimals;
    const pricesRaised =
      decimals !== undefined && decimals > (coarse.priceDecimals ?? DEFAULT_PRICE_DECIMALS);
    if (pricesRaised) {
      coarse.priceDecimals = decimals;
      if (fine) fine.priceDecimals = decimals;
    }
    // Likewise its volumes (0.5, then 0.51234), which the readouts take from the bars shown.
    const volumeDecimals = update.volumeDecimals;
    const volumesRaised = volumeDecimals !== undefined && volumeDecimals > (coarse.volumeDecimals ?? 0);
    if (volumesRaised) {
      coarse.volumeDecimals = volumeDecimals;
      if (fine) fine.volumeDecimals = volumeDecimals;
    }
    const raised = pricesRaised || volumesRaised;
    // The shown bars take the new decimals in place: setData of them all took 1 to 5 ms a raise, and a
    // feed's sizes raise them a digit at a time (bench feed-load: 13 raises in 30 s over 8 panes).
    if (raised) display.setDecimals(coarse.priceDecimals, coarse.volumeDecimals);
    const first = applyLiveBars(display, tail, tailAt, [...update.closed, update.bar]);
    if (first === null && !raised) return;
    if (first === 'recompose') show();
    else {
      shown = display.view();
      chart.updateBars(shown, first ?? shown.time.length);
    }
    updates += 1;
    container.dataset.liveUpdates = String(updates);
    const latest = barAt(shown, shown.time.length - 1);
    if (latest) onLatest(latest);
  };

  const goLive = (native: BarsResult): void => {
    const last = coarse.time.length - 1;
    // The coarse level covers the whole series from native bar 0, so its last bar starts here.
    const startIndex = last * coarse.factor;
    if (native.factor !== 1 || native.time.length !== coarse.nativeCount - startIndex) {
      console.warn(`Live feed for ${coarse.symbol} not shown: its latest bars did not line up`);
      return;
    }
    tail = new LiveTail(startIndex, native);
    const base = fine ? spliceBars(coarse, fine) : coarse;
    tailAt = tailFactor(coarse, fine, tail);
    if (tailAt === null) return;
    // The stored tail merges into exactly the bars shown: hand the chart its own copy, no setData.
    shown = composeLive(display, base, tail, tailAt);
    chart.updateBars(shown, shown.time.length - 1);
    // The simulator's status counts the panes it feeds; a real feed's panes have the feed's own status.
    const untrack = options.feed ? () => {} : trackLivePane(options.session);
    // At the pane's interval and session choice: the worker folds the feed's bars into the pane's.
    const unsubscribe = subscribeLiveBars(coarse.symbol, onBar, options.spec);
    container.dataset.live = 'true';
    stopLive = () => {
      unsubscribe();
      untrack();
      delete container.dataset.live;
    };
  };

  const last = coarse.time.length - 1;
  if (live && last >= 0) {
    // The pane's own bars (at its interval, factor 1) under the last coarse bar: live updates are
    // merged with them.
    client
      .callLatest(`financial-live-tail:${paneId}`, 'getBars', {
        symbol: coarse.symbol,
        from: coarse.time[last] as number,
        maxBars: coarse.factor,
        ...options.spec,
      })
      .then(
        (native) => {
          if (!stopped) goLive(native);
        },
        (error: unknown) => {
          if (!isStaleRequestError(error)) console.warn(`Live feed for ${coarse.symbol} failed:`, error);
        },
      );
  }

  return () => {
    stopped = true;
    generation++;
    window.clearTimeout(timer);
    stopRange();
    stopLive();
  };
}
