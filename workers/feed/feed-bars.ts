/**
 * Bars of a real feed's symbols, built from its trades with the simulator's `foldTick` (one folding
 * rule for both), or taken from its bar messages, and handed out to live subscriptions the way the
 * simulator does: `drain` returns one event per subscription whose symbol moved, with the bars that
 * closed since the last event and the current one. Times inside are UTC seconds, as on the charts.
 */

import type { LiveBar, LiveBarsEvent } from '../../core/protocol';
import { foldTick, MAX_BACKLOG_BARS } from '../live-feed';
import type { FeedBar } from './feed-messages';

interface SymbolBars {
  /** The bar forming now; null before the first trade. */
  bar: LiveBar | null;
  /** Bars that closed since the last event, oldest first. */
  closed: LiveBar[];
  /** Bars that closed since the feed began (at most `MAX_BACKLOG_BARS`), oldest first. */
  backlog: LiveBar[];
  /** Trades or bar messages applied since the last event. */
  pending: number;
}

export type ApplyResult = 'applied' | 'out-of-order' | 'other-interval';

export class FeedBars {
  private readonly symbols = new Map<string, SymbolBars>();
  /** Subscription id to symbol. */
  private readonly subscriptions = new Map<string, string>();
  private pausedFlag = false;

  constructor(readonly barSeconds: number) {}

  get paused(): boolean {
    return this.pausedFlag;
  }

  /** Pausing holds the events back; trades are still folded, so a resume shows the market as it is. */
  setPaused(paused: boolean): void {
    this.pausedFlag = paused;
  }

  /** Folds a trade (`time` in UTC ms) into the symbol's bars; a trade before the current bar is refused. */
  trade(symbol: string, time: number, price: number, size: number): ApplyResult {
    const state = this.state(symbol);
    const seconds = time / 1000;
    if (state.bar && seconds < state.bar.time) return 'out-of-order';
    // The first bar starts on the interval's grid; foldTick keeps later bars on it.
    const tick = {
      time: state.bar ? seconds : Math.floor(seconds / this.barSeconds) * this.barSeconds,
      price,
      volume: size,
    };
    const next = foldTick(state.bar, tick, this.barSeconds);
    if (state.bar && next.time !== state.bar.time) this.close(state, state.bar);
    state.bar = next;
    state.pending += 1;
    return 'applied';
  }

  /**
   * A bar message of the feed's interval replaces the bar of its time (a kline is the exchange's own
   * account of the bar so far); one of another interval is not ours to fold.
   */
  bar(message: FeedBar, intervalSeconds: number | null): ApplyResult {
    if (intervalSeconds !== this.barSeconds) return 'other-interval';
    const state = this.state(message.symbol);
    const bar: LiveBar = {
      time: message.time / 1000,
      open: message.open,
      high: message.high,
      low: message.low,
      close: message.close,
      volume: message.volume,
    };
    const current = state.bar;
    if (!current || bar.time > current.time) {
      if (current) this.close(state, current);
      state.bar = bar;
    } else if (bar.time === current.time) {
      state.bar = bar;
    } else {
      const at = state.backlog.findIndex((b) => b.time === bar.time);
      if (at < 0) return 'out-of-order';
      state.backlog[at] = bar;
      state.closed.push(bar);
    }
    state.pending += 1;
    return 'applied';
  }

  /** Every bar the symbol has so far, oldest first (the last is the one forming). */
  bars(symbol: string): LiveBar[] {
    const state = this.symbols.get(symbol);
    if (!state) return [];
    return [...state.backlog, ...(state.bar ? [state.bar] : [])].map((bar) => ({ ...bar }));
  }

  /** The times (UTC seconds) of the symbol's first and latest bar, and how many it has; null: none yet. */
  span(symbol: string): { first: number; last: number; count: number } | null {
    const state = this.symbols.get(symbol);
    if (!state?.bar) return null;
    const first = state.backlog[0] ?? state.bar;
    return { first: first.time, last: state.bar.time, count: state.backlog.length + 1 };
  }

  hasBars(symbol: string): boolean {
    return this.symbols.get(symbol)?.bar != null;
  }

  /**
   * Adds a subscription and returns the symbol's bars so far. A client that had bars before (a worker
   * restart) continues from its last one when this feed has none yet.
   */
  subscribe(id: string, symbol: string, resumeFrom?: LiveBar): LiveBar[] {
    this.subscriptions.set(id, symbol);
    const state = this.state(symbol);
    if (!state.bar && resumeFrom) state.bar = { ...resumeFrom };
    return this.bars(symbol);
  }

  unsubscribe(id: string): boolean {
    return this.subscriptions.delete(id);
  }

  hasSubscription(id: string): boolean {
    return this.subscriptions.has(id);
  }

  /** Symbols with at least one subscription. */
  subscribedSymbols(): Set<string> {
    return new Set(this.subscriptions.values());
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  /** One event per subscription whose symbol moved since the last call; none while paused. */
  drain(): LiveBarsEvent[] {
    if (this.pausedFlag) return [];
    const events: LiveBarsEvent[] = [];
    for (const [id, symbol] of this.subscriptions) {
      const state = this.symbols.get(symbol);
      if (!state?.bar || state.pending === 0) continue;
      const bars = [...state.closed, state.bar];
      events.push({
        subscriptionId: id,
        symbol,
        bars: bars.map((bar) => ({ ...bar })),
        ticks: state.pending,
      });
    }
    for (const state of this.symbols.values()) {
      if (!state.bar || state.pending === 0) continue;
      state.closed = [];
      state.pending = 0;
    }
    return events;
  }

  private state(symbol: string): SymbolBars {
    let state = this.symbols.get(symbol);
    if (!state) {
      state = { bar: null, closed: [], backlog: [], pending: 0 };
      this.symbols.set(symbol, state);
    }
    return state;
  }

  private close(state: SymbolBars, bar: LiveBar): void {
    state.closed.push(bar);
    state.backlog.push(bar);
    // Trimmed in batches, so the cost stays constant per bar.
    if (state.backlog.length > MAX_BACKLOG_BARS * 1.25)
      state.backlog.splice(0, state.backlog.length - MAX_BACKLOG_BARS);
    if (state.closed.length > MAX_BACKLOG_BARS)
      state.closed.splice(0, state.closed.length - MAX_BACKLOG_BARS);
  }
}
