/**
 * The engine's live side: the simulator and the configured real feeds, their subscriptions (a pane's,
 * or the engine's own for alerts and watchlists' quotes), the flush that tells the main thread their
 * bars and the quotes due, and the feeds' status. The engine composes it with the catalog, the
 * alerts and the requests; it holds no request of its own.
 */
import { parseInterval } from '../../core/bars/interval';
import { type FeedsConfig, NO_FEEDS } from '../../core/feed/feed-config';
import {
  type EngineEvent,
  FEED_STATUS_CHANNEL,
  type FeedStatusEvent,
  LIVE_BARS_CHANNEL,
  type LiveBar,
  type LiveBarsEvent,
  type LiveSubscribeRequest,
  type LiveSubscription,
  QUOTES_CHANNEL,
} from '../../core/protocol';
import { computeLiveQuote, type Quote, waitingQuote } from '../../core/quotes';
import type { ChartBarsSpec } from '../aggregate/chart-buckets';
import { LiveResampler } from '../aggregate/live-resample';
import { MIN_PRICE_DECIMALS, raisedDecimals } from '../aggregate/price-decimals';
import type { FeedTimers, OpenSocket } from '../feed/feed-connection';
import { RealFeeds } from '../feed/real-feeds';
import { LiveFeed, liveSourceOf } from '../live-feed';
import { QuoteWatch } from '../quote-watch';
import type { SeriesStore } from '../series-store';

/** Wall clock (ms) and a repeating timer; injected so tests drive the live feed by hand. */
export interface EngineClock {
  now(): number;
  every(ms: number, run: () => void): () => void;
}

/** The live feed posts at most this often per subscription: the feed's coalescing. */
export const LIVE_FLUSH_MS = 1000 / 60;

const SYSTEM_CLOCK: EngineClock = {
  now: () => performance.now(),
  every: (ms, run) => {
    const handle = setInterval(run, ms);
    return () => clearInterval(handle);
  },
};

let nextFeedSubscription = 1;

// The engine's own feed subscriptions, whose bars reach no pane: for alerts and for watchlists' quotes.
const ALERT_WATCH = 'alert-watch:';
const QUOTE_WATCH = 'quote-watch:';

/**
 * The bars a chart of `symbol` shows at `interval` (its text; null: the data's own), only in-session
 * ones when `sessionOnly`: what its live bars and the alerts set on it count in.
 */
export function chartBarsOf(
  store: SeriesStore,
  symbol: string,
  interval: string | null,
  sessionOnly: boolean,
): ChartBarsSpec {
  return {
    interval: interval ? parseInterval(interval) : null,
    session: store.intradaySession(symbol),
    sessionOnly,
  };
}

const isEngineOwn = (subscriptionId: string): boolean =>
  subscriptionId.startsWith(ALERT_WATCH) || subscriptionId.startsWith(QUOTE_WATCH);

/** A symbol's quote from its stored closes and the live bars since (none: the stored ones alone). */
function quoteOf(store: SeriesStore, symbol: string, live: readonly LiveBar[] = []): Quote {
  const { time, close } = store.closes(symbol);
  return { ...computeLiveQuote(symbol, time, close, live), priceDecimals: store.priceDecimals(symbol) };
}

export interface LiveCoordinationOptions {
  /** The simulator's clock and the flush timer; the system's by default. */
  clock?: EngineClock;
  /** The real feeds to offer (feeds.config.json); none unless given. */
  feeds?: FeedsConfig;
  /** Opens a feed's WebSocket; without it no real feed connects. */
  openSocket: OpenSocket | null;
  /** Fetches a feed's history; without it no history is asked for. */
  fetch: typeof fetch | null;
  /** Wall clock and timers of the feed connections (reconnects, staleness). */
  feedTimers: FeedTimers;
  /** Pushes an event to the main thread (live bars, quotes, feed status). */
  emit?: ((event: EngineEvent) => void) | undefined;
  /** The catalog once loaded (null before): where a real feed's decimals are raised, quotes read. */
  store: () => SeriesStore | null;
  /** Every tick of the simulator and the real feeds (price alerts hear them). */
  onTick: (symbol: string, time: number, price: number) => void;
  /** Runs at the end of each flush, after the bars and quotes are told (the alerts fired since). */
  onFlush: () => void;
  /** A symbol whose quote waits for something besides the feeds (a history source's first page). */
  quoteWaits: (symbol: string) => boolean;
  /** History sources' symbols followed for new trades (none: no source). */
  followed?: FollowedSources;
  /** Adds to each feed-status event what is not a feed's (the history sources' statuses). */
  withStatus?: (event: FeedStatusEvent) => FeedStatusEvent;
}

/**
 * Symbols whose new bars a history source brings (`EngineSources`): subscribed at the chart's
 * buckets (the source aggregates them), drained on the flush, paused with the feeds.
 */
export interface FollowedSources {
  isFollowed(symbol: string): boolean;
  subscribe(request: LiveSubscribeRequest, id: string, spec: ChartBarsSpec): LiveSubscription;
  unsubscribe(id: string): boolean;
  drain(): LiveBarsEvent[];
  readonly active: boolean;
  setPaused(paused: boolean): void;
}

const NO_SOURCES: FollowedSources = {
  isFollowed: () => false,
  subscribe: (request) => {
    throw new Error(`${request.symbol} is not followed by a history source`);
  },
  unsubscribe: () => false,
  drain: () => [],
  active: false,
  setPaused: () => {},
};

export interface LiveCoordination {
  /** The configured real feeds (their symbols, history, status, reconnects). */
  readonly realFeeds: RealFeeds;
  /** A pane's subscription, at its interval and session choice when it has one. */
  subscribe(store: SeriesStore, request: LiveSubscribeRequest): LiveSubscription;
  /** False when no such subscription existed. */
  unsubscribe(subscriptionId: string): boolean;
  /** The pause command: the simulation stops (no catch-up on resume), the real feeds hold their bars. */
  setPaused(paused: boolean): { paused: boolean };
  /** A symbol's quote now; a feed symbol with no trade yet has no series to quote, and waits. */
  quoteNow(store: SeriesStore, symbol: string): Quote;
  /** A watchlist's symbols: their quotes now, and later ones on the quotes channel. */
  watchQuotes(store: SeriesStore, watchId: string, symbols: string[]): Quote[];
  /** Follows the live ones among the symbols alerts are set on (and lets go of the others). */
  followForAlerts(store: SeriesStore, symbols: Iterable<string>): void;
  /** The live bars the feed of `symbol` has made so far. */
  barsSoFar(symbol: string): readonly LiveBar[];
  /** The feeds' status with what `withStatus` adds, as `Show feed status` reads it. */
  statusEvent(): FeedStatusEvent;
  /** Posts `statusEvent()` on the feed-status channel (something besides the feeds changed). */
  postStatus(): void;
  /** Stops the flush timer and closes the real feeds. */
  dispose(): void;
}

export function createLiveCoordination(options: LiveCoordinationOptions): LiveCoordination {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const feed = new LiveFeed(0, options.onTick);
  const sources = options.followed ?? NO_SOURCES;
  const withStatus = options.withStatus ?? ((event: FeedStatusEvent) => event);

  let stopTimer: (() => void) | null = null;
  const realFeeds = new RealFeeds({
    onTick: options.onTick,
    config: options.feeds ?? NO_FEEDS,
    open: options.openSocket,
    timers: options.feedTimers,
    fetch: options.fetch,
    onStatus: (payload) => {
      options.emit?.({ type: 'event', channel: FEED_STATUS_CHANNEL, payload: withStatus(payload) });
      syncTimer();
    },
  });
  // Subscriptions at a pane's interval or session choice: the feed's own bars folded into that pane's.
  const resamplers = new Map<string, LiveResampler>();
  const atPaneBars = (event: LiveBarsEvent): LiveBarsEvent => {
    const resampler = resamplers.get(event.subscriptionId);
    return resampler ? { ...event, bars: resampler.fold(event.bars) } : event;
  };
  /**
   * A real feed's bars with the decimals their symbol's prices are written with so far, raised in the
   * store (for later bars and quotes) when these trades need more.
   */
  const withLiveDecimals = (payload: LiveBarsEvent): LiveBarsEvent => {
    const { symbol } = payload;
    const heldStore = options.store();
    let current = MIN_PRICE_DECIMALS;
    let currentVolume = 0;
    try {
      if (heldStore) {
        current = heldStore.priceDecimals(symbol);
        currentVolume = heldStore.volumeDecimals(symbol);
      }
    } catch {
      // No bars stored yet (the feed's first trade is in this flush): the trades alone decide.
    }
    const prices: number[] = [];
    for (const bar of payload.bars) prices.push(bar.open, bar.high, bar.low, bar.close);
    const decimals = raisedDecimals(current, prices);
    if (decimals > current) heldStore?.raisePriceDecimals(symbol, decimals);
    const volumeDecimals = raisedDecimals(
      currentVolume,
      payload.bars.map((bar) => bar.volume),
    );
    if (volumeDecimals > currentVolume) heldStore?.raiseVolumeDecimals(symbol, volumeDecimals);
    return { ...payload, priceDecimals: decimals, volumeDecimals };
  };
  const flushLive = (): void => {
    const due = [
      ...feed.advance(clock.now()),
      ...realFeeds.drain().map(withLiveDecimals),
      ...sources.drain(),
    ];
    for (const payload of due) {
      if (payload.subscriptionId.startsWith(QUOTE_WATCH)) quoteWatch.receive(payload.symbol, payload.bars);
      if (isEngineOwn(payload.subscriptionId)) continue;
      options.emit?.({ type: 'event', channel: LIVE_BARS_CHANNEL, payload: atPaneBars(payload) });
    }
    for (const payload of quoteWatch.due(clock.now())) {
      options.emit?.({ type: 'event', channel: QUOTES_CHANNEL, payload });
    }
    options.onFlush();
  };
  // The timer runs only while ticks are due, a real feed is connected or a source's symbol followed,
  // so an idle feed costs nothing.
  const timerDue = (): boolean => feed.running || realFeeds.active || sources.active;
  const syncTimer = (): void => {
    if (timerDue() && !stopTimer) stopTimer = clock.every(LIVE_FLUSH_MS, flushLive);
    if (!timerDue() && stopTimer) {
      stopTimer();
      stopTimer = null;
    }
  };

  // One subscription to the simulator, a real feed or a history source, whichever has the symbol.
  const subscribeFeed = (store: SeriesStore, request: LiveSubscribeRequest): LiveSubscription => {
    const { symbol } = request;
    const id = request.subscriptionId ?? `feed-${nextFeedSubscription++}`;
    // A followed source symbol's bars come at the chart's buckets (its source aggregates them).
    const subscription = realFeeds.isFeedSymbol(symbol)
      ? realFeeds.subscribe(request, id)
      : sources.isFollowed(symbol)
        ? sources.subscribe(
            request,
            id,
            chartBarsOf(store, symbol, request.interval ?? null, request.sessionOnly === true),
          )
        : feed.subscribe(request, liveSourceOf(store.barColumns(symbol)), clock.now());
    syncTimer();
    return subscription;
  };
  const unsubscribeFeed = (subscriptionId: string): boolean => {
    const removed =
      realFeeds.unsubscribe(subscriptionId) ||
      sources.unsubscribe(subscriptionId) ||
      feed.unsubscribe(subscriptionId, clock.now());
    syncTimer();
    return removed;
  };

  /**
   * Live symbols a part of the engine follows with feed subscriptions of its own, `prefix` + symbol
   * (their bars reach no pane): `follow(store, symbols)` subscribes the live ones among `symbols` not
   * followed yet (`onStart` gets a new subscription's bars so far) and lets go of the others.
   */
  const ownFollowing = (
    prefix: string,
    what: string,
    onStart: (symbol: string, bars: LiveSubscription['bars']) => void = () => {},
  ) => {
    const followed = new Set<string>();
    return (store: SeriesStore, symbols: Iterable<string>): void => {
      const wanted = new Set(
        [...symbols].filter(
          (symbol) => realFeeds.isFeedSymbol(symbol) || store.symbolInfo(symbol)?.live === true,
        ),
      );
      for (const symbol of followed) {
        if (wanted.has(symbol)) continue;
        followed.delete(symbol);
        unsubscribeFeed(`${prefix}${symbol}`);
      }
      for (const symbol of wanted) {
        if (followed.has(symbol)) continue;
        try {
          const subscription = subscribeFeed(store, { symbol, subscriptionId: `${prefix}${symbol}` });
          followed.add(symbol);
          onStart(symbol, subscription.bars);
        } catch (error) {
          console.warn(`${what} ${symbol} cannot follow its feed:`, error);
        }
      }
    };
  };

  // An alert hears its symbol's ticks whether or not a chart shows it.
  const followForAlerts = ownFollowing(ALERT_WATCH, 'Alerts on');

  const quoteNow = (store: SeriesStore, symbol: string, live: readonly LiveBar[] = []): Quote =>
    (realFeeds.isFeedSymbol(symbol) && !realFeeds.ready(symbol)) || options.quoteWaits(symbol)
      ? waitingQuote(symbol)
      : quoteOf(store, symbol, live);

  // Watchlists' quotes: a live symbol a watchlist shows is followed too.
  const quoteWatch = new QuoteWatch((symbol, live) => {
    const heldStore = options.store();
    if (!heldStore) throw new Error('The catalog is not loaded');
    return quoteNow(heldStore, symbol, live);
  });
  const followForQuotes = ownFollowing(QUOTE_WATCH, 'Quotes of', (symbol, bars) =>
    quoteWatch.receive(symbol, bars),
  );

  return {
    realFeeds,

    subscribe(store, request) {
      const { symbol } = request;
      const subscription = subscribeFeed(store, request);
      const id = subscription.subscriptionId;
      resamplers.delete(id);
      // A source symbol's subscription is at the chart's buckets already.
      if ((!request.interval && !request.sessionOnly) || sources.isFollowed(symbol)) return subscription;
      const spec = chartBarsOf(store, symbol, request.interval ?? null, request.sessionOnly === true);
      // Seeded with the bars held, so its first bar is their partial last bucket plus the feed's.
      const resampler = new LiveResampler(spec, store.barColumns(symbol));
      resamplers.set(id, resampler);
      return { ...subscription, bars: resampler.fold(subscription.bars) };
    },

    unsubscribe(subscriptionId) {
      resamplers.delete(subscriptionId);
      return unsubscribeFeed(subscriptionId);
    },

    setPaused(paused) {
      feed.setPaused(paused, clock.now());
      realFeeds.setPaused(paused);
      sources.setPaused(paused);
      syncTimer();
      return { paused: feed.paused };
    },

    quoteNow: (store, symbol) => quoteNow(store, symbol),

    watchQuotes(store, watchId, symbols) {
      quoteWatch.watch(watchId, symbols);
      // Followed before the quotes are made: a symbol already live for a chart gives its bars at once.
      followForQuotes(store, quoteWatch.symbols);
      return quoteWatch.quotesOf(symbols);
    },

    followForAlerts,

    barsSoFar: (symbol) => (realFeeds.isFeedSymbol(symbol) ? realFeeds.bars(symbol) : feed.barsSoFar(symbol)),

    statusEvent: () => withStatus(realFeeds.statusEvent()),

    postStatus() {
      options.emit?.({
        type: 'event',
        channel: FEED_STATUS_CHANNEL,
        payload: withStatus(realFeeds.statusEvent()),
      });
    },

    dispose() {
      stopTimer?.();
      stopTimer = null;
      realFeeds.dispose();
    },
  };
}
