/**
 * Live quotes for watchlists: which symbols each watchlist shows, the latest bars the feeds sent for
 * them, and a `quotes` event at most every QUOTE_INTERVAL_MS for the symbols that moved. Quotes are
 * the stored closes continued by the live bars (core/quotes.ts), so a watchlist's Last, Change
 * and sparkline tick with the market. Pure: the engine feeds it bars and asks what is due.
 */
import type { LiveBar, Quote, QuotesEvent } from '../core/protocol';
import { SPARKLINE_LENGTH } from '../core/quotes';

/** A watchlist is redrawn about four times a second: a trader reads prices, not frames. */
export const QUOTE_INTERVAL_MS = 250;

/** The live bars kept per symbol: the sparkline's closes and the close before them. */
const KEPT_BARS = SPARKLINE_LENGTH + 1;

export class QuoteWatch {
  private readonly watches = new Map<string, readonly string[]>();
  private readonly live = new Map<string, LiveBar[]>();
  private readonly moved = new Set<string>();
  private lastEvent = Number.NEGATIVE_INFINITY;

  /** @param quoteOf the quote of a symbol: its stored closes continued by `live` (oldest first) */
  constructor(private readonly quoteOf: (symbol: string, live: readonly LiveBar[]) => Quote) {}

  /** Every symbol some watchlist shows. */
  get symbols(): Set<string> {
    return new Set([...this.watches.values()].flat());
  }

  /**
   * Sets the symbols of watchlist `watchId` (none: it stops watching). Live bars are forgotten for a
   * symbol no watchlist shows any more.
   */
  watch(watchId: string, symbols: readonly string[]): void {
    if (symbols.length === 0) this.watches.delete(watchId);
    else this.watches.set(watchId, [...symbols]);
    const shown = this.symbols;
    for (const symbol of this.live.keys()) if (!shown.has(symbol)) this.live.delete(symbol);
  }

  /** The quotes of `symbols` now: their stored closes continued by the live bars held. */
  quotesOf(symbols: readonly string[]): Quote[] {
    return symbols.map((symbol) => this.quoteOf(symbol, this.live.get(symbol) ?? []));
  }

  /** Bars of a symbol from its feed (closed ones, then the current one): each replaces the one of its time. */
  receive(symbol: string, bars: readonly LiveBar[]): void {
    if (bars.length === 0) return;
    let kept = this.live.get(symbol);
    if (!kept) {
      kept = [];
      this.live.set(symbol, kept);
    }
    for (const bar of bars) {
      const last = kept[kept.length - 1];
      if (last && bar.time === last.time) kept[kept.length - 1] = bar;
      else if (!last || bar.time > last.time) kept.push(bar);
    }
    if (kept.length > KEPT_BARS) kept.splice(0, kept.length - KEPT_BARS);
    this.moved.add(symbol);
  }

  /** The events due at `now` (ms): per watchlist, the quotes of its symbols that moved. */
  due(now: number): QuotesEvent[] {
    if (this.moved.size === 0 || now - this.lastEvent < QUOTE_INTERVAL_MS) return [];
    this.lastEvent = now;
    const events: QuotesEvent[] = [];
    for (const [watchId, symbols] of this.watches) {
      const quotes = symbols
        .filter((symbol) => this.moved.has(symbol))
        .map((symbol) => this.quoteOf(symbol, this.live.get(symbol) ?? []));
      if (quotes.length > 0) events.push({ watchId, quotes });
    }
    this.moved.clear();
    return events;
  }
}
