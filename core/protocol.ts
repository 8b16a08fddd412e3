import type { AlertFired, AlertSpec } from './alerts/alert-types';
import type { Bar, BarColumns } from './bars/bar-columns';
import type { CsvImportReport, CsvMapping } from './csv-import/types';
import type { FeedStatusEvent } from './feed/feed-status';
import type { Quote } from './quotes';
import type { TradingSession } from './sessions/trading-session';

export type {
  AlertCondition,
  AlertFired,
  AlertLine,
  AlertShape,
  AlertSpec,
} from './alerts/alert-types';
export { ALERT_CONDITIONS, BAND_CONDITIONS, LINE_CONDITIONS } from './alerts/alert-types';
export type {
  BadMessageKind,
  ConnectionState,
  FeedStatus,
  FeedStatusEvent,
  GapNotice,
  HistoryNotice,
  SourceStatus,
} from './feed/feed-status';
export type { Quote } from './quotes';

/** One series the engine can serve. `first`/`last` are UTC seconds; `count` is the number of points. */
export interface SymbolInfo {
  symbol: string;
  name: string;
  kind: 'bars' | 'line';
  first: number;
  last: number;
  count: number;
  /** Seeded synthetic series (generated on first use: SYN-10M takes about half a gigabyte). */
  synthetic?: boolean;
  /** A CSV file the user imported (its `name` is the file name). */
  imported?: boolean;
  /**
   * Its latest bar moves: the simulated live feed's (the synthetic intraday series; history stays
   * still), or a history source's followed for the trades it takes (`source`, its `pollSeconds`).
   */
  live?: boolean;
  /** The configured real feed whose trades make this symbol's bars (feeds.config.json), by id. */
  feed?: string;
  /** The configured history source (a database) its bars are read from, by id. */
  source?: string;
  /**
   * Its source holds bars before the first one here, not brought in yet (a feed's history service
   * that has not said "nothing before"): `loadEarlier` brings the next page.
   */
  earlier?: boolean;
  /** The exchange's hours (sessions/trading-session.ts); absent: it trades around the clock. */
  session?: TradingSession;
}

/** What `loadEarlier` brought. */
export interface EarlierResult {
  /** Bars added before the first one held. */
  added: number;
  /** The source may hold more before these (ask again when the user goes further back). */
  earlier: boolean;
  /** Why the page stopped early, when it did (the bars that came are kept). */
  problem: string | null;
}

/** A pane's request for bars: a time window at the resolution the pane can show. */
export interface BarsRequest {
  symbol: string;
  /** Window in UTC seconds (inclusive); omitted means from the first / to the last bar. */
  from?: number;
  to?: number;
  /**
   * The most bars the caller wants (about two per pixel column, capped by what lightweight-charts draws
   * fast). The engine answers from the finest precomputed level whose window fits.
   */
  maxBars: number;
  /** Bars at the answer's level to add before the window, beyond `maxBars`, to warm studies up. */
  lead?: number;
  /**
   * The bar interval (`5m`, `1h`, `1D`, `1W`, `1M`; bars/interval.ts): the series is resampled
   * from the bars the engine holds, never read again. Absent: the data's own interval.
   */
  interval?: string;
  /** Only bars inside the symbol's trading session (intraday series of a symbol that has one). */
  sessionOnly?: boolean;
}

/** The bars of a `BarsRequest` window as CSV (export/bars-csv.ts has the format). */
export interface BarsCsvRequest extends BarsRequest {
  /** The IANA zone intraday times are written in, with its offset. */
  zone: string;
  /** Times with the time of day (intraday series) or as dates (daily and longer). */
  intraday: boolean;
}

export interface BarsCsvResult {
  csv: Blob;
  /** Rows of bars, the header not counted. */
  rows: number;
  /** The window held more than `maxBars` bars: rows merge several, and a last column says how many. */
  merged: boolean;
}

/** From bar `start` of a BarsResult on, each bar merges `factor` native bars (see `pieces`). */
export interface FactorPiece {
  start: number;
  factor: number;
}

/** Columnar bars, transferred (never cloned). Line series come back with open = high = low = close. */
export interface BarsResult extends BarColumns {
  symbol: string;
  /** 0 is the native resolution; level k merges 2^k native bars (or the level's own factor). */
  level: number;
  /** Native bars merged into one returned bar at this level. */
  factor: number;
  /**
   * Where the merge factor changes along the bars (a finer window spliced into a coarse level, a live
   * tail; bars/factor-pieces.ts): from bar `start` on, each bar merges `factor` native
   * bars, up to the next piece. Absent: every bar merges `factor`.
   */
  pieces?: readonly FactorPiece[];
  /** Extent of the whole series, so the view knows what lies outside the window. */
  first: number;
  last: number;
  nativeCount: number;
  /**
   * Decimals the series' prices are written with (workers/aggregate/price-decimals.ts): 5 for
   * EUR/USD, 2 for an index. Absent (bars made by hand in tests): 2.
   */
  priceDecimals?: number;
  /** Decimals its volumes are written with (the lot step: 5 for a coin, 0 for shares). Absent: 0. */
  volumeDecimals?: number;
  /**
   * The symbol's data holds closes only (a line series: the monthly stocks, an imported time/value
   * file): its bars' open, high and low are made from closes and it has no volume. Charts of bar
   * kinds draw it as a line, and bar readouts give the close alone. Absent: full bars.
   */
  closesOnly?: boolean;
}

/** A line or area pane's request: closes over a time window, aggregated for `width` pixel columns. */
export interface LineRequest {
  symbol: string;
  from?: number;
  to?: number;
  /** Pixel columns of the plot; windows of 1000 points and more come back M4-aggregated. */
  width: number;
}

/** Points to draw in x order (M4 keeps first, last, min and max per column), transferred. */
export interface LineResult {
  symbol: string;
  /** UTC seconds. */
  x: Float64Array;
  /** Closes (the value of line series). */
  y: Float64Array;
  aggregated: boolean;
  /** Native points in the window before aggregation. */
  windowCount: number;
  first: number;
  last: number;
  nativeCount: number;
}

/** An xy dataset for scatter, bubble and histogram panes. */
export interface DatasetInfo {
  dataset: string;
  name: string;
  count: number;
  xLabel: string;
  yLabel: string;
  /** Bubble size column present. */
  hasSize: boolean;
  /** Names of the category indices (empty when the dataset has none). */
  categories: string[];
  synthetic?: boolean;
}

export interface XyWindow {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

export interface ScatterRequest {
  dataset: string;
  /** Only items inside (inclusive); omitted means all. */
  window?: XyWindow;
  /** Defaults to 10000 (docs/reference-constants.md); above it neighbours are merged. */
  maxItems?: number;
  /** The plot's size in pixels: merging never uses cells finer than a pixel of it. */
  pixels?: { width: number; height: number };
}

export interface ScatterResult {
  dataset: string;
  x: Float64Array;
  y: Float64Array;
  size: Float64Array | null;
  /** Category index per item, -1 for a merged item of mixed categories. */
  category: Int32Array | null;
  /** Items each returned item stands for (1 unless merged). */
  count: Uint32Array;
  /** Per-item labels, only for unmerged items of labelled datasets. */
  labels: string[] | null;
  /** Items in the window before merging (the sum of `count`). */
  total: number;
  aggregated: boolean;
}

export type XyField = 'x' | 'y' | 'size';

export interface HistogramRequest {
  dataset: string;
  /** Defaults to 'y'. */
  field?: XyField;
  /** Bin count; omitted means Freedman–Diaconis. */
  bins?: number;
}

export interface HistogramResult {
  dataset: string;
  field: XyField;
  /** bins + 1 ascending edges; bin i is [edges[i], edges[i + 1]), the last one closed. */
  edges: Float64Array;
  counts: Uint32Array;
  /** Values binned (the sum of `counts`). */
  total: number;
}

/** One bar of a live symbol. */
export type LiveBar = Bar;

/**
 * `interval` and `sessionOnly` ask for the bars a pane of that interval and session choice shows
 * (as `getBars`): the feed's own bars folded into them in the worker
 * (workers/aggregate/live-resample.ts).
 */
export interface LiveSubscribeRequest extends Pick<BarsRequest, 'interval' | 'sessionOnly'> {
  symbol: string;
  /** Simulated ticks a second for the symbol (default 5, at most 1000; the fastest subscriber wins). */
  ticksPerSecond?: number;
  /** Ticks per bar interval, so a new bar starts every `ticksPerBar / ticksPerSecond` s (default 50). */
  ticksPerBar?: number;
  /** Chosen by the client so a re-subscription after a worker restart keeps its events' address. */
  subscriptionId?: string;
  /**
   * The last bar the client has: the feed continues from it instead of the stored series' last bar.
   * Only a subscription to the feed's own bars (no `interval`, not `sessionOnly`) has one to give.
   */
  resumeFrom?: LiveBar;
}

export interface LiveSubscription {
  subscriptionId: string;
  symbol: string;
  /** Simulated seconds per bar: the series' own spacing (86400 for daily bars, 60 for SYN-*). */
  barSeconds: number;
  ticksPerSecond: number;
  paused: boolean;
  /**
   * The feed's bars so far, oldest first (the last is the current bar): a symbol already live for
   * another pane has moved on from its stored series, and a new subscriber starts from these.
   */
  bars: LiveBar[];
}

/** Event payload: the bars a subscription's symbol touched since the last event, oldest first. */
export interface LiveBarsEvent {
  subscriptionId: string;
  symbol: string;
  /** Earlier entries are bars that closed since the last event; the last one is the current bar. */
  bars: LiveBar[];
  /** Ticks folded since the last event. */
  ticks: number;
  /**
   * A real feed's symbol: the decimals its prices are written with so far. Raised when a trade needs
   * more than the first bars did; a chart showing fewer writes its prices again.
   */
  priceDecimals?: number;
  /** Likewise for its volumes (a trade of 0.123456 where the first bars held 0.12345 at most). */
  volumeDecimals?: number;
}

/** A file the user picked or dropped, read and checked in the worker (the main thread never parses it). */
export interface CsvImportRequest {
  /** Chosen by the client; progress events, the commit and the cancel name the import by it. */
  importId: string;
  file: Blob;
  fileName: string;
  /** How the user set the reading in the dialog; detection decides what it leaves out. */
  mapping?: CsvMapping;
  /** Mappings chosen for earlier files, by shape key (`CsvImportReport.shapeKey`). */
  remembered?: Readonly<Record<string, CsvMapping>>;
}

/** A bar of the import report (the first and last as they will be charted). */
export type CsvBarPreview = Bar;

/** What the import dialog shows: the report without the series, which stays in the worker. */

export interface CsvImportSummary extends Omit<CsvImportReport, 'series'> {
  importId: string;
  fileName: string;
  fileBytes: number;
  /** The text encoding the file was read in (`utf-8`, `utf-16le`, `windows-1252`...). */
  encoding: string;
  /** Why the file is not CSV text at all (an image, an archive...); null for text. */
  notCsv: string | null;
  /** The symbol a commit would use now (the commit picks again, so it never replaces a series). */
  proposedSymbol: string;
  /** First and last time (UTC seconds) and last close of the repaired series; null when it is empty. */
  first: number | null;
  last: number | null;
  lastClose: number | null;
  /** The first and last bars as they will be charted (after the repair), for the user to check. */
  firstBar: CsvBarPreview | null;
  lastBar: CsvBarPreview | null;
}

/** Event payload: how far the worker has read a file. */
export interface CsvImportProgressEvent {
  importId: string;
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
}

export interface CsvImportCommit {
  symbol: SymbolInfo;
  /** Whether the series was stored for later visits (IndexedDB); it is chartable either way. */
  persisted: boolean;
  persistProblem: string | null;
}

/** Event payload: alerts that fired on the ticks since the last event (each alert fires once). */
export interface AlertFiredEvent {
  alerts: AlertFired[];
}

/** Event payload: watchlist `watchId`'s quotes that moved since its last event (watchQuotes). */
export interface QuotesEvent {
  watchId: string;
  quotes: Quote[];
}

/** An imported symbol committed to, or removed from, the browser's storage by one tab's engine. */
export interface ImportNotice {
  change: 'added' | 'removed';
  symbol: string;
}

/** Channels the worker pushes on, with their payloads. */
export interface EngineEvents {
  'live-bars': LiveBarsEvent;
  'csv-import-progress': CsvImportProgressEvent;
  /** The real feeds' connection state, gaps and bad-message counts, whenever they change. */
  'feed-status': FeedStatusEvent;
  /** Price alerts that fired on a live tick. */
  'alert-fired': AlertFiredEvent;
  /** A watchlist's live quotes (at most a few times a second). */
  quotes: QuotesEvent;
  /** Another tab of this browser imported or removed a symbol; this engine has followed. */
  'imports-changed': ImportNotice;
  /** A history source answers again (or found new symbols): charts of these symbols load again. */
  'source-changed': SourceChangedEvent;
}

export interface SourceChangedEvent {
  symbols: string[];
}

export type EngineChannel = keyof EngineEvents;

export const LIVE_BARS_CHANNEL = 'live-bars' satisfies EngineChannel;
export const CSV_IMPORT_PROGRESS_CHANNEL = 'csv-import-progress' satisfies EngineChannel;
export const FEED_STATUS_CHANNEL = 'feed-status' satisfies EngineChannel;
export const ALERT_FIRED_CHANNEL = 'alert-fired' satisfies EngineChannel;
export const QUOTES_CHANNEL = 'quotes' satisfies EngineChannel;
export const IMPORTS_CHANGED_CHANNEL = 'imports-changed' satisfies EngineChannel;
export const SOURCE_CHANGED_CHANNEL = 'source-changed' satisfies EngineChannel;

/** A push from the worker that answers no request. */
export interface EngineEvent<C extends EngineChannel = EngineChannel> {
  type: 'event';
  channel: C;
  payload: EngineEvents[C];
}

/**
 * Everything the main thread may ask the data engine. Both sides are typed from this map; the worker
 * answers every request with an `EngineResponse`.
 */
export interface EngineApi {
  listSymbols(): SymbolInfo[];
  getQuotes(symbols: string[]): Quote[];
  /**
   * Watchlist `watchId` shows `symbols` (none: it stops): their quotes now, and then on the `quotes`
   * channel whenever a live one moves, the engine following their feeds meanwhile.
   */
  watchQuotes(watchId: string, symbols: string[]): Quote[];
  getBars(request: BarsRequest): BarsResult;
  /**
   * `Export visible data as CSV`: the bars of a window as CSV text, written here in parts with the
   * worker answering between them, so a million rows never hold the main thread.
   */
  exportBarsCsv(request: BarsCsvRequest): BarsCsvResult;
  getLine(request: LineRequest): LineResult;
  listDatasets(): DatasetInfo[];
  getScatter(request: ScatterRequest): ScatterResult;
  getHistogram(request: HistogramRequest): HistogramResult;
  subscribeLive(request: LiveSubscribeRequest): LiveSubscription;
  /** False when no such subscription existed. */
  unsubscribeLive(subscriptionId: string): boolean;
  /** The pause command: the simulation stops (no catch-up on resume). */
  setLiveFeedPaused(paused: boolean): { paused: boolean };
  /** The real feeds' status now (later changes come on `feed-status`). */
  getFeedStatus(): FeedStatusEvent;
  /** Drops a real feed's connection and opens it again now; false for an unknown feed id. */
  reconnectFeed(feedId: string): boolean;
  /** Forgets the gap notices of every feed (the counts of bad messages are totals and stay). */
  clearFeedNotices(): boolean;
  /**
   * The active price alerts, all of them (each call replaces the last list): evaluated on every tick
   * of the live feeds, each firing once on `alert-fired`. Returns how many are held.
   */
  setAlerts(alerts: AlertSpec[]): number;
  /**
   * Reads a CSV file in chunks (progress on `csv-import-progress`) and reports its problems and the
   * proposed repair. Changes nothing: the import waits for `commitCsvImport` or `cancelCsvImport`.
   */
  importCsv(request: CsvImportRequest): CsvImportSummary;
  /**
   * The user confirmed: the repaired series becomes a new symbol (`name`, as the user gave it, or the
   * one proposed), stored for later visits. Fails with the reason for a name that cannot be used.
   */
  commitCsvImport(importId: string, name?: string): CsvImportCommit;
  /** Discards a pending import (or stops one being read); false when there was none. */
  cancelCsvImport(importId: string): boolean;
  /**
   * Deletes an imported symbol from the engine and from the browser's storage (data, not a workspace
   * edit: there is no undo). False when there was no such import; fails for a shipped symbol.
   */
  removeImportedSymbol(symbol: string): boolean;
  /**
   * Pages in the symbol's history before its first bar (a chart scrolled near its left edge): the bars
   * added, none when its source has nothing before. Charts of it load again (its data changed).
   * `interval` is the chart's (a history source holds bars per resolution; a feed's are minutes);
   * `bars`, how many of them it would like (two screens of a wide view): a source brings that many,
   * up to a limit and never fewer than a page; a feed's pages keep their size (its rate limits).
   */
  loadEarlier(symbol: string, interval?: string | null, bars?: number): EarlierResult;
  ping(): 'pong';
  /** Test hook: the request is answered with an error, then the worker throws in its global scope. */
  crash(): never;
  /** Test hook: spins for ever, as a worker stuck in a loop would. */
  hang(): never;
}

export type EngineMethod = keyof EngineApi;
export type EngineArgs<M extends EngineMethod> = Parameters<EngineApi[M]>;
export type EngineResult<M extends EngineMethod> = Awaited<ReturnType<EngineApi[M]>>;

// A record, so adding a method to EngineApi without listing it here is a type error.
const METHOD_SET: Record<EngineMethod, true> = {
  listSymbols: true,
  getQuotes: true,
  watchQuotes: true,
  getBars: true,
  exportBarsCsv: true,
  getLine: true,
  listDatasets: true,
  getScatter: true,
  getHistogram: true,
  subscribeLive: true,
  unsubscribeLive: true,
  setLiveFeedPaused: true,
  getFeedStatus: true,
  reconnectFeed: true,
  clearFeedNotices: true,
  setAlerts: true,
  importCsv: true,
  commitCsvImport: true,
  cancelCsvImport: true,
  removeImportedSymbol: true,
  loadEarlier: true,
  ping: true,
  crash: true,
  hang: true,
};

export const ENGINE_METHODS = Object.keys(METHOD_SET) as EngineMethod[];

export interface EngineRequest {
  id: number;
  method: EngineMethod;
  args: unknown[];
  /**
   * Staleness key (a pane id): a later request with the same key supersedes this one, and the worker
   * skips a superseded request it has not started.
   */
  key?: string;
}

export type EngineResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; stale?: true } };

export function isEngineMethod(value: unknown): value is EngineMethod {
  return typeof value === 'string' && Object.hasOwn(METHOD_SET, value);
}

/** Shape check for a response arriving on the main thread (the worker is trusted, the channel is not typed). */
export function isEngineResponse(value: unknown): value is EngineResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<'id' | 'ok' | 'error', unknown>>;
  if (typeof candidate.id !== 'number' || typeof candidate.ok !== 'boolean') return false;
  if (candidate.ok) return true;
  const error = candidate.error as { message?: unknown } | null | undefined;
  return typeof error === 'object' && error !== null && typeof error.message === 'string';
}

/** Shape check for a worker push (events carry no id, so they never look like a response). */
export function isEngineEvent(value: unknown): value is EngineEvent {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<'type' | 'channel', unknown>>;
  return candidate.type === 'event' && typeof candidate.channel === 'string' && 'payload' in value;
}

export { errorMessage } from './error-message';

/**
 * The buffers of every typed array in `value`, for `postMessage`'s transfer list. Transferring detaches
 * them on the sending side, so handlers must return arrays they do not keep (copies or fresh ones).
 */
export function collectTransferables(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const seen = new Set<object>();
  const visit = (item: unknown): void => {
    if (typeof item !== 'object' || item === null || seen.has(item)) return;
    seen.add(item);
    if (ArrayBuffer.isView(item)) {
      if (item.buffer instanceof ArrayBuffer) buffers.add(item.buffer);
      return;
    }
    if (item instanceof ArrayBuffer) {
      buffers.add(item);
      return;
    }
    for (const child of Array.isArray(item) ? item : Object.values(item)) visit(child);
  };
  visit(value);
  return [...buffers];
}
