import type { AlertBars, AlertFired } from '../core/alerts/alert-types';
import { mergedIn } from '../core/bars/factor-pieces';
import { parseInterval } from '../core/bars/interval';
import { ARGUMENT_CHECKS } from '../core/engine-args';
import type { FeedsConfig } from '../core/feed/feed-config';
import {
  ALERT_FIRED_CHANNEL,
  type BarsRequest,
  type BarsResult,
  type EngineArgs,
  type EngineEvent,
  type EngineMethod,
  type EngineResponse,
  type EngineResult,
  errorMessage,
  IMPORTS_CHANGED_CHANNEL,
  type ImportNotice,
  isEngineMethod,
  SOURCE_CHANGED_CHANNEL,
} from '../core/protocol';
import { histogram } from './aggregate/histogram';
import { m4 } from './aggregate/m4';
import { barsInWindow, nativeRange, type OhlcLevels } from './aggregate/ohlc-levels';
import { mergeScatter } from './aggregate/scatter-merge';
import { AlertBook } from './alerts/alert-book';
import { type BarTimeline, barTimelineOf } from './alerts/bar-timeline';
import { buildCatalog } from './catalog';
import { barsCsvParts } from './export/bars-csv';
import { registerFeedSymbols } from './feed/feed-catalog';
import type { FeedTimers, OpenSocket } from './feed/feed-connection';
import { createCsvImportHandlers, restoreImports } from './imports/csv-import-handlers';
import type { ImportStorage } from './imports/import-storage';
import type { ImportsChannel } from './imports/imports-channel';
import { chartBarsOf, createLiveCoordination, type EngineClock } from './live/live-coordination';
import type { SeriesStore } from './series-store';
import { EngineSources } from './sources/engine-sources';

export type FixtureName = 'sp500-2000.csv' | 'stocks.csv';

/** Reads a shipped fixture file as text: `fetch` in the worker, `fs` in unit tests. */
export type LoadText = (name: FixtureName) => Promise<string>;

/** `EngineApi` with every handler async, since the first call waits for the fixtures to load. */
export type EngineHandlers = {
  [M in EngineMethod]: (...args: EngineArgs<M>) => Promise<EngineResult<M>>;
};

/** The handlers plus what the worker entry needs around them (never reachable by a message). */
export type Engine = EngineHandlers & {
  /** Settles once the catalog is loaded (or failed to load). */
  ready(): Promise<void>;
  /** Stops the live feed's timer. */
  dispose(): void;
};

export interface EngineOptions {
  /** Called by the `crash` test hook; the worker throws in its global scope from here. */
  scheduleCrash?: () => void;
  /** Pushes an event to the main thread (live bars). */
  emit?: (event: EngineEvent) => void;
  clock?: EngineClock;
  /** Where confirmed CSV imports are kept between visits (IndexedDB in the worker); none in tests. */
  importStorage?: ImportStorage | null;
  /** The real feeds to offer (feeds.config.json); none unless given. */
  feeds?: FeedsConfig;
  /** Opens a feed's WebSocket (the worker's own); without it no real feed connects. */
  openSocket?: OpenSocket;
  /** Fetches a feed's history (the worker's own `fetch`); without it no history is asked for. */
  fetch?: typeof fetch;
  /** Wall clock and timers of the feed connections (reconnects, staleness); injected by tests. */
  feedTimers?: FeedTimers;
  /** Lets queued messages in between the parts of a long request (a CSV export); a task by default. */
  yieldToEvents?: () => Promise<void>;
  /** Where this engine tells the other tabs' engines of the imports it stores and removes, and hears theirs. */
  importsChannel?: ImportsChannel;
}

// The clock an engine is made with and the live flush's period, named where the engine's callers look.
export type { EngineClock } from './live/live-coordination';

/** A task of its own: queued messages are received first. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const SYSTEM_FEED_TIMERS: FeedTimers = {
  // Wall-clock ms: the main thread shows "no message for 12 s" from these.
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createEngine(loadText: LoadText, options: EngineOptions = {}): Engine {
  /** The catalog once loaded, for what runs outside a request (the live flush, watchlists' quotes). */
  let heldStore: SeriesStore | null = null;
  const loadCatalog = once(async (): Promise<SeriesStore> => {
    const [spxText, stocksText] = await Promise.all([loadText('sp500-2000.csv'), loadText('stocks.csv')]);
    const store = buildCatalog(spxText, stocksText);
    registerFeedSymbols(store, realFeeds);
    await sources.discover(store);
    await restoreImports(store, options.importStorage ?? null);
    heldStore = store;
    return store;
  });
  const csvImports = createCsvImportHandlers({
    catalog: loadCatalog,
    storage: options.importStorage ?? null,
    emit: options.emit,
  });

  // Price alerts see every tick of both feeds; what fires is posted with the next flush.
  const alerts = new AlertBook();
  const feedTimers = options.feedTimers ?? SYSTEM_FEED_TIMERS;
  // Expiry is wall-clock time, as the user set it (the simulator's bar time is not).
  const wallClock = (): number => feedTimers.now();
  let firedAlerts: AlertFired[] = [];
  const onTick = (symbol: string, time: number, price: number): void => {
    if (alerts.size === 0) return;
    const fired = alerts.tick(symbol, time, price, wallClock());
    if (fired.length > 0) firedAlerts = firedAlerts.concat(fired);
  };
  const postFiredAlerts = (): void => {
    if (firedAlerts.length === 0) return;
    options.emit?.({ type: 'event', channel: ALERT_FIRED_CHANNEL, payload: { alerts: firedAlerts } });
    firedAlerts = [];
  };

  const sources = new EngineSources({
    configs: options.feeds?.sources ?? [],
    fetch: options.fetch ?? null,
    timers: feedTimers,
    store: () => heldStore,
    onChanged: (payload) => options.emit?.({ type: 'event', channel: SOURCE_CHANGED_CHANNEL, payload }),
    onTick,
    // The panel shows feeds and sources from one event.
    onStatus: () => live.postStatus(),
  });
  const live = createLiveCoordination({
    clock: options.clock,
    feeds: options.feeds,
    openSocket: options.openSocket ?? null,
    fetch: options.fetch ?? null,
    feedTimers,
    emit: options.emit,
    store: () => heldStore,
    onTick,
    onFlush: postFiredAlerts,
    quoteWaits: (symbol) => sources.isSourceSymbol(symbol) && !sources.quoteReady(symbol),
    followed: sources,
    withStatus: (event) => ({ ...event, sources: sources.statuses() }),
  });
  const { realFeeds } = live;
  const yieldToEvents = options.yieldToEvents ?? nextTask;

  /**
   * Reads the browser's stored imports again, for a symbol the catalog does not hold: another tab of
   * this browser imported it since (that tab's workspace, followed here, charts it).
   */
  const readOtherTabsImports = (store: SeriesStore): Promise<void> =>
    restoreImports(store, options.importStorage ?? null);

  /**
   * Another tab stored or removed an import: this engine follows (registers it from storage, or drops
   * its copy) and tells its main thread, whose symbol lists and charts of the symbol then load again.
   */
  const followOtherTab = async (notice: ImportNotice): Promise<void> => {
    let store: SeriesStore;
    try {
      store = await loadCatalog();
    } catch {
      return;
    }
    if (notice.change === 'added') await readOtherTabsImports(store);
    else if (store.symbolInfo(notice.symbol)?.imported) store.removeSeries(notice.symbol);
    options.emit?.({ type: 'event', channel: IMPORTS_CHANGED_CHANNEL, payload: notice });
  };
  const importsChannel = options.importsChannel ?? null;
  const stopFollowingOtherTabs = importsChannel?.listen((notice) => void followOtherTab(notice));

  /**
   * The bars of a window at the request's interval and session, as a chart asks for them, with the
   * decimals their prices are written with.
   */
  async function barsOf(request: BarsRequest): Promise<BarsResult> {
    const store = await loadCatalog();
    if (!store.hasSymbol(request.symbol)) await readOtherTabsImports(store);
    // A feed symbol has no bars before the feed's first trade: its chart waits for one.
    if (realFeeds.isFeedSymbol(request.symbol) && !store.isLoaded(request.symbol)) {
      await realFeeds.firstBars(request.symbol);
      await realFeeds.history(request.symbol);
    }
    // A history source's symbol: the page its chart shows first, brought at the chart's resolution.
    if (sources.isSourceSymbol(request.symbol)) await sources.beforeBars(request.symbol, request.interval);
    const interval = request.interval ? parseInterval(request.interval) : null;
    const sessionOnly = request.sessionOnly === true;
    let bars: BarsResult | null = null;
    if (interval && store.resampleTakesSteps(request.symbol, interval, sessionOnly)) {
      // A long resample runs a step a task. Meanwhile a view is merged straight from the bars held
      // into the level it shows (a first view, a refinement); others wait for the resample.
      const building = store.buildLevelsAt(request.symbol, interval, sessionOnly, yieldToEvents);
      bars = store.viewWhileResampling(request.symbol, interval, sessionOnly, request);
      if (!bars) await building;
      else building.catch((error: unknown) => console.warn(`Resampling ${request.symbol} failed:`, error));
    }
    if (!bars) {
      const levels = store.levelsAt(request.symbol, interval, sessionOnly);
      bars = barsInWindow(request.symbol, levels, request);
      mergeRestLater(levels);
    }
    return {
      ...bars,
      priceDecimals: store.priceDecimals(request.symbol),
      volumeDecimals: store.volumeDecimals(request.symbol),
      ...(store.closesOnly(request.symbol) ? { closesOnly: true } : {}),
    };
  }

  /**
   * A view merges only the level it shows (a first view of SYN-1M: one pass, not five). The others are
   * merged after it, one a task, so the zoom that follows finds them ready: merged during the zoom
   * instead, they took the CPU from its frames on a two-core machine (bench financial-1m, swap frames).
   */
  const mergingLater = new WeakSet<OhlcLevels>();
  function mergeRestLater(levels: OhlcLevels): void {
    if (mergingLater.has(levels)) return;
    mergingLater.add(levels);
    const mergeOne = (): void => {
      if (levels.mergeNext()) setTimeout(mergeOne, 0);
    };
    setTimeout(mergeOne, 0);
  }

  /**
   * The bars a chart of `symbol` with `bars` shows, for alerts on its sloped lines: the history held
   * at those bars, then the live bars the feed has made so far (a chart shows them too).
   */
  const alertTimeline = (store: SeriesStore, symbol: string, bars: AlertBars): BarTimeline | null => {
    if (!store.hasSymbol(symbol)) return null;
    const spec = chartBarsOf(store, symbol, bars.interval, bars.sessionOnly);
    let stored: ArrayLike<number> = [];
    try {
      stored = store.levelsAt(symbol, spec.interval, spec.sessionOnly).level(0).columns.time;
    } catch {
      // A feed symbol before its first trade: no history, only what the feed brings.
    }
    const timeline = barTimelineOf(spec, stored);
    for (const bar of live.barsSoFar(symbol)) timeline.observe(bar.time);
    return timeline;
  };

  return {
    async ready() {
      await loadCatalog().then(
        () => undefined,
        () => undefined,
      );
    },

    dispose() {
      live.dispose();
      sources.dispose();
      stopFollowingOtherTabs?.();
    },

    async listSymbols() {
      // A feed symbol's range is the feed's bars so far, not the history taken when it was first charted.
      return (await loadCatalog()).listSymbols().map((info) => sources.withSpan(realFeeds.withSpan(info)));
    },

    async getQuotes(symbols) {
      const store = await loadCatalog();
      const unknown = symbols.filter((symbol) => !store.hasSymbol(symbol));
      if (unknown.length > 0) throw new Error(`Unknown symbol(s): ${unknown.join(', ')}`);
      return symbols.map((symbol) => live.quoteNow(store, symbol));
    },

    async watchQuotes(watchId, symbols) {
      const store = await loadCatalog();
      const unknown = symbols.filter((symbol) => !store.hasSymbol(symbol));
      if (unknown.length > 0) throw new Error(`Unknown symbol(s): ${unknown.join(', ')}`);
      return live.watchQuotes(store, watchId, symbols);
    },

    getBars: barsOf,

    async exportBarsCsv({ zone, intraday, ...request }) {
      const bars = await barsOf(request);
      const last = bars.time.length - 1;
      const parts: string[] = [];
      for (const part of barsCsvParts(bars, 0, last, intraday, zone)) {
        parts.push(part);
        await yieldToEvents();
      }
      return { csv: new Blob(parts, { type: 'text/csv' }), rows: last + 1, merged: mergedIn(bars, 0, last) };
    },

    async getLine(request) {
      const store = await loadCatalog();
      if (!store.hasSymbol(request.symbol)) await readOtherTabsImports(store);
      if (sources.isSourceSymbol(request.symbol)) await sources.beforeBars(request.symbol, null);
      const { time, close } = store.closes(request.symbol);
      const { start, end } = nativeRange(time, request.from, request.to);
      const n = time.length;
      return {
        symbol: request.symbol,
        ...m4(time, close, request.width, { start, end, index: store.closeIndex(request.symbol) }),
        windowCount: end - start,
        first: time[0] ?? 0,
        last: time[n - 1] ?? 0,
        nativeCount: n,
      };
    },

    async listDatasets() {
      return (await loadCatalog()).listDatasets();
    },

    async getScatter(request) {
      const store = await loadCatalog();
      const { data } = store.getDataset(request.dataset);
      const merged = mergeScatter(data, {
        maxItems: request.maxItems,
        window: request.window,
        pixels: request.pixels,
      });
      const { labels } = data;
      return {
        dataset: request.dataset,
        x: merged.x,
        y: merged.y,
        size: merged.size,
        category: merged.category,
        count: merged.count,
        labels: labels && merged.source ? Array.from(merged.source, (i) => labels[i] ?? '') : null,
        total: merged.total,
        aggregated: merged.aggregated,
      };
    },

    async getHistogram(request) {
      const store = await loadCatalog();
      const { info, data } = store.getDataset(request.dataset);
      const field = request.field ?? 'y';
      const values = data[field];
      if (!values) throw new Error(`Dataset ${info.dataset} has no ${field} column`);
      const { edges, counts, skipped } = histogram(values, { bins: request.bins });
      return { dataset: request.dataset, field, edges, counts, total: values.length - skipped };
    },

    async subscribeLive(request) {
      return live.subscribe(await loadCatalog(), request);
    },

    async unsubscribeLive(subscriptionId) {
      return live.unsubscribe(subscriptionId);
    },

    async setLiveFeedPaused(paused) {
      return live.setPaused(paused);
    },

    async getFeedStatus() {
      return live.statusEvent();
    },

    async reconnectFeed(feedId) {
      return realFeeds.reconnect(feedId);
    },

    async clearFeedNotices() {
      realFeeds.clearNotices();
      return true;
    },

    async setAlerts(specs) {
      const store = await loadCatalog();
      alerts.set(specs, (symbol, bars) => alertTimeline(store, symbol, bars));
      live.followForAlerts(
        store,
        specs.map((spec) => spec.symbol),
      );
      return alerts.size;
    },

    ...csvImports,

    async commitCsvImport(importId, name) {
      const commit = await csvImports.commitCsvImport(importId, name);
      // Only a stored import is there for the other tabs to read.
      if (commit.persisted) importsChannel?.post({ change: 'added', symbol: commit.symbol.symbol });
      return commit;
    },

    async removeImportedSymbol(symbol) {
      const removed = await csvImports.removeImportedSymbol(symbol);
      if (removed) importsChannel?.post({ change: 'removed', symbol });
      return removed;
    },

    async loadEarlier(symbol, interval, bars) {
      const store = await loadCatalog();
      // A source's pages make its series again themselves (HistoryBook's onForget).
      if (sources.isSourceSymbol(symbol)) return sources.loadEarlier(symbol, interval, bars);
      if (!realFeeds.isFeedSymbol(symbol)) return { added: 0, earlier: false, problem: null };
      const result = await realFeeds.loadEarlier(symbol);
      // Made again, with the earlier bars, when a chart next asks.
      if (result.added > 0) store.forgetData(symbol);
      return result;
    },

    async ping() {
      return 'pong';
    },

    async crash() {
      // A test hook: a user's build has no way to kill its engine.
      if (!__TEST_HOOKS__) throw new Error('The crash request exists in test builds only');
      options.scheduleCrash?.();
      throw new Error('Data engine crash requested (test hook)');
    },

    async hang() {
      if (!__TEST_HOOKS__) throw new Error('The hang request exists in test builds only');
      // Blocks this worker's only thread until it is terminated: nothing else it holds can answer.
      for (;;) {
        // Spinning on purpose (test hook).
      }
    },
  };
}

/**
 * Answers one raw message. Never rejects: malformed requests, unknown methods and handler failures all
 * come back as `{ ok: false, error: { message } }` so the caller's promise settles.
 */
export async function dispatchRequest(handlers: EngineHandlers, message: unknown): Promise<EngineResponse> {
  const request = (typeof message === 'object' && message !== null ? message : {}) as Partial<
    Record<'id' | 'method' | 'args', unknown>
  >;
  const id = typeof request.id === 'number' ? request.id : -1;
  try {
    if (typeof request.id !== 'number' || !Array.isArray(request.args)) throw new Error('Malformed request');
    if (!isEngineMethod(request.method)) throw new Error(`Unknown method '${String(request.method)}'`);
    const value = await invoke(handlers, request.method, request.args);
    return { id, ok: true, value };
  } catch (error) {
    return { id, ok: false, error: { message: errorMessage(error) } };
  }
}

function invoke<M extends EngineMethod>(
  handlers: EngineHandlers,
  method: M,
  args: unknown[],
): Promise<EngineResult<M>> {
  const check = ARGUMENT_CHECKS[method] as (args: unknown[]) => args is EngineArgs<M>;
  if (!check(args)) throw new Error(`Invalid arguments for ${method}`);
  const handler = handlers[method] as (...args: EngineArgs<M>) => Promise<EngineResult<M>>;
  return handler(...args);
}

/** Runs `load` on first use and shares its result; a failed load is forgotten so the next call retries. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
