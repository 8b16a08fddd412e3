/**
 * Charts of a history source's symbols follow the trades the database takes: while a chart, a
 * watchlist or an alert follows a symbol, its latest bars are asked for again every poll (one query
 * per symbol and resolution, however many follow it), and what changed reaches each follower at its
 * own interval, as a live feed's bars do. A poll that fails is tried again at the next one; the bars
 * held stay.
 */

import type { Interval } from '../../core/bars/interval';
import { errorMessage } from '../../core/error-message';
import type { LiveBar, LiveBarsEvent, LiveSubscribeRequest, LiveSubscription } from '../../core/protocol';
import type { ChartBarsSpec } from '../aggregate/chart-buckets';
import { LiveResampler } from '../aggregate/live-resample';
import type { FeedTimers } from '../feed/feed-connection';
import { baseStep, type HistoryBook } from './history-book';

interface Follower {
  id: string;
  symbol: string;
  interval: Interval | null;
  /** The book's series it is made from: symbol and bucket seconds. */
  key: string;
  /** That series' bucket seconds. */
  step: number;
  /** Folds the source's bars into the follower's buckets (session-aligned, or session only). */
  resampler: LiveResampler | null;
  /** Bars changed since the last drain, oldest first, one per time. */
  pending: LiveBar[];
  ticks: number;
}

export interface SourceFollowOptions {
  book: HistoryBook;
  timers: FeedTimers;
  /** Between polls, ms. */
  pollMs: number;
  /**
   * Each changed bar's close, as a feed's trade (price alerts hear it), from the finest series
   * followed of its symbol.
   */
  onTick(symbol: string, time: number, price: number): void;
  /** A poll failed (said once per symbol until one succeeds), or succeeded again (null). */
  onProblem?(symbol: string, problem: string | null): void;
}

export class SourceFollow {
  private readonly followers = new Map<string, Follower>();
  private timer: unknown = null;
  private polling = false;
  private paused = false;
  private readonly failing = new Set<string>();

  constructor(private readonly options: SourceFollowOptions) {}

  /**
   * Follows `request.symbol` at the chart's buckets (`spec`); its first bars are the current
   * bucket as held (a resampled chart's partial last bar), later ones come with `drain`.
   */
  subscribe(request: LiveSubscribeRequest, id: string, spec: ChartBarsSpec): LiveSubscription {
    const { symbol } = request;
    const { book } = this.options;
    const step = baseStep(spec.interval, spec.session);
    const held = book.held(symbol, spec.interval);
    const resampler = held && (spec.interval || spec.sessionOnly) ? new LiveResampler(spec, held) : null;
    this.followers.set(id, {
      id,
      symbol,
      interval: spec.interval,
      key: `${symbol}\u0000${step}`,
      step,
      resampler,
      pending: [],
      ticks: 0,
    });
    this.schedule();
    return {
      subscriptionId: id,
      symbol,
      barSeconds: step,
      ticksPerSecond: 0,
      paused: this.paused,
      bars: resampler ? resampler.fold([]) : [],
    };
  }

  /** False when it follows no such subscription. */
  unsubscribe(id: string): boolean {
    const removed = this.followers.delete(id);
    if (this.followers.size === 0) this.stop();
    return removed;
  }

  /** The symbols followed now, each once, sorted. */
  followedSymbols(): string[] {
    return [...new Set([...this.followers.values()].map((f) => f.symbol))].sort();
  }

  /** Something to drain on the engine's flush timer. */
  get active(): boolean {
    return this.followers.size > 0 && !this.paused;
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) this.stop();
    else this.schedule();
  }

  /** The followers' changed bars since the last call. */
  drain(): LiveBarsEvent[] {
    const events: LiveBarsEvent[] = [];
    for (const follower of this.followers.values()) {
      if (follower.pending.length === 0) continue;
      events.push({
        subscriptionId: follower.id,
        symbol: follower.symbol,
        bars: follower.pending,
        ticks: follower.ticks,
      });
      follower.pending = [];
      follower.ticks = 0;
    }
    return events;
  }

  dispose(): void {
    this.followers.clear();
    this.stop();
  }

  /** Polls once now (tests; the timer calls it too). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      // One query per series, whatever number of followers share it.
      const series = new Map<string, Follower[]>();
      for (const follower of this.followers.values()) {
        const list = series.get(follower.key) ?? [];
        list.push(follower);
        series.set(follower.key, list);
      }
      // A symbol's trades are told to its alerts once, by its finest series: a coarser one's bars
      // close on the same trades, and its answer, a moment apart, would tell them out of order.
      const finest = new Map<string, number>();
      for (const { symbol, step } of this.followers.values())
        finest.set(symbol, Math.min(step, finest.get(symbol) ?? Number.POSITIVE_INFINITY));
      await Promise.all(
        [...series.values()].map((followers) => {
          const [{ symbol, step }] = followers as [Follower];
          return this.pollSeries(followers, finest.get(symbol) === step);
        }),
      );
    } finally {
      this.polling = false;
    }
  }

  private async pollSeries(followers: Follower[], ticks: boolean): Promise<void> {
    const [{ symbol, interval }] = followers as [Follower];
    let changed: LiveBar[];
    try {
      changed = await this.options.book.refreshTail(symbol, interval);
    } catch (error) {
      if (!this.failing.has(symbol)) {
        this.failing.add(symbol);
        this.options.onProblem?.(symbol, errorMessage(error));
      }
      return;
    }
    if (this.failing.delete(symbol)) this.options.onProblem?.(symbol, null);
    if (changed.length === 0) return;
    if (ticks) for (const bar of changed) this.options.onTick(symbol, bar.time, bar.close);
    for (const follower of followers) {
      // Let go while the answer was on its way.
      if (this.followers.get(follower.id) !== follower) continue;
      const bars = follower.resampler ? follower.resampler.fold(changed) : changed;
      follower.pending = mergedByTime(follower.pending, bars);
      follower.ticks += changed.length;
    }
  }

  private schedule(): void {
    if (this.timer !== null || this.paused || this.followers.size === 0) return;
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null;
      void this.poll().finally(() => this.schedule());
    }, this.options.pollMs);
  }

  private stop(): void {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** `later` after `earlier`, a bar of `later` replacing one of the same time. */
function mergedByTime(earlier: LiveBar[], later: LiveBar[]): LiveBar[] {
  if (earlier.length === 0) return later;
  const first = later[0]?.time ?? Number.POSITIVE_INFINITY;
  return [...earlier.filter((bar) => bar.time < first), ...later];
}
