/**
 * Live bars on the main thread. The worker posts at most ~60 events a second per subscription; this
 * coalesces them further to at most one callback per animation frame per subscriber, and sets the
 * subscriptions up again (continuing from the last bar seen) when the worker is restarted.
 */
import { LIVE_BARS_CHANNEL, type LiveBar, type LiveBarsEvent } from '../../workers/protocol';
import { type EngineClient, getEngineClient } from './engine-client';

/** One coalesced update: `bar` is the current bar, `closed` the bars that finished since the last one. */
export interface LiveBarUpdate {
  symbol: string;
  bar: LiveBar;
  /** Final values of earlier bars, oldest first (usually empty; one when a new bar began). */
  closed: LiveBar[];
}

export interface LiveBarsOptions {
  /** Simulated ticks a second (default 5, at most 1000). */
  ticksPerSecond?: number;
  /** Ticks per bar interval (default 50). */
  ticksPerBar?: number;
  /** The subscription failed (e.g. an unknown symbol); defaults to a console warning. */
  onError?: (error: unknown) => void;
}

/** Runs a callback before the next frame: requestAnimationFrame, or a 16 ms timer where there is none. */
export interface FrameScheduler {
  request(run: () => void): unknown;
  cancel(handle: unknown): void;
}

export function animationFrames(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') {
    return {
      request: (run) => requestAnimationFrame(run),
      cancel: (handle) => cancelAnimationFrame(handle as number),
    };
  }
  return {
    request: (run) => setTimeout(run, 16),
    cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

export interface LiveBars {
  /** Starts a live subscription; returns the function that ends it. */
  subscribe(symbol: string, onBar: (update: LiveBarUpdate) => void, options?: LiveBarsOptions): () => void;
  /** The pause command: stops or resumes the simulation for every live symbol. */
  setPaused(paused: boolean): Promise<void>;
  readonly paused: boolean;
}

interface Subscriber {
  id: string;
  symbol: string;
  options: LiveBarsOptions;
  onBar: (update: LiveBarUpdate) => void;
  /** Bars received since the last callback, by time (a later event's value replaces an earlier one). */
  pending: Map<number, LiveBar>;
  frame: unknown;
  framePending: boolean;
  /** The newest bar received, to resume from after a worker restart. */
  lastBar: LiveBar | null;
}

let nextSubscription = 1;

export function createLiveBars(client: EngineClient, frames: FrameScheduler = animationFrames()): LiveBars {
  const subscribers = new Map<string, Subscriber>();
  let paused = false;
  let listening = false;

  const flush = (subscriber: Subscriber): void => {
    subscriber.framePending = false;
    const bars = [...subscriber.pending.values()];
    subscriber.pending.clear();
    const bar = bars.pop();
    if (bar) subscriber.onBar({ symbol: subscriber.symbol, bar, closed: bars });
  };

  const receive = (event: LiveBarsEvent): void => {
    const subscriber = subscribers.get(event.subscriptionId);
    if (!subscriber) return;
    for (const bar of event.bars) subscriber.pending.set(bar.time, bar);
    subscriber.lastBar = event.bars[event.bars.length - 1] ?? subscriber.lastBar;
    if (!subscriber.framePending) {
      subscriber.framePending = true;
      subscriber.frame = frames.request(() => flush(subscriber));
    }
  };

  const sendSubscribe = (subscriber: Subscriber): void => {
    const { ticksPerSecond, ticksPerBar, onError } = subscriber.options;
    client
      .call('subscribeLive', {
        symbol: subscriber.symbol,
        subscriptionId: subscriber.id,
        ...(ticksPerSecond === undefined ? {} : { ticksPerSecond }),
        ...(ticksPerBar === undefined ? {} : { ticksPerBar }),
        ...(subscriber.lastBar ? { resumeFrom: subscriber.lastBar } : {}),
      })
      .catch((error: unknown) => {
        if (!subscribers.has(subscriber.id)) return;
        if (onError) onError(error);
        else console.warn(`Live feed for ${subscriber.symbol} failed:`, error);
      });
  };

  // The new worker knows nothing: subscriptions and the pause state are set up again.
  const reestablish = (): void => {
    if (paused) void client.call('setLiveFeedPaused', true).catch(() => undefined);
    for (const subscriber of subscribers.values()) sendSubscribe(subscriber);
  };

  const listen = (): void => {
    if (listening) return;
    listening = true;
    client.onEvent(LIVE_BARS_CHANNEL, receive);
    client.onRestart(reestablish);
  };

  return {
    subscribe(symbol, onBar, options = {}) {
      listen();
      const subscriber: Subscriber = {
        id: `live-bars-${nextSubscription++}`,
        symbol,
        options,
        onBar,
        pending: new Map(),
        frame: null,
        framePending: false,
        lastBar: null,
      };
      subscribers.set(subscriber.id, subscriber);
      sendSubscribe(subscriber);
      return () => {
        if (!subscribers.delete(subscriber.id)) return;
        if (subscriber.framePending) frames.cancel(subscriber.frame);
        void client.call('unsubscribeLive', subscriber.id).catch(() => undefined);
      };
    },

    async setPaused(next) {
      paused = next;
      await client.call('setLiveFeedPaused', next);
    },

    get paused() {
      return paused;
    },
  };
}

let appLiveBars: LiveBars | undefined;

function liveBars(): LiveBars {
  appLiveBars ??= createLiveBars(getEngineClient());
  return appLiveBars;
}

/** Live updates of `symbol` for a pane, at most one call of `onBar` per animation frame. */
export function subscribeLiveBars(
  symbol: string,
  onBar: (update: LiveBarUpdate) => void,
  options?: LiveBarsOptions,
): () => void {
  return liveBars().subscribe(symbol, onBar, options);
}

/** The pause / resume live feed command. */
export function setLiveFeedPaused(paused: boolean): Promise<void> {
  return liveBars().setPaused(paused);
}

export function isLiveFeedPaused(): boolean {
  return liveBars().paused;
}
