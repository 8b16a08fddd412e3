/**
 * The simulated live feed: per live symbol a seeded random walk of ticks, folded into the current bar
 * in simulated time (`ticksPerBar` ticks make one bar interval). Pure: the engine calls `advance` with
 * the clock from a timer and posts what it returns, one event per subscription per call, which is how
 * updates are coalesced to the timer's rate whatever the tick rate.
 */

import { type BarColumns, barOf } from '../core/bars/bar-columns';
import type { LiveBar, LiveBarsEvent, LiveSubscribeRequest, LiveSubscription } from '../core/protocol';
import { gaussian, mulberry32, seedFromString } from './random';

export interface Tick {
  /** Simulated UTC seconds. */
  time: number;
  price: number;
  volume: number;
}

export const DEFAULT_TICKS_PER_SECOND = 5;
export const MAX_TICKS_PER_SECOND = 1000;
export const DEFAULT_TICKS_PER_BAR = 50;
/**
 * Closed bars a feed remembers for subscribers that join later (a second pane on a live symbol):
 * 8 h of bars at the default rate, a little over 8 min at 1000 ticks a second.
 */
export const MAX_BACKLOG_BARS = 10_000;

/**
 * Folds one tick into the bar it belongs to: the same bar while `tick.time < bar.time + barSeconds`
 * (high = max, low = min, close = the tick, volume summed), else a new bar on the bar grid that starts
 * at `bar.time`. Returns a new bar; a different `time` than `bar`'s means `bar` closed.
 */
export function foldTick(bar: LiveBar | null, tick: Tick, barSeconds: number): LiveBar {
  if (bar && tick.time < bar.time + barSeconds) {
    return {
      time: bar.time,
      open: bar.open,
      high: Math.max(bar.high, tick.price),
      low: Math.min(bar.low, tick.price),
      close: tick.price,
      volume: bar.volume + tick.volume,
    };
  }
  const time = bar ? bar.time + Math.floor((tick.time - bar.time) / barSeconds) * barSeconds : tick.time;
  return {
    time,
    open: tick.price,
    high: tick.price,
    low: tick.price,
    close: tick.price,
    volume: tick.volume,
  };
}

/** What the engine knows about a symbol when it goes live. */
export interface LiveSource {
  lastBar: LiveBar;
  barSeconds: number;
  /** Standard deviation of log returns per bar (recent history). */
  barSigma: number;
  /** Mean volume per bar (0 for series without volume). */
  barVolume: number;
}

interface SymbolFeed {
  symbol: string;
  barSeconds: number;
  ticksPerBar: number;
  ticksPerSecond: number;
  tickSigma: number;
  tickVolume: number;
  random: () => number;
  normal: () => number;
  bar: LiveBar;
  /** Bars that closed since the last event, oldest first. */
  closed: LiveBar[];
  /** Bars that closed since the feed began (at most `MAX_BACKLOG_BARS`), oldest first. */
  backlog: LiveBar[];
  /** Ticks folded since the last event. */
  pendingTicks: number;
  clock: number;
  /** Wall-clock ms the tick count is measured from. */
  since: number;
  ticksSince: number;
}

interface Subscription {
  id: string;
  symbol: string;
  ticksPerSecond: number;
}

export class LiveFeed {
  private readonly feeds = new Map<string, SymbolFeed>();
  private readonly subscriptions = new Map<string, Subscription>();
  private nextId = 1;
  private pausedFlag = false;

  /**
   * @param onTick told of every simulated tick (the alert book's input), in order; the cost of a
   *   tick stays one call when nothing listens for its symbol.
   */
  constructor(
    private readonly seed = 0,
    private readonly onTick: ((symbol: string, time: number, price: number) => void) | null = null,
  ) {}

  get paused(): boolean {
    return this.pausedFlag;
  }

  /** True while ticks are due: some subscription exists and the feed is not paused. */
  get running(): boolean {
    return !this.pausedFlag && this.subscriptions.size > 0;
  }

  /** The bars the feed has made for `symbol` since it started (closed ones kept, and the forming one). */
  barsSoFar(symbol: string): LiveBar[] {
    const feed = this.feeds.get(symbol);
    return feed ? [...feed.backlog, feed.bar] : [];
  }

  /** Subscribes (or re-subscribes, idempotently, by `subscriptionId`). */
  subscribe(request: LiveSubscribeRequest, source: LiveSource, now: number): LiveSubscription {
    const id = request.subscriptionId ?? `live-${this.nextId++}`;
    const ticksPerSecond = Math.min(MAX_TICKS_PER_SECOND, request.ticksPerSecond ?? DEFAULT_TICKS_PER_SECOND);
    const previous = this.subscriptions.get(id);
    if (previous && previous.symbol !== request.symbol) this.unsubscribe(id, now);
    this.subscriptions.set(id, { id, symbol: request.symbol, ticksPerSecond });
    let feed = this.feeds.get(request.symbol);
    if (!feed) {
      const ticksPerBar = Math.max(1, Math.floor(request.ticksPerBar ?? DEFAULT_TICKS_PER_BAR));
      const random = mulberry32(seedFromString(request.symbol, this.seed));
      const bar = { ...(request.resumeFrom ?? source.lastBar) };
      feed = {
        symbol: request.symbol,
        barSeconds: source.barSeconds,
        ticksPerBar,
        ticksPerSecond,
        tickSigma: source.barSigma / Math.sqrt(ticksPerBar),
        tickVolume: source.barVolume / ticksPerBar,
        random,
        normal: gaussian(random),
        bar,
        closed: [],
        backlog: [],
        pendingTicks: 0,
        clock: bar.time,
        since: now,
        ticksSince: 0,
      };
      this.feeds.set(request.symbol, feed);
    } else {
      this.retime(feed, now);
    }
    return {
      subscriptionId: id,
      symbol: request.symbol,
      barSeconds: feed.barSeconds,
      ticksPerSecond: feed.ticksPerSecond,
      paused: this.pausedFlag,
      bars: this.barsSoFar(request.symbol).map((bar) => ({ ...bar })),
    };
  }

  unsubscribe(id: string, now: number): boolean {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return false;
    this.subscriptions.delete(id);
    const feed = this.feeds.get(subscription.symbol);
    if (feed) {
      if (this.subscribersOf(subscription.symbol).length === 0) this.feeds.delete(subscription.symbol);
      else this.retime(feed, now);
    }
    return true;
  }

  /** Pausing stops the simulation; resuming continues from where it stopped, without catching up. */
  setPaused(paused: boolean, now: number): void {
    if (paused === this.pausedFlag) return;
    if (paused) this.advanceFeeds(now);
    this.pausedFlag = paused;
    for (const feed of this.feeds.values()) {
      feed.since = now;
      feed.ticksSince = 0;
    }
  }

  /** Generates the ticks due by `now` (ms) and returns one event per subscription whose symbol moved. */
  advance(now: number): LiveBarsEvent[] {
    if (this.pausedFlag) return [];
    this.advanceFeeds(now);
    const events: LiveBarsEvent[] = [];
    for (const feed of this.feeds.values()) {
      if (feed.pendingTicks === 0) continue;
      const bars = [...feed.closed, feed.bar];
      for (const subscription of this.subscribersOf(feed.symbol)) {
        events.push({
          subscriptionId: subscription.id,
          symbol: feed.symbol,
          bars: bars.map((bar) => ({ ...bar })),
          ticks: feed.pendingTicks,
        });
      }
      feed.closed = [];
      feed.pendingTicks = 0;
    }
    return events;
  }

  private subscribersOf(symbol: string): Subscription[] {
    return [...this.subscriptions.values()].filter((s) => s.symbol === symbol);
  }

  /** Applies a changed subscriber set: the fastest subscriber sets the rate. */
  private retime(feed: SymbolFeed, now: number): void {
    if (!this.pausedFlag) this.generate(feed, now);
    feed.ticksPerSecond = Math.max(...this.subscribersOf(feed.symbol).map((s) => s.ticksPerSecond));
    feed.since = now;
    feed.ticksSince = 0;
  }

  private advanceFeeds(now: number): void {
    for (const feed of this.feeds.values()) this.generate(feed, now);
  }

  private generate(feed: SymbolFeed, now: number): void {
    let due = Math.floor(((now - feed.since) * feed.ticksPerSecond) / 1000) - feed.ticksSince;
    // A throttled timer (background tab) does not get a burst: at most one second of ticks.
    if (due > feed.ticksPerSecond) {
      due = feed.ticksPerSecond;
      feed.since = now;
      feed.ticksSince = -due;
    }
    const secondsPerTick = feed.barSeconds / feed.ticksPerBar;
    for (let k = 0; k < due; k++) {
      feed.clock += secondsPerTick;
      const price = feed.bar.close * Math.exp(feed.tickSigma * feed.normal());
      const volume = Math.round(feed.tickVolume * (0.5 + feed.random()));
      const next = foldTick(feed.bar, { time: feed.clock, price, volume }, feed.barSeconds);
      this.onTick?.(feed.symbol, feed.clock, price);
      if (next.time !== feed.bar.time) {
        feed.closed.push(feed.bar);
        feed.backlog.push(feed.bar);
      }
      feed.bar = next;
    }
    feed.ticksSince += due;
    feed.pendingTicks += due;
    // Trimmed in batches, so the cost stays constant per bar.
    if (feed.backlog.length > MAX_BACKLOG_BARS * 1.25)
      feed.backlog.splice(0, feed.backlog.length - MAX_BACKLOG_BARS);
  }
}

const RECENT_BARS = 500;

/** The live source of a stored series: its last bar, bar spacing, recent volatility and volume. */
export function liveSourceOf(c: BarColumns): LiveSource {
  const n = c.time.length;
  if (n === 0) throw new Error('A live symbol needs at least one bar');
  const last = n - 1;
  const from = Math.max(0, n - RECENT_BARS);
  const gaps: number[] = [];
  let sum = 0;
  let sumSquares = 0;
  let volume = 0;
  for (let i = from + 1; i < n; i++) {
    gaps.push((c.time[i] as number) - (c.time[i - 1] as number));
    const r = Math.log((c.close[i] as number) / (c.close[i - 1] as number));
    sum += r;
    sumSquares += r * r;
  }
  for (let i = from; i < n; i++) volume += c.volume[i] as number;
  const returns = Math.max(1, gaps.length);
  const mean = sum / returns;
  gaps.sort((a, b) => a - b);
  return {
    lastBar: barOf(c, last),
    barSeconds: gaps[gaps.length >> 1] ?? 60,
    // A flat history would freeze the walk: at least 0.01 % a bar.
    barSigma: Math.max(0.0001, Math.sqrt(Math.max(0, sumSquares / returns - mean * mean))),
    barVolume: volume / (n - from),
  };
}
