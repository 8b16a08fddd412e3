/**
 * The engine's history sources: their symbols found and put in the catalog, a chart's first page
 * brought before its bars are made, earlier pages on request, and a source that stopped answering
 * watched until it answers again (then its charts load again by themselves).
 */
import { parseInterval } from '../../core/bars/interval';
import type { SourceConfig } from '../../core/feed/feed-config';
import type { EarlierResult, SourceChangedEvent, SymbolInfo } from '../../core/protocol';
import { type BackoffPolicy, backoffCap } from '../feed/backoff';
import type { FeedTimers } from '../feed/feed-connection';
import type { SeriesStore } from '../series-store';
import { SourceError } from './clickhouse/clickhouse-client';
import { HistoryBook } from './history-book';
import type { HistorySource } from './history-source';
import { registerSourceSymbols } from './source-catalog';
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

  constructor(private readonly options: EngineSourcesOptions) {
    this.sources = createSources(options.configs, options.fetch);
    this.book = new HistoryBook({
      sources: this.sources,
      onForget: (symbol) => {
        const store = options.store();
        if (store?.hasSymbol(symbol)) store.forgetData(symbol);
      },
    });
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
        registerSourceSymbols(store, this.book, added);
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

  loadEarlier(symbol: string, interval: string | null | undefined): Promise<EarlierResult> {
    return this.book.loadEarlier(symbol, interval ? parseInterval(interval) : null);
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
