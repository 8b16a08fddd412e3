/**
 * The engine's history sources: their symbols found and put in the catalog, a chart's first page
 * brought before its bars are made, earlier pages on request, and a source that stopped answering
 * watched until it answers again (then its charts load again by themselves).
 */
import { parseInterval } from '../../core/bars/interval';
import type { SourceConfig } from '../../core/feed/feed-config';
import type { SourceStatus } from '../../core/feed/feed-status';
import type {
  EarlierResult,
  LiveBarsEvent,
  LiveSubscribeRequest,
  LiveSubscription,
  SourceChangedEvent,
  SymbolInfo,
} from '../../core/protocol';
import type { ChartBarsSpec } from '../aggregate/chart-buckets';
import { type BackoffPolicy, backoffCap } from '../feed/backoff';
import type { FeedTimers } from '../feed/feed-connection';
import { STATUS_REFRESH_MS } from '../feed/real-feeds';
import type { SeriesStore } from '../series-store';
import { SourceError } from './clickhouse/clickhouse-client';
import { HistoryBook } from './history-book';
import type { HistorySource } from './history-source';
import { registerSourceSymbols } from './source-catalog';
import { SourceFollow } from './source-follow';
import { SourceWatch } from './source-status';
import { createSources } from './sources';

/** The catalog waits this long for the sources' symbols; later ones join it when they come. */
export const DISCOVERY_WAIT_MS = 3_000;
/**
 * A source that does not answer (or list its symbols) is tried again after 2, 4, 8, 16, then every
 * 30 s: the feeds' backoff, without their jitter (one engine asks, not many tabs at once).
 */
const RETRY: BackoffPolicy = { baseMs: 2_000, maxMs: 30_000, factor: 2 };
const waitAfter = (attempt: number): number => backoffCap(attempt, RETRY);

export interface EngineSourcesOptions {
  configs: readonly SourceConfig[];
  fetch: typeof fetch | null;
  timers: FeedTimers;
  /** The catalog, once loaded (a series let go must be made again). */
  store(): SeriesStore | null;
  /** Charts of these symbols should load again. */
  onChanged(event: SourceChangedEvent): void;
  /** A followed symbol's new bar closes, as a feed's trades (price alerts). */
  onTick?(symbol: string, time: number, price: number): void;
  /** The sources' statuses changed (`statuses`). */
  onStatus?(): void;
}

export class EngineSources {
  private readonly sources: HistorySource[];
  private readonly book: HistoryBook;
  private discovering: Promise<void> | null = null;
  private discoveryTimer: unknown = null;
  /** The catalog was served (with the symbols found by then): symbols found later are told. */
  private served = false;
  private discoveryAttempt = 0;
  /** Symbols whose last load failed because their source did not answer, by source. */
  private readonly unreachable = new Map<HistorySource, Set<string>>();
  private recoveryTimer: unknown = null;
  private recoveryAttempt = 0;
  private disposed = false;
  /** Per source that polls: its followed symbols (`pollSeconds` > 0). */
  private readonly follows = new Map<HistorySource, SourceFollow>();
  private readonly watch: SourceWatch;

  constructor(private readonly options: EngineSourcesOptions) {
    this.watch = new SourceWatch({
      now: () => options.timers.now(),
      refreshMs: STATUS_REFRESH_MS,
      onChange: () => options.onStatus?.(),
    });
    // One source per config, in order (none where the engine cannot fetch).
    this.sources = createSources(options.configs, options.fetch).map((source, i) =>
      this.watch.watch(source, options.configs[i]?.adapter ?? '', options.configs[i]?.pollSeconds ?? 0),
    );
    const pollMs = new Map(
      this.sources.map((source, i) => [source, (options.configs[i]?.pollSeconds ?? 0) * 1000]),
    );
    this.book = new HistoryBook({
      sources: this.sources,
      now: () => options.timers.now(),
      freshMs: (source) => pollMs.get(source) ?? 0,
      onForget: (symbol) => {
        const store = options.store();
        if (store?.hasSymbol(symbol)) store.forgetData(symbol);
      },
    });
    for (const [source, ms] of pollMs) {
      if (ms <= 0) continue;
      this.follows.set(
        source,
        new SourceFollow({
          book: this.book,
          timers: options.timers,
          pollMs: ms,
          onTick: (symbol, time, price) => options.onTick?.(symbol, time, price),
          onProblem: (symbol, problem) => {
            if (problem) console.warn(`${source.label}: new bars of ${symbol} not read: ${problem}`);
          },
        }),
      );
    }
  }

  /** Whether the symbol's source is polled for new trades (its charts follow them). */
  isFollowed(symbol: string): boolean {
    const source = this.book.sourceOf(symbol);
    return source !== undefined && this.follows.has(source);
  }

  /** Follows a source symbol's new bars at a chart's buckets (`isFollowed` first). */
  subscribe(request: LiveSubscribeRequest, id: string, spec: ChartBarsSpec): LiveSubscription {
    const source = this.book.sourceOf(request.symbol);
    const follow = source && this.follows.get(source);
    if (!follow) throw new Error(`${request.symbol} is not followed by a history source`);
    const subscription = follow.subscribe(request, id, spec);
    this.options.onStatus?.();
    return subscription;
  }

  /** False when no source follows the subscription. */
  unsubscribe(id: string): boolean {
    for (const follow of this.follows.values()) {
      if (!follow.unsubscribe(id)) continue;
      this.options.onStatus?.();
      return true;
    }
    return false;
  }

  /** How each source is doing, for the feed status panel. */
  statuses(): SourceStatus[] {
    return this.watch.statuses((source) => this.follows.get(source)?.followedSymbols() ?? []);
  }

  /** Followed symbols' bars to post on the engine's flush timer, which runs while this is true. */
  get active(): boolean {
    for (const follow of this.follows.values()) if (follow.active) return true;
    return false;
  }

  drain(): LiveBarsEvent[] {
    return [...this.follows.values()].flatMap((follow) => follow.drain());
  }

  setPaused(paused: boolean): void {
    for (const follow of this.follows.values()) follow.setPaused(paused);
  }

  isSourceSymbol(symbol: string): boolean {
    return this.book.isSourceSymbol(symbol);
  }

  /**
   * Finds the sources' symbols and registers them; the catalog's load waits for it at most
   * `DISCOVERY_WAIT_MS` (symbols that come later are told as a change). Never rejects.
   */
  discover(store: SeriesStore): Promise<void> {
    if (this.sources.length === 0) return Promise.resolve();
    this.discovering ??= this.book
      .discover()
      .then(({ added, problems }) => {
        registerSourceSymbols(store, this.book, added, (source) => this.follows.has(source));
        for (const problem of problems) console.warn(`History source: ${problem}`);
        // Symbols found before the catalog was served are in it; later ones are told.
        if (added.length > 0 && this.served)
          this.options.onChanged({ symbols: added.map((a) => a.symbol.symbol) });
        // A source that could not list its symbols is asked again, more slowly each time.
        if (problems.length > 0 && this.discoveryTimer === null && !this.disposed) {
          const wait = waitAfter(this.discoveryAttempt++);
          this.discoveryTimer = this.options.timers.setTimeout(() => {
            this.discoveryTimer = null;
            void this.discover(store);
          }, wait);
        } else if (problems.length === 0) {
          this.discoveryAttempt = 0;
        }
      })
      .finally(() => {
        this.discovering = null;
      });
    const wait = new Promise<void>((resolve) => this.options.timers.setTimeout(resolve, DISCOVERY_WAIT_MS));
    return Promise.race([this.discovering, wait]).then(() => {
      this.served = true;
    });
  }

  /** Brings what a chart of `symbol` at `interval` is made from; rejects with the source's message. */
  async beforeBars(symbol: string, interval: string | null | undefined): Promise<void> {
    try {
      await this.book.ensure(symbol, interval ? parseInterval(interval) : null);
    } catch (error) {
      if (error instanceof SourceError && error.unreachable) this.watchRecovery(symbol);
      throw error;
    }
  }

  /** Whether a quote can be made now (its minute bars are in); asks for them when not. */
  quoteReady(symbol: string): boolean {
    if (this.book.held(symbol, null)) return true;
    void this.beforeBars(symbol, null).catch(() => {});
    return false;
  }

  loadEarlier(symbol: string, interval: string | null | undefined, bars?: number): Promise<EarlierResult> {
    return this.book.loadEarlier(symbol, interval ? parseInterval(interval) : null, bars);
  }

  /** A source symbol's catalog entry with its span and the minute bars held; others as they are. */
  withSpan(info: SymbolInfo): SymbolInfo {
    if (!this.book.isSourceSymbol(info.symbol)) return info;
    const span = this.book.spanOf(info.symbol);
    const minutes = this.book.held(info.symbol, null);
    return {
      ...info,
      ...(span ? { first: span.first, last: span.last } : {}),
      count: minutes?.time.length ?? 0,
      ...(this.book.hasEarlier(info.symbol, null) ? { earlier: true } : {}),
    };
  }

  dispose(): void {
    this.disposed = true;
    for (const follow of this.follows.values()) follow.dispose();
    for (const timer of [this.recoveryTimer, this.discoveryTimer])
      if (timer !== null) this.options.timers.clearTimeout(timer);
    this.recoveryTimer = null;
    this.discoveryTimer = null;
  }

  /** Tries the symbol's source again later; once it answers, its failed symbols are told as changed. */
  private watchRecovery(symbol: string): void {
    const source = this.book.sourceOf(symbol);
    if (!source) return;
    const symbols = this.unreachable.get(source) ?? new Set();
    symbols.add(symbol);
    this.unreachable.set(source, symbols);
    if (this.recoveryTimer !== null || this.disposed) return;
    const wait = waitAfter(this.recoveryAttempt);
    this.recoveryTimer = this.options.timers.setTimeout(() => void this.tryRecovery(), wait);
  }

  private async tryRecovery(): Promise<void> {
    this.recoveryTimer = null;
    const back: string[] = [];
    for (const [source, symbols] of [...this.unreachable]) {
      const probe = symbols.values().next().value;
      if (probe === undefined) continue;
      try {
        await source.span(probe);
        this.unreachable.delete(source);
        back.push(...symbols);
      } catch {
        // Still away: tried again after a longer wait.
      }
    }
    if (back.length > 0) {
      this.recoveryAttempt = 0;
      this.options.onChanged({ symbols: back });
    } else {
      this.recoveryAttempt++;
    }
    if (this.unreachable.size > 0 && this.recoveryTimer === null && !this.disposed) {
      const wait = waitAfter(this.recoveryAttempt);
      this.recoveryTimer = this.options.timers.setTimeout(() => void this.tryRecovery(), wait);
    }
  }
}
