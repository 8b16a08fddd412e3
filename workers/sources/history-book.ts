/**
 * The engine's history from its sources: which symbols each source has, and per symbol the bars held
 * at each bucket a chart asked for, brought page by page toward the past as charts scroll back.
 * Bars are asked for at the resolution a chart draws (`baseStep`), aggregated by the source; the
 * engine resamples them to the chart's session-aligned interval (one bucketing rule, resample.ts).
 * Memory is bounded by bytes: the series used least recently go first.
 */
import { allocateColumns, type BarColumns, barOf } from '../../core/bars/bar-columns';
import { type Interval, intervalSeconds } from '../../core/bars/interval';
import { lowerBound } from '../../core/bars/sorted-search';
import { errorMessage } from '../../core/error-message';
import type { EarlierResult, LiveBar } from '../../core/protocol';
import { isAroundTheClock, type TradingSession } from '../../core/sessions/trading-session';
import type { HistorySource, SourceSpan, SourceSymbol } from './history-source';

const DAY = 86_400;
/** Bars a page brings (about: a page is a window of time sized for this many bars of trading). */
export const PAGE_BARS = 5_000;
/**
 * The most bars a page brings for a chart that asks for more (a view zoomed out over months): its
 * query stays a fraction of the source's result-row limit, and its answer a few megabytes.
 */
export const MAX_PAGE_BARS = 100_000;
/** Bytes of bars held across all sources' series (six Float64 columns: 48 bytes a bar). */
export const HELD_BYTES = 96 * 1024 * 1024;
const BAR_BYTES = 48;
/** Pages tried in a row through a stretch without trades (a halt, an outage) before giving up the ask. */
const EMPTY_PAGES_TRIED = 8;

/**
 * The bucket, in seconds, a chart at `interval` asks a source for: the interval itself where its
 * buckets are aligned to 1970 as the source's are, otherwise the largest that tiles the chart's
 * buckets. Minutes and hours of a session count from its open, which may sit on any quarter hour
 * in UTC (zones are whole quarter hours off); days and longer are made of UTC days.
 */
export function baseStep(interval: Interval | null, session: TradingSession | null): number {
  if (!interval) return 60;
  if (interval.unit !== 'm' && interval.unit !== 'h') return DAY;
  const size = intervalSeconds(interval);
  if (session && !isAroundTheClock(session)) return gcd(size, gcd(session.open * 60, 900));
  return DAY % size === 0 ? size : gcd(size, DAY);
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** The share of time a session trades, at a bucket: a page's window is its bars over this. */
function density(session: TradingSession, step: number): number {
  const days = session.days.length / 7;
  if (step >= DAY) return days;
  return Math.max(days * ((session.close - session.open) / 1440), 0.01);
}

/** Where the first page ends: after the bucket of the symbol's last trade. */
export function latestEnd(span: SourceSpan, step: number): number {
  return Math.floor(span.last / step) * step + step;
}

/**
 * The window of the page before `to`: sized for `pageBars` bars of the session's trading time,
 * aligned to the bucket, not before the bucket of the symbol's first trade.
 */
export function pageBefore(
  to: number,
  span: SourceSpan,
  step: number,
  session: TradingSession,
  pageBars = PAGE_BARS,
): { from: number; to: number } {
  const reach = Math.ceil((pageBars * step) / density(session, step) / step) * step;
  return { from: Math.max(Math.floor(span.first / step) * step, to - reach), to };
}

interface Held {
  columns: BarColumns;
  /** When its latest bars were last asked for (engine clock, ms): older than a poll, asked again. */
  freshAt: number;
  /** A tail refresh on its way (one at a time). */
  tail: Promise<LiveBar[]> | null;
  /** Start of the window brought so far (bars before it not asked for yet). */
  from: number;
  /** Nothing before `from`: the symbol's first trade is in. */
  complete: boolean;
  /** A page on its way (one at a time). */
  page: Promise<EarlierResult> | null;
}

interface Entry {
  source: HistorySource;
  info: SourceSymbol;
  span?: Promise<SourceSpan | null>;
  spanValue?: SourceSpan | null;
  /** By bucket seconds (let go together: the book's memory bound goes by symbol). */
  held: Map<number, Held>;
  /** First pages on their way, by bucket seconds. */
  firstPages: Map<number, Promise<void>>;
}

export interface HistoryBookOptions {
  sources: readonly HistorySource[];
  /** Wall clock, ms (a tail refresh asks up to now). */
  now?(): number;
  /**
   * A series of this source held longer than this (ms) has its latest bars asked for again before a
   * chart is made of it, so the trades the database took since are in (0: never; the default).
   */
  freshMs?(source: HistorySource): number;
  maxBytes?: number;
  /** Bars a page is sized for (`PAGE_BARS`). */
  pageBars?: number;
  /** The most bars a page brings however many a chart asks for (`MAX_PAGE_BARS`). */
  maxPageBars?: number;
  /** A series was let go (memory) or grew: what was made of it must be made again. */
  onForget?(symbol: string): void;
}

export class HistoryBook {
  private readonly entries = new Map<string, Entry>();
  /** Symbols across all sources, most recently used last (for the memory bound). */
  private readonly useOrder = new Map<string, true>();
  private readonly maxBytes: number;
  private readonly pageBars: number;
  private readonly maxPageBars: number;

  constructor(private readonly options: HistoryBookOptions) {
    this.maxBytes = options.maxBytes ?? HELD_BYTES;
    this.pageBars = options.pageBars ?? PAGE_BARS;
    this.maxPageBars = Math.max(this.pageBars, options.maxPageBars ?? MAX_PAGE_BARS);
  }

  /**
   * Asks each source for its symbols; a source that fails is said in `problems` (and asked again
   * at the next `discover`). Symbols already known stay known. Never rejects.
   */
  async discover(): Promise<{
    added: Array<{ source: HistorySource; symbol: SourceSymbol }>;
    problems: string[];
  }> {
    const added: Array<{ source: HistorySource; symbol: SourceSymbol }> = [];
    const problems: string[] = [];
    await Promise.all(
      this.options.sources.map(async (source) => {
        try {
          for (const symbol of await source.symbols()) {
            if (this.entries.has(symbol.symbol)) continue;
            this.entries.set(symbol.symbol, { source, info: symbol, held: new Map(), firstPages: new Map() });
            added.push({ source, symbol });
          }
        } catch (error) {
          problems.push(`${source.label}: ${errorMessage(error)}`);
        }
      }),
    );
    return { added, problems };
  }

  isSourceSymbol(symbol: string): boolean {
    return this.entries.has(symbol);
  }

  sourceOf(symbol: string): HistorySource | undefined {
    return this.entries.get(symbol)?.source;
  }

  /** The symbol's span once asked for (`ensure`), else undefined. */
  spanOf(symbol: string): SourceSpan | null | undefined {
    return this.entries.get(symbol)?.spanValue;
  }

  /** The bars held for a chart at `interval` (at its base step), or null before `ensure`. */
  held(symbol: string, interval: Interval | null): BarColumns | null {
    const entry = this.entries.get(symbol);
    if (!entry) return null;
    const held = entry.held.get(baseStep(interval, entry.info.session));
    return held?.columns ?? null;
  }

  /** Whether the source holds bars before those held for `interval`. */
  hasEarlier(symbol: string, interval: Interval | null): boolean {
    const entry = this.entries.get(symbol);
    const held = entry?.held.get(baseStep(interval, entry.info.session));
    return held !== undefined && !held.complete;
  }

  /**
   * Brings the symbol's span and the first page of bars a chart at `interval` needs (the latest
   * ones), once; rejects with the source's error (asked again next time).
   */
  async ensure(symbol: string, interval: Interval | null): Promise<void> {
    const entry = this.entryOf(symbol);
    this.touch(symbol);
    const step = baseStep(interval, entry.info.session);
    const held = entry.held.get(step);
    if (held) {
      const freshMs = this.options.freshMs?.(entry.source) ?? 0;
      if (freshMs > 0 && this.now() - held.freshAt >= freshMs) await this.refreshTail(symbol, interval);
      return;
    }
    let first = entry.firstPages.get(step);
    if (!first) {
      first = this.firstPage(entry, symbol, step).finally(() => entry.firstPages.delete(step));
      entry.firstPages.set(step, first);
    }
    await first;
  }

  private async firstPage(entry: Entry, symbol: string, step: number): Promise<void> {
    entry.span ??= entry.source.span(symbol).then(
      (span) => {
        entry.spanValue = span;
        return span;
      },
      (error: unknown) => {
        entry.span = undefined;
        throw error;
      },
    );
    const span = await entry.span;
    const freshAt = this.now();
    if (!span) {
      const empty = { columns: allocateColumns(0), from: 0, complete: true, page: null, tail: null };
      entry.held.set(step, { ...empty, freshAt });
      return;
    }
    // The bucket of the last trade is in: the window ends after it.
    const to = latestEnd(span, step);
    const held: Held = {
      columns: allocateColumns(0),
      from: to,
      complete: false,
      page: null,
      freshAt,
      tail: null,
    };
    await this.bringPage(entry, symbol, step, held, span);
    entry.held.set(step, held);
    this.forgetOthersPastBound(symbol);
  }

  /**
   * Brings the page before the bars held for `interval`, sized for `bars` (a wide view asks for two
   * screens of them) and never under the book's page; one at a time (a second ask gets the first's
   * answer). A stretch without trades is walked through, a few windows at most. Never
   * rejects: a failure is the answer's `problem`, the bars held stay.
   */
  loadEarlier(symbol: string, interval: Interval | null, bars = 0): Promise<EarlierResult> {
    const entry = this.entries.get(symbol);
    const step = entry ? baseStep(interval, entry.info.session) : 0;
    const held = entry?.held.get(step);
    // A series not complete has a span: a symbol without trades is held complete and empty.
    const span = entry?.spanValue;
    if (!entry || !held || held.complete || !span)
      return Promise.resolve({ added: 0, earlier: false, problem: null });
    this.touch(symbol);
    const pageBars = Math.min(this.maxPageBars, Math.max(this.pageBars, Math.ceil(bars)));
    held.page ??= (async (): Promise<EarlierResult> => {
      let added = 0;
      try {
        for (let tried = 0; added === 0 && !held.complete && tried < EMPTY_PAGES_TRIED; tried++) {
          if (this.bytesOf(held) + pageBars * BAR_BYTES > this.maxBytes) {
            const problem = `${Math.round(this.maxBytes / 2 ** 20)} MB of bars is the most kept here`;
            return { added, earlier: false, problem };
          }
          added += await this.bringPage(entry, symbol, step, held, span, pageBars);
        }
        this.forgetOthersPastBound(symbol);
        if (added > 0) this.options.onForget?.(symbol);
        return { added, earlier: !held.complete, problem: null };
      } catch (error) {
        if (added > 0) this.options.onForget?.(symbol);
        return {
          added,
          earlier: !held.complete,
          problem: errorMessage(error),
        };
      } finally {
        held.page = null;
      }
    })();
    return held.page;
  }

  /**
   * Asks the source again for the bars from the last one held to now (trades the database took
   * since the series was brought): the last bar is replaced, later ones are appended, and the
   * symbol's span grows to them. Resolves to the bars that changed, oldest first (none: nothing new,
   * or nothing held at this resolution); one at a time per series. Rejects with the source's error,
   * the bars held staying as they were.
   */
  refreshTail(symbol: string, interval: Interval | null): Promise<LiveBar[]> {
    const entry = this.entries.get(symbol);
    const step = entry ? baseStep(interval, entry.info.session) : 0;
    const held = entry?.held.get(step);
    if (!entry || !held) return Promise.resolve([]);
    held.tail ??= (async (): Promise<LiveBar[]> => {
      const asked = this.now();
      const n = held.columns.time.length;
      const lastTime = n > 0 ? (held.columns.time[n - 1] as number) : null;
      // From the bucket of the last bar held (it may have grown); a symbol without a bar yet: its span.
      const from =
        lastTime ??
        (entry.spanValue ? latestEnd(entry.spanValue, step) - step : Math.floor(asked / 1000 / step) * step);
      const to = Math.max(from + step, (Math.floor(asked / 1000 / step) + 1) * step);
      const page = await this.barsIn(entry, symbol, step, from, to);
      const count = page.time.length;
      held.freshAt = asked;
      const keep = lowerBound(held.columns.time, from);
      // Bars the source gives again as they were held are no change.
      let same = 0;
      while (
        same < count &&
        keep + same < held.columns.time.length &&
        sameBar(held.columns, keep + same, page, same)
      )
        same++;
      if (same === count) return [];
      held.columns = concatColumns(held.columns, page, keep);
      // A series that was empty starts at its first bar (the span says nothing is before it).
      if (n === 0) held.from = from;
      const last = (page.time[count - 1] as number) + step - 1;
      const span = entry.spanValue;
      // Grown to the last bucket's end: the first page of a coarser resolution then holds it too.
      if (span && last > span.last) entry.spanValue = { ...span, last };
      else if (!span) entry.spanValue = { first: page.time[0] as number, last, trades: 0 };
      entry.span = Promise.resolve(entry.spanValue ?? null);
      this.options.onForget?.(symbol);
      const changed: LiveBar[] = [];
      for (let i = same; i < count; i++) changed.push(barOf(page, i));
      return changed;
    })().finally(() => {
      held.tail = null;
    });
    return held.tail;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Brings one window before `held.from` and puts its bars first; the count added. */
  private async bringPage(
    entry: Entry,
    symbol: string,
    step: number,
    held: Held,
    span: SourceSpan,
    pageBars = this.pageBars,
  ): Promise<number> {
    const { from, to } = pageBefore(held.from, span, step, entry.info.session, pageBars);
    const page = await this.barsIn(entry, symbol, step, from, to);
    held.columns = concatColumns(page, held.columns);
    held.from = from;
    held.complete = from <= span.first;
    return page.time.length;
  }

  /** The source's bars of `[from, to)`; rejects when it sent any outside that window. */
  private async barsIn(
    entry: Entry,
    symbol: string,
    step: number,
    from: number,
    to: number,
  ): Promise<BarColumns> {
    const page = await entry.source.bars(symbol, step, from, to);
    const n = page.time.length;
    if (n > 0 && !((page.time[0] as number) >= from && (page.time[n - 1] as number) < to))
      throw new Error(`${entry.source.label} sent bars outside the window asked for`);
    return page;
  }

  private bytesOf(held: Held): number {
    return held.columns.time.length * BAR_BYTES;
  }

  private totalBytes(): number {
    let total = 0;
    for (const entry of this.entries.values())
      for (const held of entry.held.values()) total += this.bytesOf(held);
    return total;
  }

  /** Lets the least recently used symbols' series go until the bars fit (never `keep`'s). */
  private forgetOthersPastBound(keep: string): void {
    for (const symbol of this.useOrder.keys()) {
      if (this.totalBytes() <= this.maxBytes) return;
      if (symbol === keep) continue;
      const entry = this.entries.get(symbol);
      if (!entry || entry.held.size === 0) continue;
      entry.held.clear();
      this.options.onForget?.(symbol);
    }
  }

  private touch(symbol: string): void {
    this.useOrder.delete(symbol);
    this.useOrder.set(symbol, true);
  }

  private entryOf(symbol: string): Entry {
    const entry = this.entries.get(symbol);
    if (!entry) throw new Error(`${symbol} is not a symbol of a history source`);
    return entry;
  }
}

function sameBar(a: BarColumns, i: number, b: BarColumns, j: number): boolean {
  return (
    a.time[i] === b.time[j] &&
    a.open[i] === b.open[j] &&
    a.high[i] === b.high[j] &&
    a.low[i] === b.low[j] &&
    a.close[i] === b.close[j] &&
    a.volume[i] === b.volume[j]
  );
}

/** The first `count` bars of `before` (all by default), then `after`, as new columns. */
function concatColumns(before: BarColumns, after: BarColumns, count = before.time.length): BarColumns {
  const join = (a: Float64Array, b: Float64Array): Float64Array => {
    const out = new Float64Array(count + b.length);
    out.set(a.subarray(0, count), 0);
    out.set(b, count);
    return out;
  };
  return {
    time: join(before.time, after.time),
    open: join(before.open, after.open),
    high: join(before.high, after.high),
    low: join(before.low, after.low),
    close: join(before.close, after.close),
    volume: join(before.volume, after.volume),
  };
}
