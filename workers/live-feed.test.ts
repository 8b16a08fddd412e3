import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LiveBar } from '../core/protocol';
import {
  foldTick,
  LiveFeed,
  type LiveSource,
  liveSourceOf,
  MAX_TICKS_PER_SECOND,
  type Tick,
} from './live-feed';

// A failure stops shrinking after 15 s and is reported as it stands then.
const RUNS = { seed: 3_2026_1122, numRuns: 300, interruptAfterTimeLimit: 15_000 };

const ticksArb = fc
  .array(
    fc.record({
      step: fc.integer({ min: 0, max: 90 }),
      price: fc.double({ min: 1, max: 500, noNaN: true }),
      volume: fc.integer({ min: 0, max: 1000 }),
    }),
    { minLength: 1, maxLength: 300, size: 'medium' },
  )
  .map((raw) => {
    let time = 1_000_000;
    return raw.map((t): Tick => {
      time += t.step;
      return { time, price: t.price, volume: t.volume };
    });
  });

/** Folds ticks and collects every bar, closed ones first. */
function foldAll(ticks: Tick[], barSeconds: number): LiveBar[] {
  const bars: LiveBar[] = [];
  let bar: LiveBar | null = null;
  for (const tick of ticks) {
    const next = foldTick(bar, tick, barSeconds);
    if (bar && next.time !== bar.time) bars.push(bar);
    bar = next;
  }
  if (bar) bars.push(bar);
  return bars;
}

describe('foldTick', () => {
  it('makes one bar per interval: open the first tick, high the max, low the min, close the last, volume the sum', () => {
    fc.assert(
      fc.property(ticksArb, fc.integer({ min: 1, max: 200 }), (ticks, barSeconds) => {
        const start = (ticks[0] as Tick).time;
        const groups = new Map<number, Tick[]>();
        for (const tick of ticks) {
          const time = start + Math.floor((tick.time - start) / barSeconds) * barSeconds;
          groups.set(time, [...(groups.get(time) ?? []), tick]);
        }
        const expected = [...groups].map(([time, group]) => ({
          time,
          open: (group[0] as Tick).price,
          high: Math.max(...group.map((t) => t.price)),
          low: Math.min(...group.map((t) => t.price)),
          close: (group[group.length - 1] as Tick).price,
          volume: group.reduce((sum, t) => sum + t.volume, 0),
        }));
        expect(foldAll(ticks, barSeconds)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('keeps the open of an existing bar and never mutates it', () => {
    const bar = { time: 600, open: 10, high: 12, low: 9, close: 11, volume: 5 };
    const frozen = Object.freeze({ ...bar });
    expect(foldTick(frozen, { time: 650, price: 13, volume: 2 }, 60)).toEqual({
      time: 600,
      open: 10,
      high: 13,
      low: 9,
      close: 13,
      volume: 7,
    });
    expect(foldTick(frozen, { time: 790, price: 8, volume: 1 }, 60)).toEqual({
      time: 780,
      open: 8,
      high: 8,
      low: 8,
      close: 8,
      volume: 1,
    });
  });
});

const source: LiveSource = {
  lastBar: { time: 86_400 * 1000, open: 100, high: 101, low: 99, close: 100.5, volume: 1000 },
  barSeconds: 86_400,
  barSigma: 0.01,
  barVolume: 5000,
};

describe('LiveFeed', () => {
  it('ticks at the requested rate and folds the ticks into the stored last bar, then new bars', () => {
    const feed = new LiveFeed();
    const sub = feed.subscribe({ symbol: 'SPX', ticksPerSecond: 5, ticksPerBar: 10 }, source, 0);
    expect(sub).toMatchObject({ symbol: 'SPX', barSeconds: 86_400, ticksPerSecond: 5, paused: false });
    expect(feed.advance(100)).toEqual([]); // no tick due yet
    const [first, ...rest] = feed.advance(1000);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ subscriptionId: sub.subscriptionId, symbol: 'SPX', ticks: 5 });
    const bar = first?.bars[0] as LiveBar;
    expect(first?.bars).toHaveLength(1);
    expect(bar).toMatchObject({ time: source.lastBar.time, open: 100 });
    expect(bar.high).toBeGreaterThanOrEqual(Math.max(101, bar.close));
    expect(bar.low).toBeLessThanOrEqual(Math.min(99, bar.close));
    expect(bar.volume).toBeGreaterThan(1000);
    // Ten ticks make a bar interval: the tenth tick (at 2 s) begins the next day's bar.
    const later = feed.advance(2000)[0];
    expect(later?.ticks).toBe(5);
    expect(later?.bars.map((b) => b.time)).toEqual([source.lastBar.time, source.lastBar.time + 86_400]);
  });

  it('repeats the same ticks for the same symbol and seed', () => {
    const run = (seed: number) => {
      const feed = new LiveFeed(seed);
      feed.subscribe({ symbol: 'SPX', ticksPerSecond: 50 }, source, 0);
      return [1000, 2000, 3000].map((t) => feed.advance(t));
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('coalesces: one event per subscription per advance, whatever the tick rate', () => {
    const feed = new LiveFeed();
    const a = feed.subscribe({ symbol: 'SPX', ticksPerSecond: MAX_TICKS_PER_SECOND }, source, 0);
    const b = feed.subscribe({ symbol: 'SPX', ticksPerSecond: 5 }, source, 0);
    let ticks = 0;
    for (let frame = 1; frame <= 60; frame++) {
      const events = feed.advance((frame * 1000) / 60);
      expect(events.map((e) => e.subscriptionId).sort()).toEqual([a.subscriptionId, b.subscriptionId].sort());
      // Both panes of one symbol see the same simulation.
      expect(events[0]?.bars).toEqual(events[1]?.bars);
      ticks += events[0]?.ticks ?? 0;
    }
    expect(ticks).toBe(1000);
  });

  it('stops while paused and resumes without catching up', () => {
    const feed = new LiveFeed();
    feed.subscribe({ symbol: 'SPX', ticksPerSecond: 10 }, source, 0);
    feed.advance(1000);
    feed.setPaused(true, 1000);
    expect(feed.paused).toBe(true);
    expect(feed.running).toBe(false);
    expect(feed.advance(60_000)).toEqual([]);
    feed.setPaused(false, 60_000);
    expect(feed.advance(61_000)[0]?.ticks).toBe(10);
  });

  it('does not burst after a long gap (a throttled timer): at most one second of ticks', () => {
    const feed = new LiveFeed();
    feed.subscribe({ symbol: 'SPX', ticksPerSecond: 100 }, source, 0);
    expect(feed.advance(30_000)[0]?.ticks).toBe(100);
    expect(feed.advance(30_500)[0]?.ticks).toBe(50);
  });

  it('re-subscribes idempotently by id, resumes from a given bar and forgets symbols nobody watches', () => {
    const feed = new LiveFeed();
    const resumeFrom = { time: 86_400 * 2000, open: 50, high: 50, low: 50, close: 50, volume: 0 };
    feed.subscribe({ symbol: 'SPX', subscriptionId: 'pane-1', resumeFrom }, source, 0);
    feed.subscribe({ symbol: 'SPX', subscriptionId: 'pane-1' }, source, 0);
    const events = feed.advance(1000);
    expect(events).toHaveLength(1);
    expect(events[0]?.bars[0]).toMatchObject({ time: resumeFrom.time, open: 50 });
    expect(feed.unsubscribe('pane-1', 1000)).toBe(true);
    expect(feed.unsubscribe('pane-1', 1000)).toBe(false);
    expect(feed.running).toBe(false);
    expect(feed.advance(5000)).toEqual([]);
    // A new subscription starts from the stored bar again.
    feed.subscribe({ symbol: 'SPX' }, source, 5000);
    expect(feed.advance(6000)[0]?.bars[0]?.time).toBe(source.lastBar.time);
  });

  it('hands a later subscriber the bars the feed made before it joined', () => {
    const feed = new LiveFeed();
    const first = feed.subscribe({ symbol: 'SPX', ticksPerSecond: 10, ticksPerBar: 10 }, source, 0);
    expect(first.bars).toEqual([source.lastBar]);
    // Steps under a second: a longer gap would be capped at one second of ticks.
    const seen = [900, 1800, 2500].flatMap((now) => feed.advance(now)[0]?.bars ?? []);
    seen.splice(0, seen.length, ...new Map(seen.map((b) => [b.time, b])).values());
    const second = feed.subscribe({ symbol: 'SPX' }, source, 2500);
    expect(second.bars.map((b) => b.time)).toEqual([0, 1, 2].map((k) => source.lastBar.time + k * 86_400));
    expect(second.bars).toEqual(seen);
    // Copies: the feed's own bars do not change under the caller.
    (second.bars[0] as LiveBar).close = -1;
    expect(feed.subscribe({ symbol: 'SPX' }, source, 2500).bars[0]?.close).not.toBe(-1);
  });
});

describe('liveSourceOf', () => {
  it('takes the last bar, the median spacing, the recent volatility and the mean volume', () => {
    const n = 600;
    const time = Float64Array.from({ length: n }, (_, i) => i * 60);
    const close = Float64Array.from({ length: n }, (_, i) => 100 * (i % 2 === 0 ? 1 : 1.01));
    const columns = {
      time,
      open: close,
      high: close,
      low: close,
      close,
      volume: new Float64Array(n).fill(7),
    };
    const live = liveSourceOf(columns);
    expect(live.lastBar).toEqual({ time: 599 * 60, open: 101, high: 101, low: 101, close: 101, volume: 7 });
    expect(live.barSeconds).toBe(60);
    expect(live.barSigma).toBeCloseTo(Math.log(1.01), 4);
    expect(live.barVolume).toBe(7);
    expect(() => liveSourceOf({ ...columns, time: new Float64Array(0) })).toThrow(/at least one bar/);
  });
});
