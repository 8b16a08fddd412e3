/**
 * The engine's one owner of series data. Each series is registered with a description and a loader;
 * the columns are produced on first use and kept (synthetic series are only generated when asked
 * for). Callers get read access: anything sent to the main thread must be a copy, because results
 * are transferred and transferring a stored buffer would detach it here.
 */

import type { BarColumns } from '../core/bars/bar-columns';
import { type Interval, intervalText } from '../core/bars/interval';
import type { BarsResult, DatasetInfo, SymbolInfo } from '../core/protocol';
import { isAroundTheClock, type TradingSession } from '../core/sessions/trading-session';
import { type BucketOutline, bucketOutline, leastSpacing } from './aggregate/bucket-groups';
import { buildMinMaxIndex, type MinMaxIndex } from './aggregate/minmax-index';
import {
  levelCount,
  type OhlcLevels,
  ohlcLevels,
  type WindowRequest,
  windowAnswer,
} from './aggregate/ohlc-levels';
import { priceDecimals, volumeDecimals } from './aggregate/price-decimals';
import { RESAMPLE_STEP_BARS, ResampleSteps, resampleBars, sessionBars } from './aggregate/resample';
import type { BarSeries, LineSeries } from './fixtures/parse-fixtures';

export type TimeSeries = { kind: 'bars'; series: BarSeries } | { kind: 'line'; series: LineSeries };

/** Columns of an xy dataset; `category` indexes `categories`, `labels` names each item. */
export interface XySeries {
  x: Float64Array;
  y: Float64Array;
  size?: Float64Array;
  category?: Int32Array;
  labels?: string[];
}

const DAY_SECONDS = 86_400;

/** Above this many bars levels merge 4 at a time (a third of the extra memory instead of all of it). */
const QUATERNARY_LEVELS_ABOVE = 2_000_000;

interface Entry<Info, Data> {
  info: Info;
  load: () => Data;
  data?: Data;
}

/** What a series from a history source declares beyond its description and loader. */
export interface SeriesTraits {
  /** Its bars are intraday whatever its range says (a source's symbol before its span is known). */
  intraday?: boolean;
  /** Decimals of its price and size steps, as its source tells them. */
  priceDecimals?: number;
  volumeDecimals?: number;
  /**
   * The bars a chart at `interval` is made from, held by its source at that resolution (finer ones
   * resampled here); without it every interval is resampled from the series' own bars.
   */
  barsAt?(interval: Interval): BarColumns;
}

/** Resampled pyramids kept per symbol (panes of one symbol at a few intervals). */
const RESAMPLED_KEPT = 4;

interface SeriesEntry extends Entry<SymbolInfo, TimeSeries> {
  traits?: SeriesTraits;
  columns?: BarColumns;
  levels?: OhlcLevels;
  /** Pyramids of the series resampled to other intervals, by interval text, most recent last. */
  resampled?: Map<string, OhlcLevels>;
  /** Resamples being made over several tasks, by the same keys. */
  resampling?: Map<string, Resampling>;
  closeIndex?: MinMaxIndex;
  priceDecimals?: number;
  volumeDecimals?: number;
}

/** A resample made a step a task (`buildLevelsAt`); `levelsAt` finishes it at once when asked. */
interface Resampling {
  steps: ResampleSteps;
  done: Promise<void>;
  /** Its buckets counted from the runs of bars (null: they cannot be), once a view asks. */
  outline?: BucketOutline | null;
}

/** The levels of a series' bars: merged 4 at a time above QUATERNARY_LEVELS_ABOVE bars, else 2. */
function levelsOf(columns: BarColumns): OhlcLevels {
  return ohlcLevels(columns, { step: levelStep(columns.time.length) });
}

function levelStep(count: number): number {
  return count > QUATERNARY_LEVELS_ABOVE ? 4 : 2;
}

export interface SeriesStoreOptions {
  /** Bars a resample folds a step (`buildLevelsAt`); more than this make it take several. */
  resampleStepBars?: number;
}

export class SeriesStore {
  private readonly series = new Map<string, SeriesEntry>();
  private readonly datasets = new Map<string, Entry<DatasetInfo, XySeries>>();
  private readonly resampleStepBars: number;
  /** The least spacing of bars held, by their time column (`leastSpacing`), read once. */
  private readonly spacings = new WeakMap<Float64Array, number>();

  constructor(options: SeriesStoreOptions = {}) {
    this.resampleStepBars = Math.max(1, options.resampleStepBars ?? RESAMPLE_STEP_BARS);
  }

  /** Registers a time series; `load` runs on first use. A symbol has one owner: re-registering throws. */
  registerSeries(info: SymbolInfo, load: () => TimeSeries, traits?: SeriesTraits): void {
    if (this.series.has(info.symbol)) throw new Error(`Series ${info.symbol} is already registered`);
    this.series.set(info.symbol, { info, load, ...(traits ? { traits } : {}) });
  }

  /** Registers an already loaded series, describing it from its columns. */
  addSeries(entry: TimeSeries, name: string, session?: TradingSession): void {
    const { time, symbol } = entry.series;
    const info: SymbolInfo = {
      symbol,
      name,
      kind: entry.kind,
      first: time[0] ?? Number.NaN,
      last: time[time.length - 1] ?? Number.NaN,
      count: time.length,
      ...(session ? { session } : {}),
    };
    this.registerSeries(info, () => entry);
  }

  registerDataset(info: DatasetInfo, load: () => XySeries): void {
    if (this.datasets.has(info.dataset)) throw new Error(`Dataset ${info.dataset} is already registered`);
    this.datasets.set(info.dataset, { info, load });
  }

  listSymbols(): SymbolInfo[] {
    return [...this.series.values()].map((entry) => ({ ...entry.info }));
  }

  listDatasets(): DatasetInfo[] {
    return [...this.datasets.values()].map((entry) => ({
      ...entry.info,
      categories: [...entry.info.categories],
    }));
  }

  hasSymbol(symbol: string): boolean {
    return this.series.has(symbol);
  }

  /** The symbol's description (a copy), or undefined when there is no such symbol. */
  symbolInfo(symbol: string): SymbolInfo | undefined {
    const info = this.series.get(symbol)?.info;
    return info && { ...info };
  }

  /**
   * Forgets a series with its columns, levels and index (a removed import); false when there was no
   * such symbol. Results already sent are copies, so nothing on the main thread is affected.
   */
  removeSeries(symbol: string): boolean {
    return this.series.delete(symbol);
  }

  /**
   * Forgets a series' columns and everything made from them (levels, resampled pyramids, index,
   * decimals), keeping its description and loader: the next use loads it again (a feed symbol whose
   * history grew). Results already sent are copies, so nothing on the main thread is affected.
   */
  forgetData(symbol: string): void {
    const { info, load, traits } = this.seriesEntry(symbol);
    this.series.set(symbol, { info, load, ...(traits ? { traits } : {}) });
  }

  /** Whether the columns exist yet (tests and diagnostics: synthetic series are lazy). */
  isLoaded(symbol: string): boolean {
    return this.series.get(symbol)?.data !== undefined;
  }

  getSeries(symbol: string): TimeSeries {
    const entry = this.seriesEntry(symbol);
    entry.data ??= entry.load();
    return entry.data;
  }

  getDataset(dataset: string): { info: DatasetInfo; data: XySeries } {
    const entry = this.datasets.get(dataset);
    if (!entry) throw new Error(`Unknown dataset: ${dataset}`);
    entry.data ??= entry.load();
    return { info: entry.info, data: entry.data };
  }

  /** Time and close (the value of line series). */
  closes(symbol: string): { time: Float64Array; close: Float64Array } {
    const entry = this.getSeries(symbol);
    return entry.kind === 'bars'
      ? { time: entry.series.time, close: entry.series.close }
      : { time: entry.series.time, close: entry.series.value };
  }

  /**
   * Decimals the symbol's prices are written with, read once from a sample of its bars (a feed's
   * symbol is read again until it has a bar).
   */
  priceDecimals(symbol: string): number {
    const entry = this.seriesEntry(symbol);
    if (entry.priceDecimals !== undefined) return entry.priceDecimals;
    if (entry.traits?.priceDecimals !== undefined) return entry.traits.priceDecimals;
    const columns = this.barColumns(symbol);
    const decimals = priceDecimals(columns);
    if (columns.time.length > 0) entry.priceDecimals = decimals;
    return decimals;
  }

  /**
   * A live symbol's trades needed more decimals than its stored bars (a feed first charted at 0.51,
   * then trading at 0.5123): every later reading says so. Never lowers them.
   */
  raisePriceDecimals(symbol: string, decimals: number): void {
    const entry = this.seriesEntry(symbol);
    if (decimals > (entry.priceDecimals ?? 0)) entry.priceDecimals = decimals;
  }

  /**
   * Decimals the symbol's volumes are written with (its lot step), read once from a sample of its
   * bars as its prices' are (a feed's symbol is read again until it has a bar).
   */
  volumeDecimals(symbol: string): number {
    const entry = this.seriesEntry(symbol);
    if (entry.volumeDecimals !== undefined) return entry.volumeDecimals;
    if (entry.traits?.volumeDecimals !== undefined) return entry.traits.volumeDecimals;
    const columns = this.barColumns(symbol);
    const decimals = volumeDecimals(columns.volume);
    if (columns.time.length > 0) entry.volumeDecimals = decimals;
    return decimals;
  }

  /** A live symbol's trades needed more volume decimals than its stored bars: every later reading says so. */
  raiseVolumeDecimals(symbol: string, decimals: number): void {
    const entry = this.seriesEntry(symbol);
    if (decimals > (entry.volumeDecimals ?? 0)) entry.volumeDecimals = decimals;
  }

  /** Whether the symbol's data holds closes only (a line series: barColumns makes its bars of them). */
  closesOnly(symbol: string): boolean {
    // Told by its description: a series need not be loaded (a source's own bars may not be in yet).
    return this.seriesEntry(symbol).info.kind === 'line';
  }

  /** OHLCV columns: a line series' value as open = high = low = close, with zero volume. */
  barColumns(symbol: string): BarColumns {
    const entry = this.seriesEntry(symbol);
    if (!entry.columns) {
      const loaded = this.getSeries(symbol);
      const s = loaded.series;
      entry.columns =
        loaded.kind === 'bars'
          ? {
              time: s.time,
              open: loaded.series.open,
              high: loaded.series.high,
              low: loaded.series.low,
              close: loaded.series.close,
              volume: loaded.series.volume,
            }
          : {
              time: s.time,
              open: loaded.series.value,
              high: loaded.series.value,
              low: loaded.series.value,
              close: loaded.series.value,
              volume: new Float64Array(s.time.length),
            };
    }
    return entry.columns;
  }

  /** The OHLC level pyramid, built on the first request for the symbol and kept. */
  levels(symbol: string): OhlcLevels {
    const entry = this.seriesEntry(symbol);
    if (!entry.levels) {
      const columns = this.barColumns(symbol);
      entry.levels = levelsOf(columns);
    }
    return entry.levels;
  }

  /**
   * The session an intraday series keeps to (its minute and hour bars count from the open, and it
   * can drop out-of-session bars); null for daily data and markets that never close.
   */
  intradaySession(symbol: string): TradingSession | null {
    const { info, traits } = this.seriesEntry(symbol);
    if (!info.session || isAroundTheClock(info.session)) return null;
    if (traits?.intraday) return info.session;
    if (info.count < 2) return null;
    const spacing = (info.last - info.first) / (info.count - 1);
    return spacing < DAY_SECONDS ? info.session : null;
  }

  /**
   * The pyramid of the series resampled to `interval` (its own when absent), only its in-session
   * bars when `sessionOnly`, built from the bars held on first use (a resample in progress is
   * finished) and kept; the last few asked for are kept per symbol.
   */
  levelsAt(symbol: string, interval: Interval | null, sessionOnly = false): OhlcLevels {
    const session = this.intradaySession(symbol);
    const trimmed = sessionOnly && session !== null;
    if (!interval && !trimmed) return this.levels(symbol);
    const entry = this.seriesEntry(symbol);
    const key = levelsKey(interval, trimmed);
    entry.resampled ??= new Map();
    let levels = entry.resampled.get(key);
    if (levels) {
      entry.resampled.delete(key);
    } else {
      const resampling = entry.resampling?.get(key);
      entry.resampling?.delete(key);
      if (resampling) {
        levels = levelsOf(resampling.steps.result());
      } else {
        const held = this.barsToResample(entry, symbol, interval, trimmed);
        levels = levelsOf(interval ? resampleBars(held, interval, session) : held);
      }
    }
    entry.resampled.set(key, levels);
    while (entry.resampled.size > RESAMPLED_KEPT) {
      const oldest = entry.resampled.keys().next().value;
      if (oldest === undefined) break;
      entry.resampled.delete(oldest);
    }
    return levels;
  }

  /**
   * Whether `levelsAt(symbol, interval, sessionOnly)` would resample more bars than a step holds:
   * then `buildLevelsAt` makes them over several tasks, and `viewWhileResampling` answers views
   * meanwhile.
   */
  resampleTakesSteps(symbol: string, interval: Interval, sessionOnly = false): boolean {
    const entry = this.seriesEntry(symbol);
    const trimmed = sessionOnly && this.intradaySession(symbol) !== null;
    if (entry.resampled?.has(levelsKey(interval, trimmed))) return false;
    return this.barsToResample(entry, symbol, interval, false).time.length > this.resampleStepBars;
  }

  /**
   * Makes the pyramid `levelsAt` gives, a resample step a task with `pause()` between (10M minute
   * bars into 5-minute ones took 250 to 600 ms in one piece, and every request for any chart waited
   * behind it). Callers asking while it runs share it; `levelsAt` finishes it at once.
   */
  buildLevelsAt(
    symbol: string,
    interval: Interval,
    sessionOnly: boolean,
    pause: () => Promise<void>,
  ): Promise<void> {
    const entry = this.seriesEntry(symbol);
    const session = this.intradaySession(symbol);
    const trimmed = sessionOnly && session !== null;
    const key = levelsKey(interval, trimmed);
    if (entry.resampled?.has(key)) return Promise.resolve();
    const running = entry.resampling?.get(key);
    if (running) return running.done;
    const bars = this.barsToResample(entry, symbol, interval, trimmed);
    const steps = new ResampleSteps(bars, interval, session, this.resampleStepBars);
    // Still this store's series and resample (not finished by `levelsAt`, nor its data replaced).
    const current = (): boolean =>
      this.series.get(symbol) === entry && entry.resampling?.get(key)?.steps === steps;
    const done = (async () => {
      while (!steps.done) {
        await pause();
        if (!current()) return;
        steps.step();
      }
      if (current()) this.levelsAt(symbol, interval, sessionOnly);
    })();
    entry.resampling ??= new Map();
    entry.resampling.set(key, { steps, done });
    return done;
  }

  /**
   * A window of the series at `interval` as `barsInWindow` will answer it once `buildLevelsAt` has
   * made the levels, merged meanwhile straight from the bars held: their buckets counted once a build
   * from the runs of bars (bucket-groups.ts), then only the window's groups merged. A chart's first
   * view and its refinements while 10M minute bars are resampled, each a few milliseconds. Null
   * without a build in progress, for in-session bars only, and where the runs cannot count the
   * buckets (bars further apart than a bucket is long): then the build is waited for.
   */
  viewWhileResampling(
    symbol: string,
    interval: Interval,
    sessionOnly: boolean,
    request: WindowRequest,
  ): BarsResult | null {
    const session = this.intradaySession(symbol);
    if (sessionOnly && session) return null;
    const entry = this.seriesEntry(symbol);
    const resampling = entry.resampling?.get(levelsKey(interval, false));
    if (!resampling) return null;
    if (resampling.outline === undefined) {
      const held = resampling.steps.bars;
      resampling.outline = bucketOutline(held, interval, session, this.spacingOf(held.time));
    }
    const { outline } = resampling;
    if (!outline) return null;
    const n = outline.buckets;
    const start = request.from === undefined ? 0 : outline.bucketsBefore(request.from);
    const end = Math.max(start, request.to === undefined ? n : outline.bucketsBefore(request.to, true));
    const extent = { symbol, first: outline.firstStart, last: outline.lastStart, nativeCount: n };
    const step = levelStep(n);
    return windowAnswer(extent, start, end, levelCount(n, step), step, request, ({ factor, from, to }) =>
      outline.groups(factor, from, to),
    );
  }

  /** The least spacing of bars held (`leastSpacing`), read once a time column. */
  private spacingOf(time: Float64Array): number {
    let spacing = this.spacings.get(time);
    if (spacing === undefined) {
      spacing = leastSpacing(time);
      this.spacings.set(time, spacing);
    }
    return spacing;
  }

  /** The bars a pyramid at `interval` is resampled from (in-session ones only when `trimmed`). */
  private barsToResample(
    entry: SeriesEntry,
    symbol: string,
    interval: Interval | null,
    trimmed: boolean,
  ): BarColumns {
    const held = interval && entry.traits?.barsAt ? entry.traits.barsAt(interval) : this.barColumns(symbol);
    const session = trimmed ? this.intradaySession(symbol) : null;
    return session ? sessionBars(held, session) : held;
  }

  /** Block min/max positions of the closes, for M4 line requests; built on first use and kept. */
  closeIndex(symbol: string): MinMaxIndex {
    const entry = this.seriesEntry(symbol);
    entry.closeIndex ??= buildMinMaxIndex(this.closes(symbol).close);
    return entry.closeIndex;
  }

  private seriesEntry(symbol: string): SeriesEntry {
    const entry = this.series.get(symbol);
    if (!entry) throw new Error(`Unknown symbol: ${symbol}`);
    return entry;
  }
}

function levelsKey(interval: Interval | null, trimmed: boolean): string {
  return `${interval ? intervalText(interval) : 'own'}${trimmed ? ' session' : ''}`;
}
