/**
 * Live bars on the main thread. The worker posts at most ~60 events a second per subscription; this
 * coalesces them further to at most one callback per animation frame per subscriber, at most
 * `MAX_UPDATES_PER_FRAME` callbacks in one frame across subscribers (those waiting longest first),
 * and sets the subscriptions up again (continuing from the last bar seen) when the worker is restarted.
 */
import {
  LIVE_BARS_CHANNEL,
  type LiveBar,
  type LiveBarsEvent,
  type LiveSubscribeRequest,
} from '../../core/protocol';
import { type EngineClient, getEngineClient } from './engine-client';

/** One coalesced update: `bar` is the current bar, `closed` the bars that finished since the last one. */
export interface LiveBarUpdate {
  symbol: string;
  bar: LiveBar;
  /** Final values of earlier bars, oldest first (usually empty; one when a new bar began). */
  closed: LiveBar[];
  /** A real feed's symbol: the decimals its prices are written with so far (LiveBarsEvent). */
  priceDecimals?: number;
  /** And its volumes'. */
  volumeDecimals?: number;
}

export interface LiveBarsOptions extends Pick<LiveSubscribeRequest, 'interval' | 'sessionOnly'> {
  /** Simulated ticks a second (default 5, at most 1000). */
  ticksPerSecond?: number;
  /** Ticks per bar interval (default 50). */
  ticksPerBar?: number;
  /** The subscription failed (e.g. an unknown symbol); defaults to a console warning. */
  onError?: (error: unknown) => void;
}

/**
 * Runs a callback before the next frame: requestAnimationFrame, or a 16 ms timer where there is none.
 * With `now` and `afterPaint` it can also tell what a frame cost, which paces live updates.
 */
export interface FrameScheduler {
  request(run: () => void): unknown;
  cancel(handle: unknown): void;
  /** The clock, ms. */
  now?(): number;
  /** Runs `run` in the first task after the current frame's rendering (its layout, paint and commit). */
  afterPaint?(run: () => void): void;
}

/** Calls each callback in the first task after the current one: a message to itself, after rendering. */
function nextTask(): (run: () => void) => void {
  const waiting: (() => void)[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    for (const run of waiting.splice(0)) run();
  };
  return (run) => {
    waiting.push(run);
    if (waiting.length === 1) channel.port2.postMessage(null);
  };
}

export function animationFrames(): FrameScheduler {
  const afterPaint = typeof MessageChannel === 'function' ? nextTask() : undefined;
  const now = () => performance.now();
  if (typeof requestAnimationFrame === 'function') {
    return {
      request: (run) => requestAnimationFrame(run),
      cancel: (handle) => cancelAnimationFrame(handle as number),
      now,
      afterPaint,
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
  /** Waiting in the frame queue for its callback. */
  queued: boolean;
  /** The newest bar received, to resume from after a worker restart. */
  lastBar: LiveBar | null;
  /** The latest decimals the worker sent with the bars (real feeds only). */
  priceDecimals?: number;
  volumeDecimals?: number;
}

let nextSubscription = 1;

/**
 * Subscriber callbacks run in one frame. Each is a chart redraw in the next frame (10-30 ms per chart
 * in software rendering, most of it the browser painting the canvases), so 8 live panes updated every
 * frame made 50-100 ms frames. Past this many, updates wait a frame (coalescing further), oldest
 * first. At 1000 ticks a second into 8 panes (bench `live-feed`, 2026-11-24): 2 a frame gave 7.5
 * updates a pane a second and 6-7 frames over 50 ms a minute; 1 gives 5 a second and none. One live
 * pane still updates every frame; with a few, each every few frames.
 */
export const MAX_UPDATES_PER_FRAME = 1;

/**
 * The share of the main thread live updates may take. A frame with an update costs its callback plus
 * the chart's redraw through layout, paint and the commit to the compositor, measured up to the first
 * task after it; the next update then waits until as long again has passed (a share of one half).
 * Where a redraw is cheap (a GPU) that is within the frame and every frame may update; in software
 * rendering a redraw costs 10-14 ms of main thread and most of the other core, and at 1000 trades a
 * second into 8 panes (bench `feed-load`, 2026-11-26) updating every frame kept the compositor thread
 * 80 % busy and let one task in 30 s run past 50 ms (55-78 ms); every other frame, 44 % and none over 30 ms.
 */
export const LIVE_FRAME_SHARE = 0.5;

/** Receives the main-thread time of each coalesced update (the subscriber's handler and what it queued). */
export type LiveUpdateProbe = (milliseconds: number) => void;

let updateProbe: LiveUpdateProbe | null = null;

/**
 * Benchmarks and diagnostics: times every coalesced update, the subscriber's handler and its share of
 * the microtasks the frame's handlers queued (the React commit they caused). Null switches it off.
 */
export function setLiveUpdateProbe(probe: LiveUpdateProbe | null): void {
  updateProbe = probe;
}

export function createLiveBars(
  client: EngineClient,
  frames: FrameScheduler = animationFrames(),
  maxUpdatesPerFrame = MAX_UPDATES_PER_FRAME,
): LiveBars {
  const subscribers = new Map<string, Subscriber>();
  let paused = false;
  let listening = false;
  /** Subscribers with bars waiting, in the order they started waiting. */
  const ready: Subscriber[] = [];
  let frame: unknown = null;
  /** No update before this time (ms): the rest after the last update frame's cost. */
  let restUntil = Number.NEGATIVE_INFINITY;

  /** Times the frame that starts at `started` up to the task after its paint, and rests as long again. */
  const pace = (started: number): void => {
    const { now, afterPaint } = frames;
    if (!now || !afterPaint) return;
    afterPaint(() => {
      const end = now();
      restUntil = end + (end - started) * (1 / LIVE_FRAME_SHARE - 1);
    });
  };

  const runFrame = (): void => {
    frame = null;
    if (frames.now && frames.now() < restUntil) {
      frame = frames.request(runFrame);
      return;
    }
    const batch = ready.splice(0, maxUpdatesPerFrame);
    if (frames.now && batch.length > 0) pace(frames.now());
    const probe = updateProbe;
    const started = probe ? performance.now() : 0;
    const own: number[] = [];
    for (const subscriber of batch) {
      subscriber.queued = false;
      const start = probe ? performance.now() : 0;
      flush(subscriber);
      if (probe) own.push(performance.now() - start);
    }
    if (ready.length > 0) frame = frames.request(runFrame);
    // The microtasks the callbacks queued (React commits, batched into one) run after this frame
    // callback: each update is charged its own time plus an equal share of theirs.
    if (probe && own.length > 0) {
      queueMicrotask(() => {
        const shared = performance.now() - started - own.reduce((sum, ms) => sum + ms, 0);
        for (const ms of own) probe(ms + shared / own.length);
      });
    }
  };

  const enqueue = (subscriber: Subscriber): void => {
    if (subscriber.queued) return;
    subscriber.queued = true;
    ready.push(subscriber);
    frame ??= frames.request(runFrame);
  };

  const dequeue = (subscriber: Subscriber): void => {
    const at = ready.indexOf(subscriber);
    if (at >= 0) ready.splice(at, 1);
    subscriber.queued = false;
    if (ready.length === 0 && frame !== null) {
      frames.cancel(frame);
      frame = null;
    }
  };

  const flush = (subscriber: Subscriber): void => {
    const bars = [...subscriber.pending.values()];
    subscriber.pending.clear();
    const bar = bars.pop();
    if (!bar) return;
    const { symbol, priceDecimals, volumeDecimals } = subscriber;
    subscriber.onBar({
      symbol,
      bar,
      closed: bars,
      ...(priceDecimals === undefined ? {} : { priceDecimals }),
      ...(volumeDecimals === undefined ? {} : { volumeDecimals }),
    });
  };

  const receive = (event: LiveBarsEvent): void => {
    const subscriber = subscribers.get(event.subscriptionId);
    if (!subscriber) return;
    for (const bar of event.bars) subscriber.pending.set(bar.time, bar);
    subscriber.lastBar = event.bars[event.bars.length - 1] ?? subscriber.lastBar;
    if (event.priceDecimals !== undefined) subscriber.priceDecimals = event.priceDecimals;
    if (event.volumeDecimals !== undefined) subscriber.volumeDecimals = event.volumeDecimals;
    enqueue(subscriber);
  };

  const sendSubscribe = (subscriber: Subscriber): void => {
    const { ticksPerSecond, ticksPerBar, interval, sessionOnly, onError } = subscriber.options;
    // Bars of a pane's own interval or session are not the feed's: they cannot say where it resumes.
    const ownBars = !interval && !sessionOnly;
    client
      .call('subscribeLive', {
        symbol: subscriber.symbol,
        subscriptionId: subscriber.id,
        ...(ticksPerSecond === undefined ? {} : { ticksPerSecond }),
        ...(ticksPerBar === undefined ? {} : { ticksPerBar }),
        ...(interval ? { interval } : {}),
        ...(sessionOnly ? { sessionOnly } : {}),
        ...(ownBars && subscriber.lastBar ? { resumeFrom: subscriber.lastBar } : {}),
      })
      .then((subscription) => {
        // A symbol another pane made live has moved on from its stored bars: start from the feed's.
        const bars = Array.isArray(subscription.bars) ? subscription.bars : [];
        if (subscribers.has(subscriber.id) && bars.length > 0) {
          receive({ subscriptionId: subscriber.id, symbol: subscriber.symbol, bars, ticks: 0 });
        }
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
        queued: false,
        lastBar: null,
      };
      subscribers.set(subscriber.id, subscriber);
      sendSubscribe(subscriber);
      return () => {
        if (!subscribers.delete(subscriber.id)) return;
        dequeue(subscriber);
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
