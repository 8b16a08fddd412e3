import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineRequest, LiveBar } from '../../core/protocol';
import { createEngineClient, type EngineWorker } from './engine-client';
import {
  animationFrames,
  createLiveBars,
  type FrameScheduler,
  type LiveBarUpdate,
  setLiveUpdateProbe,
} from './live-bars';

class FakeWorker extends EventTarget implements EngineWorker {
  readonly sent: EngineRequest[] = [];
  postMessage(message: unknown): void {
    this.sent.push(message as EngineRequest);
  }
  terminate(): void {}
  push(subscriptionId: string, bars: LiveBar[], symbol = 'SPX', priceDecimals?: number): void {
    const payload = {
      subscriptionId,
      symbol,
      bars,
      ticks: bars.length,
      ...(priceDecimals === undefined ? {} : { priceDecimals }),
    };
    this.dispatchEvent(
      new MessageEvent('message', { data: { type: 'event', channel: 'live-bars', payload } }),
    );
  }
  crash(): void {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }
  requests(method: string): EngineRequest[] {
    return this.sent.filter((r) => r.method === method);
  }
  /** The subscription id of the n-th subscribeLive request. */
  subscriptionId(n = 0): string {
    const args = this.requests('subscribeLive')[n]?.args[0] as { subscriptionId?: string } | undefined;
    if (!args?.subscriptionId) throw new Error(`no subscribeLive request ${n}`);
    return args.subscriptionId;
  }
}

/** Frames run only when the test says so, like a paused requestAnimationFrame. */
class FakeFrames implements FrameScheduler {
  private queue = new Map<number, () => void>();
  private next = 1;
  request(run: () => void): number {
    const handle = this.next++;
    this.queue.set(handle, run);
    return handle;
  }
  cancel(handle: unknown): void {
    this.queue.delete(handle as number);
  }
  get pending(): number {
    return this.queue.size;
  }
  frame(): void {
    const runs = [...this.queue.values()];
    this.queue.clear();
    for (const run of runs) run();
  }
}

/** Frames at a clock the test moves: each frame at its time, and what it cost, paint included. */
class TimedFrames extends FakeFrames {
  time = 0;
  private painted: (() => void)[] = [];
  now = (): number => this.time;
  afterPaint = (run: () => void): void => {
    this.painted.push(run);
  };
  /** A frame at `at` whose rendering ends `cost` ms later. */
  frameAt(at: number, cost: number): void {
    this.time = at;
    this.frame();
    this.time = at + cost;
    for (const run of this.painted.splice(0)) run();
  }
}

const bar = (time: number, close: number): LiveBar => ({
  time,
  open: 100,
  high: Math.max(100, close),
  low: Math.min(100, close),
  close,
  volume: 10,
});

function setup() {
  const workers: FakeWorker[] = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const client = createEngineClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
  const frames = new FakeFrames();
  const live = createLiveBars(client, frames);
  const worker = (index: number): FakeWorker => {
    const found = workers[index];
    if (!found) throw new Error(`worker ${index} was not created`);
    return found;
  };
  return { client, frames, live, worker };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('createLiveBars', () => {
  it('subscribes with its own subscription id and the requested rate', () => {
    const { live, worker } = setup();
    live.subscribe('SPX', () => {}, { ticksPerSecond: 1000, ticksPerBar: 20 });
    expect(worker(0).requests('subscribeLive')).toEqual([
      {
        id: expect.any(Number),
        method: 'subscribeLive',
        args: [
          {
            symbol: 'SPX',
            subscriptionId: expect.stringMatching(/^live-bars-\d+$/),
            ticksPerSecond: 1000,
            ticksPerBar: 20,
          },
        ],
      },
    ]);
  });

  it('coalesces any number of events into one callback per frame, closed bars first', () => {
    const { live, worker, frames } = setup();
    const updates: LiveBarUpdate[] = [];
    live.subscribe('SPX', (update) => updates.push(update));
    const id = worker(0).subscriptionId();
    worker(0).push(id, [bar(60, 101)]);
    worker(0).push(id, [bar(60, 102)]);
    worker(0).push(id, [bar(60, 103), bar(120, 99)]);
    worker(0).push(id, [bar(120, 98)]);
    expect(updates).toEqual([]);
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(updates).toEqual([{ symbol: 'SPX', bar: bar(120, 98), closed: [bar(60, 103)] }]);
    frames.frame();
    expect(updates).toHaveLength(1); // nothing new, no callback
    worker(0).push(id, [bar(120, 97)]);
    frames.frame();
    expect(updates[1]).toEqual({ symbol: 'SPX', bar: bar(120, 97), closed: [] });
  });

  it("passes a real feed's decimals on with the update, the latest the worker sent", () => {
    const { live, worker, frames } = setup();
    const updates: LiveBarUpdate[] = [];
    live.subscribe('ETHUSDT', (update) => updates.push(update));
    const id = worker(0).subscriptionId();
    worker(0).push(id, [bar(60, 101)], 'ETHUSDT', 2);
    worker(0).push(id, [bar(60, 102)], 'ETHUSDT', 4);
    frames.frame();
    expect(updates.at(-1)?.priceDecimals).toBe(4);
    // An event without them (none raised since) keeps the last ones.
    worker(0).push(id, [bar(60, 103)], 'ETHUSDT');
    frames.frame();
    expect(updates.at(-1)?.priceDecimals).toBe(4);
  });

  it('keeps subscribers apart and ignores events for ended subscriptions', () => {
    const { live, worker, frames } = setup();
    const a: LiveBarUpdate[] = [];
    const b: LiveBarUpdate[] = [];
    const stopA = live.subscribe('SPX', (u) => a.push(u));
    live.subscribe('IBM', (u) => b.push(u));
    const idA = worker(0).subscriptionId(0);
    worker(0).push(idA, [bar(60, 1)]);
    worker(0).push(worker(0).subscriptionId(1), [bar(60, 2)], 'IBM');
    expect(frames.pending).toBe(1); // one frame serves every subscriber
    stopA();
    expect(frames.pending).toBe(1); // B still waits for it
    expect(worker(0).requests('unsubscribeLive')).toMatchObject([{ args: [idA] }]);
    worker(0).push(idA, [bar(60, 5)]);
    frames.frame();
    expect(a).toEqual([]);
    expect(b).toEqual([{ symbol: 'IBM', bar: bar(60, 2), closed: [] }]);
    stopA(); // a second call does nothing
    expect(worker(0).requests('unsubscribeLive')).toHaveLength(1);
  });

  it('re-subscribes after a worker restart, resuming from the last bar, and re-applies a pause', async () => {
    const { live, worker, frames } = setup();
    const updates: LiveBarUpdate[] = [];
    live.subscribe('SPX', (u) => updates.push(u));
    const id = worker(0).subscriptionId();
    const paused = live.setPaused(true);
    worker(0).dispatchEvent(
      new MessageEvent('message', {
        data: { id: worker(0).requests('setLiveFeedPaused')[0]?.id, ok: true, value: { paused: true } },
      }),
    );
    await paused;
    expect(live.paused).toBe(true);
    worker(0).push(id, [bar(60, 101), bar(120, 105)]);
    worker(0).crash();
    const fresh = worker(1);
    expect(fresh.requests('setLiveFeedPaused')).toMatchObject([{ args: [true] }]);
    const resubscribes = fresh.requests('subscribeLive');
    // The unanswered first subscribe is re-sent as it was, then set up again from the last bar.
    expect(resubscribes.at(-1)?.args[0]).toEqual({
      symbol: 'SPX',
      subscriptionId: id,
      resumeFrom: bar(120, 105),
    });
    fresh.push(id, [bar(120, 106)]);
    frames.frame();
    expect(updates.at(-1)).toEqual({ symbol: 'SPX', bar: bar(120, 106), closed: [bar(60, 101)] });
  });

  it('runs at most so many callbacks in one frame, the longest waiting first', () => {
    const { client, frames, worker } = setup();
    const live = createLiveBars(client, frames, 2);
    const calls: string[] = [];
    for (const symbol of ['A', 'B', 'C']) live.subscribe(symbol, (u) => calls.push(u.symbol));
    const ids = [0, 1, 2].map((n) => worker(0).subscriptionId(n));
    ids.forEach((id, n) => {
      worker(0).push(id, [bar(60, 100 + n)], ['A', 'B', 'C'][n]);
    });
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(calls).toEqual(['A', 'B']);
    worker(0).push(ids[0] as string, [bar(60, 110)], 'A');
    // C has waited longer than A's new bar: C goes first.
    frames.frame();
    expect(calls).toEqual(['A', 'B', 'C', 'A']);
    frames.frame();
    expect(calls).toHaveLength(4);
    expect(frames.pending).toBe(0);
  });

  it('paces updates to half the main thread: after a frame that cost 12 ms the next update skips a frame', () => {
    const { client, worker } = setup();
    const frames = new TimedFrames();
    const live = createLiveBars(client, frames);
    const calls: string[] = [];
    for (const symbol of ['A', 'B', 'C']) live.subscribe(symbol, (u) => calls.push(u.symbol));
    [0, 1, 2].forEach((n) => {
      worker(0).push(worker(0).subscriptionId(n), [bar(60, 100 + n)], ['A', 'B', 'C'][n]);
    });
    // A software-rendered redraw: 12 ms to the task after paint, so no update until 24 ms.
    frames.frameAt(0, 12);
    expect(calls).toEqual(['A']);
    frames.frameAt(16.7, 0.2);
    expect(calls).toEqual(['A']);
    expect(frames.pending).toBe(1);
    frames.frameAt(33.3, 12);
    expect(calls).toEqual(['A', 'B']);
    // A cheap redraw (a GPU): 3 ms, rested by the next frame, which updates.
    frames.frameAt(50, 0.2);
    frames.frameAt(66.7, 3);
    expect(calls).toEqual(['A', 'B', 'C']);
  });

  it('a cheap frame never holds the next one back', () => {
    const { client, worker } = setup();
    const frames = new TimedFrames();
    const live = createLiveBars(client, frames);
    const calls: number[] = [];
    live.subscribe('A', (u) => calls.push(u.bar.close));
    const id = worker(0).subscriptionId(0);
    for (let i = 0; i < 5; i++) {
      worker(0).push(id, [bar(60, 100 + i)], 'A');
      frames.frameAt(i * 16.7, 4);
    }
    expect(calls).toEqual([100, 101, 102, 103, 104]);
  });

  it('starts from the bars the feed already made (a symbol another pane made live)', async () => {
    const { live, worker, frames } = setup();
    const updates: LiveBarUpdate[] = [];
    live.subscribe('SPX', (u) => updates.push(u));
    const request = worker(0).requests('subscribeLive')[0];
    const value = { subscriptionId: worker(0).subscriptionId(), bars: [bar(60, 101), bar(120, 99)] };
    worker(0).dispatchEvent(new MessageEvent('message', { data: { id: request?.id, ok: true, value } }));
    await vi.waitFor(() => expect(frames.pending).toBe(1));
    frames.frame();
    expect(updates).toEqual([{ symbol: 'SPX', bar: bar(120, 99), closed: [bar(60, 101)] }]);
  });

  it('times each coalesced update for a probe, until the microtasks it queued have run', async () => {
    const { live, worker, frames } = setup();
    const timings: number[] = [];
    let committed = false;
    setLiveUpdateProbe((ms) => timings.push(committed ? ms : -1));
    live.subscribe('SPX', () => queueMicrotask(() => (committed = true)));
    worker(0).push(worker(0).subscriptionId(), [bar(60, 101)]);
    frames.frame();
    await Promise.resolve();
    await Promise.resolve();
    setLiveUpdateProbe(null);
    expect(timings).toHaveLength(1);
    expect(timings[0]).toBeGreaterThanOrEqual(0);
  });

  it('reports a failed subscription to onError, or warns', async () => {
    const { live, worker } = setup();
    const onError = vi.fn();
    live.subscribe('NOPE', () => {}, { onError });
    const request = worker(0).requests('subscribeLive')[0];
    worker(0).dispatchEvent(
      new MessageEvent('message', {
        data: { id: request?.id, ok: false, error: { message: 'Unknown symbol: NOPE' } },
      }),
    );
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('Unknown symbol: NOPE')));
  });
});

describe('animationFrames', () => {
  it('falls back to a 16 ms timer where there is no requestAnimationFrame (Node)', () => {
    vi.useFakeTimers();
    const frames = animationFrames();
    const run = vi.fn();
    frames.request(run);
    vi.advanceTimersByTime(15);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    frames.cancel(frames.request(cancelled));
    vi.advanceTimersByTime(100);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('uses requestAnimationFrame when the page has it', () => {
    const raf = vi.fn(() => 7);
    const caf = vi.fn();
    vi.stubGlobal('requestAnimationFrame', raf);
    vi.stubGlobal('cancelAnimationFrame', caf);
    const frames = animationFrames();
    const handle = frames.request(() => {});
    frames.cancel(handle);
    expect(raf).toHaveBeenCalledTimes(1);
    expect(caf).toHaveBeenCalledWith(7);
    vi.unstubAllGlobals();
  });
});
