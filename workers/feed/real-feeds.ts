/**
 * The engine's real feeds: one connection per configured feed, opened while some pane shows one of
 * its symbols live (or waits for its first bar), the feed's messages checked by its adapter, gaps
 * detected, trades folded into bars, and bad messages counted by kind. Live subscriptions behave as
 * the simulator's do (same request, same events), so a chart cannot tell the two apart.
 */
import { intervalSeconds, parseInterval } from '../../core/bars/interval';
import type { FeedConfig, FeedsConfig } from '../../core/feed/feed-config';
import type {
  BadMessageKind,
  FeedStatus,
  FeedStatusEvent,
  Gap,
  GapNotice,
  HistoryNotice,
} from '../../core/feed/feed-status';
import type {
  EarlierResult,
  LiveBar,
  LiveBarsEvent,
  LiveSubscribeRequest,
  LiveSubscription,
  SymbolInfo,
} from '../../core/protocol';
import { adapterFor, historyProtocolFor } from './adapters';
import { type History, loadHistory } from './binance-history';
import { FeedBars } from './feed-bars';
import { type ConnectionStatus, FeedConnection, type FeedTimers, type OpenSocket } from './feed-connection';
import type { BadFeedMessage, FeedMessage } from './feed-messages';
import { GapDetector } from './gap-detector';

/** How long a chart waits for a feed symbol's first trade before it says the feed sent nothing. */
export const FIRST_BAR_TIMEOUT_MS = 15_000;
/** A symbol stays subscribed this long after its first bar, for the chart's live subscription to follow. */
const LINGER_MS = 5_000;
const GAPS_KEPT = 5;
/**
 * Bars of history a feed symbol's first view brings from the feed's history service, before its
 * first live bar (five pages of Binance's: three and a half days of minutes).
 */
export const HISTORY_FIRST_BARS = 5_000;
/** Bars of history each `loadEarlier` brings (a chart scrolled near its first bar). */
export const HISTORY_PAGE_BARS = 5_000;
/**
 * The most history bars kept a symbol (200,000 minutes: 139 days, about 16 MB as bars here); older
 * ones are not asked for. The byte-bounded cache of issue 46 replaces this bound.
 */
export const HISTORY_MAX_BARS = 200_000;

/** The status of a feed that cannot connect here (no WebSocket). */
const NO_CONNECTION: ConnectionStatus = {
  state: 'idle',
  attempt: 0,
  reconnects: 0,
  retryAt: null,
  lastMessageAt: null,
  lastDataAt: null,
  messages: 0,
};

/** A status is posted again at most this often for messages alone (ms). */
export const STATUS_REFRESH_MS = 1000;

export interface RealFeedsOptions {
  config: FeedsConfig;
  /** Opens a WebSocket; null where there is none (Node tests): no feed then connects. */
  open: OpenSocket | null;
  timers: FeedTimers;
  random?: () => number;
  /** The status changed (state, a gap, counts): the engine posts it. */
  onStatus(event: FeedStatusEvent): void;
  /** Every trade taken (and every bar's close), in UTC seconds: the alert book's input. */
  onTick?(symbol: string, time: number, price: number): void;
  /** Fetches a feed's history (the worker's own fetch); without it no history is asked for. */
  fetch?: typeof fetch | null;
}

interface Waiter {
  resolve(bars: LiveBar[]): void;
  reject(error: Error): void;
}

class FeedRuntime {
  readonly bars: FeedBars;
  readonly gaps: GapDetector;
  readonly connection: FeedConnection | null;
  readonly badMessages: Partial<Record<BadMessageKind, number>> = {};
  lastBadMessage: string | null = null;
  notices: GapNotice[] = [];
  /** Symbols held subscribed without a live subscription (waiting for a first bar, or lingering). */
  readonly holds = new Map<string, number>();
  readonly waiters = new Map<string, Waiter[]>();
  /** Each symbol's history before its first live bar, once it is in (oldest first). */
  readonly past = new Map<string, LiveBar[]>();
  /** Each symbol's history load: asked for once, settled with what came (never rejected). */
  readonly pastLoads = new Map<string, { settled: boolean; done: Promise<void> }>();
  readonly history = new Map<string, HistoryNotice>();
  /** A page of earlier history being brought, per symbol (one at a time: never asked twice). */
  readonly earlierLoads = new Map<string, Promise<EarlierResult>>();

  constructor(
    readonly config: FeedConfig,
    connect: (runtime: FeedRuntime) => FeedConnection | null,
  ) {
    const interval = parseInterval(config.interval);
    this.bars = new FeedBars(interval ? intervalSeconds(interval) : 60);
    this.gaps = new GapDetector(config.gapAfterMs, interval ?? undefined);
    this.connection = connect(this);
  }

  /** The connection's status now (idle where none can be opened). */
  connectionStatus(): ConnectionStatus {
    return this.connection?.status() ?? NO_CONNECTION;
  }

  wantedSymbols(): Set<string> {
    const symbols = this.bars.subscribedSymbols();
    for (const [symbol, count] of this.holds) if (count > 0) symbols.add(symbol);
    return symbols;
  }

  status(): FeedStatus {
    const { id, label, adapter, symbols, staleAfterMs } = this.config;
    return {
      id,
      label,
      adapter,
      symbols: [...symbols],
      live: [...this.wantedSymbols()].sort(),
      ...this.connectionStatus(),
      staleAfterMs,
      badMessages: { ...this.badMessages },
      lastBadMessage: this.lastBadMessage,
      gaps: this.notices.map((n) => ({ ...n })),
      history: [...this.history.values()].map((h) => ({ ...h })),
      // Trades stop when nothing trades: only a feed of bars tells a stale symbol from a quiet one.
      staleSymbols: this.connection?.staleSymbols(staleAfterMs, this.config.streams === 'bars') ?? [],
    };
  }
}

export class RealFeeds {
  private readonly feeds: FeedRuntime[];
  private readonly bySymbol = new Map<string, FeedRuntime>();
  /** Counts changed since the last post (posted with the next drain, not once per message). */
  private dirty = false;
  /** When the status was last posted, and the messages received by then. */
  private posted = { at: Number.NEGATIVE_INFINITY, messages: 0 };

  constructor(private readonly options: RealFeedsOptions) {
    this.feeds = options.config.feeds.map(
      (config) => new FeedRuntime(config, (runtime) => this.connect(runtime)),
    );
    for (const feed of this.feeds) for (const symbol of feed.config.symbols) this.bySymbol.set(symbol, feed);
  }

  isFeedSymbol(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  /**
   * The catalog entries of the feeds' symbols: their bars are whatever the feed has sent, none at
   * first (see `withSpan` for their range at any later time).
   */
  symbolInfos(): SymbolInfo[] {
    return this.feeds.flatMap((feed) =>
      feed.config.symbols.map((symbol) => ({
        symbol,
        name: `${symbol} · ${feed.config.label}`,
        kind: 'bars' as const,
        first: Number.NaN,
        last: Number.NaN,
        count: 0,
        live: true,
        feed: feed.config.id,
      })),
    );
  }

  /** A feed symbol's catalog entry with the range of the bars its feed has made so far; others as they are. */
  withSpan(info: SymbolInfo): SymbolInfo {
    const feed = this.bySymbol.get(info.symbol);
    if (!feed) return info;
    const span = feed.bars.span(info.symbol);
    if (!span) return { ...info, first: Number.NaN, last: Number.NaN, count: 0 };
    const past = feed.past.get(info.symbol) ?? [];
    const first = past[0];
    const earlier = this.hasEarlier(feed, info.symbol);
    return {
      ...info,
      ...span,
      ...(first ? { first: first.time, count: span.count + past.length } : {}),
      ...(earlier ? { earlier } : {}),
    };
  }

  /**
   * The symbol's bars so far, its history first; none yet means the caller should wait for
   * `firstBars` (and `history`).
   */
  bars(symbol: string): LiveBar[] {
    const feed = this.bySymbol.get(symbol);
    if (!feed) return [];
    const live = feed.bars.bars(symbol);
    const past = feed.past.get(symbol) ?? [];
    return past.length > 0 ? [...past.map((bar) => ({ ...bar })), ...live] : live;
  }

  /**
   * Pages in the symbol's history before its first live bar from the feed's history service, once
   * (the first live bar must exist: `firstBars`). Settles when it is in, or when it stopped with what
   * came (said in the feed's status); a feed without a history service settles at once.
   */
  history(symbol: string): Promise<void> {
    const feed = this.feedOf(symbol);
    if (!this.hasHistoryService(feed) || !feed.bars.hasBars(symbol)) return Promise.resolve();
    let load = feed.pastLoads.get(symbol);
    if (!load) {
      const state = { settled: false, done: Promise.resolve() };
      state.done = this.prependPage(feed, symbol, HISTORY_FIRST_BARS).then(() => {
        state.settled = true;
      });
      load = state;
      feed.pastLoads.set(symbol, load);
    }
    return load.done;
  }

  /**
   * Pages in `HISTORY_PAGE_BARS` more of the symbol's history before the first bar held, after its
   * first page (`history`) is in. One page at a time: a second ask while one is on its way gets that
   * one's answer. Never rejects: a problem is in the answer and in the feed's status.
   */
  async loadEarlier(symbol: string): Promise<EarlierResult> {
    const feed = this.feedOf(symbol);
    await this.history(symbol);
    if (!this.hasEarlier(feed, symbol)) return { added: 0, earlier: false, problem: null };
    let load = feed.earlierLoads.get(symbol);
    if (!load) {
      const held = feed.past.get(symbol)?.length ?? 0;
      load = this.prependPage(feed, symbol, Math.min(HISTORY_PAGE_BARS, HISTORY_MAX_BARS - held))
        .then((page) => ({
          added: page.bars.length,
          earlier: this.hasEarlier(feed, symbol),
          problem: page.problem,
        }))
        .finally(() => feed.earlierLoads.delete(symbol));
      feed.earlierLoads.set(symbol, load);
    }
    return load;
  }

  /** The feed has a history service, and this engine can fetch (not in Node tests without one). */
  private hasHistoryService(feed: FeedRuntime): boolean {
    return feed.config.history !== undefined && this.options.fetch != null;
  }

  /**
   * Brings up to `maxBars` of history before the symbol's first bar held (its history's, else its first
   * live bar's), puts them before it, and says in the feed's status what it holds now. Never rejects.
   */
  private prependPage(feed: FeedRuntime, symbol: string, maxBars: number): Promise<History> {
    const { timers } = this.options;
    const base = feed.config.history;
    const fetchFn = this.options.fetch;
    const first = feed.past.get(symbol)?.[0]?.time ?? feed.bars.span(symbol)?.first;
    if (!base || !fetchFn || first === undefined)
      return Promise.resolve({ bars: [], complete: false, problem: null });
    return loadHistory({
      base,
      symbol,
      interval: feed.config.interval,
      before: first * 1000,
      maxBars,
      fetch: fetchFn,
      sleep: (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms)),
      protocol: historyProtocolFor(feed.config),
    }).then((page) => {
      const bars = [...page.bars, ...(feed.past.get(symbol) ?? [])];
      feed.past.set(symbol, bars);
      const full = bars.length >= HISTORY_MAX_BARS && !page.complete;
      feed.history.set(symbol, {
        symbol,
        bars: bars.length,
        from: bars[0]?.time ?? null,
        complete: page.complete,
        problem:
          page.problem ?? (full ? `${HISTORY_MAX_BARS.toLocaleString('en-US')} bars is the most kept` : null),
      });
      this.postStatus();
      return page;
    });
  }

  /** The symbol's history service may hold bars before those held (and this build keeps more). */
  private hasEarlier(feed: FeedRuntime, symbol: string): boolean {
    const notice = feed.history.get(symbol);
    if (!notice || !this.hasHistoryService(feed) || notice.complete) return false;
    return (feed.past.get(symbol)?.length ?? 0) < HISTORY_MAX_BARS;
  }

  /**
   * Whether the symbol's series can be made now: its feed has a bar, and its history (if the feed has
   * a history service) has settled. Asks for the history when it has not yet.
   */
  ready(symbol: string): boolean {
    const feed = this.bySymbol.get(symbol);
    if (!feed?.bars.hasBars(symbol)) return false;
    if (!this.hasHistoryService(feed)) return true;
    void this.history(symbol);
    return feed.pastLoads.get(symbol)?.settled === true;
  }

  /** Whether the feed has made a bar of the symbol yet (false for a symbol of no feed). */
  hasBars(symbol: string): boolean {
    return this.bySymbol.get(symbol)?.bars.hasBars(symbol) ?? false;
  }

  /**
   * Subscribes the symbol until its first bar exists (or `FIRST_BAR_TIMEOUT_MS` passed) and resolves
   * with its bars: a chart of a feed symbol has nothing to show before the feed's first trade.
   */
  firstBars(symbol: string): Promise<LiveBar[]> {
    const feed = this.feedOf(symbol);
    if (feed.bars.hasBars(symbol)) return Promise.resolve(feed.bars.bars(symbol));
    if (!feed.connection)
      return Promise.reject(new Error(`${feed.config.label} cannot connect here (no WebSocket)`));
    const { timers } = this.options;
    return new Promise<LiveBar[]>((resolve, reject) => {
      this.hold(feed, symbol, 1);
      let settled = false;
      const settle = (): void => {
        settled = true;
        timers.clearTimeout(timer);
        // Held a little longer, so the chart's live subscription finds the symbol still subscribed.
        timers.setTimeout(() => this.hold(feed, symbol, -1), LINGER_MS);
      };
      const timer = timers.setTimeout(() => {
        if (settled) return;
        settle();
        const list = feed.waiters.get(symbol) ?? [];
        feed.waiters.set(
          symbol,
          list.filter((w) => w !== waiter),
        );
        reject(
          new Error(
            `No trade from ${feed.config.label} for ${symbol} within ${FIRST_BAR_TIMEOUT_MS / 1000} s`,
          ),
        );
      }, FIRST_BAR_TIMEOUT_MS);
      const waiter: Waiter = {
        resolve: (bars) => {
          if (settled) return;
          settle();
          resolve(bars);
        },
        reject,
      };
      feed.waiters.set(symbol, [...(feed.waiters.get(symbol) ?? []), waiter]);
    });
  }

  subscribe(request: LiveSubscribeRequest, id: string): LiveSubscription {
    const feed = this.feedOf(request.symbol);
    const bars = feed.bars.subscribe(id, request.symbol, request.resumeFrom);
    this.syncSymbols(feed);
    return {
      subscriptionId: id,
      symbol: request.symbol,
      barSeconds: feed.bars.barSeconds,
      ticksPerSecond: 0,
      paused: feed.bars.paused,
      bars,
    };
  }

  /** False when no feed has the subscription. */
  unsubscribe(id: string): boolean {
    const feed = this.feeds.find((f) => f.bars.hasSubscription(id));
    if (!feed) return false;
    feed.bars.unsubscribe(id);
    this.syncSymbols(feed);
    return true;
  }

  hasSubscription(id: string): boolean {
    return this.feeds.some((f) => f.bars.hasSubscription(id));
  }

  setPaused(paused: boolean): void {
    for (const feed of this.feeds) feed.bars.setPaused(paused);
  }

  /** Something to do on the engine's flush timer: a subscription, or a connection that is not idle. */
  get active(): boolean {
    return this.feeds.some((f) => f.bars.subscriptionCount > 0 || f.connectionStatus().state !== 'idle');
  }

  /**
   * The live events due now; posts the status too when counts changed since the last call, or when
   * messages came in since a post at least STATUS_REFRESH_MS ago (the last message's time and the
   * message count a status panel shows stay that current, at one small event a second).
   */
  drain(): LiveBarsEvent[] {
    if (this.dirty || this.messagesSincePost()) this.postStatus();
    return this.feeds.flatMap((feed) => feed.bars.drain());
  }

  private messagesSincePost(): boolean {
    if (this.options.timers.now() - this.posted.at < STATUS_REFRESH_MS) return false;
    return this.messageCount() !== this.posted.messages;
  }

  private messageCount(): number {
    return this.feeds.reduce((sum, feed) => sum + feed.connectionStatus().messages, 0);
  }

  statusEvent(): FeedStatusEvent {
    return { feeds: this.feeds.map((feed) => feed.status()) };
  }

  /** The `Reconnect feed` command; false for an unknown feed id. */
  reconnect(feedId: string): boolean {
    const feed = this.feeds.find((f) => f.config.id === feedId);
    if (!feed) return false;
    feed.connection?.reconnect();
    return true;
  }

  /** The `Clear feed notices` command: gaps are forgotten (counts stay: they are totals). */
  clearNotices(): void {
    for (const feed of this.feeds) feed.notices = [];
    this.postStatus();
  }

  dispose(): void {
    for (const feed of this.feeds) feed.connection?.dispose();
  }

  private feedOf(symbol: string): FeedRuntime {
    const feed = this.bySymbol.get(symbol);
    if (!feed) throw new Error(`${symbol} is not a feed symbol`);
    return feed;
  }

  private hold(feed: FeedRuntime, symbol: string, delta: number): void {
    feed.holds.set(symbol, (feed.holds.get(symbol) ?? 0) + delta);
    if ((feed.holds.get(symbol) ?? 0) <= 0) feed.holds.delete(symbol);
    this.syncSymbols(feed);
  }

  private syncSymbols(feed: FeedRuntime): void {
    feed.connection?.setSymbols(feed.wantedSymbols());
  }

  private connect(feed: FeedRuntime): FeedConnection | null {
    const { open, timers, random } = this.options;
    if (!open) return null;
    return new FeedConnection({
      url: feed.config.url,
      adapter: adapterFor(feed.config),
      open,
      timers,
      ...(random ? { random } : {}),
      staleAfterMs: feed.config.staleAfterMs,
      onMessage: (message) => this.receive(feed, message),
      onBadMessage: (error) => this.refuse(feed, error),
      onStatus: () => this.postStatus(),
    });
  }

  /** Takes a parsed message; false when it was refused (the connection judges liveness on taken ones). */
  private receive(feed: FeedRuntime, message: FeedMessage): boolean {
    // A heartbeat proves the server alive; an answer to a request is taken and proves no data.
    if (message.kind !== 'trade' && message.kind !== 'bar') return true;
    const { symbol } = message;
    if (!this.bySymbol.has(symbol) || this.bySymbol.get(symbol) !== feed) {
      this.refuse(feed, {
        name: 'BadFeedMessage',
        kind: 'unknown-symbol',
        detail: `${symbol} is not configured`,
      });
      return false;
    }
    if (message.kind === 'trade') {
      const check = feed.gaps.check(message);
      if (check.kind === 'seen') {
        this.refuse(feed, {
          name: 'BadFeedMessage',
          kind: 'out-of-order',
          detail: `${symbol} trade ${message.id} again`,
        });
        return false;
      }
      if (check.kind === 'gap') this.noteGap(feed, check.gap);
      if (feed.bars.trade(symbol, message.time, message.price, message.size) === 'out-of-order') {
        this.refuse(feed, {
          name: 'BadFeedMessage',
          kind: 'out-of-order',
          detail: `${symbol} trade before its bar`,
        });
        return false;
      }
      this.options.onTick?.(symbol, message.time / 1000, message.price);
    } else {
      const interval = parseInterval(message.interval);
      const result = feed.bars.bar(message, interval ? intervalSeconds(interval) : null);
      if (result === 'out-of-order') {
        this.refuse(feed, {
          name: 'BadFeedMessage',
          kind: 'out-of-order',
          detail: `${symbol} bar before its backlog`,
        });
        return false;
      }
      // Bars of another interval are not ours to fold, nor a sign of trouble.
      if (result === 'other-interval') return true;
      const check = feed.gaps.checkBar(symbol, message.time);
      if (check.kind === 'gap') this.noteGap(feed, check.gap);
      // A bar's close is the latest price (a feed of bars only has no other ticks).
      this.options.onTick?.(symbol, message.time / 1000, message.close);
    }
    const waiters = feed.waiters.get(symbol);
    if (waiters && waiters.length > 0) {
      feed.waiters.delete(symbol);
      const bars = feed.bars.bars(symbol);
      for (const waiter of waiters) waiter.resolve(bars);
    }
    return true;
  }

  private noteGap(feed: FeedRuntime, gap: Gap): void {
    feed.notices = [{ ...gap, at: this.options.timers.now() }, ...feed.notices].slice(0, GAPS_KEPT);
    this.postStatus();
  }

  private refuse(feed: FeedRuntime, error: BadFeedMessage): void {
    feed.badMessages[error.kind] = (feed.badMessages[error.kind] ?? 0) + 1;
    feed.lastBadMessage = `${error.kind}: ${error.detail}`;
    this.dirty = true;
  }

  private postStatus(): void {
    this.dirty = false;
    this.posted = { at: this.options.timers.now(), messages: this.messageCount() };
    this.options.onStatus(this.statusEvent());
  }
}
