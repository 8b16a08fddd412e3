import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../core/protocol';
import { createEngine, dispatchRequest, type EngineClock, type FixtureName } from './engine';
import { parseSpxCsv } from './fixtures/parse-fixtures';
import { LIVE_FLUSH_MS } from './live/live-coordination';

const readFixture = (name: FixtureName): string =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const spx = parseSpxCsv(readFixture('sp500-2000.csv'));
const utcDay = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / 1000;
const sum = (values: ArrayLike<number>): number => Array.from(values).reduce((a, b) => a + b, 0);

/** One engine for the read-only tests (synthetic series are generated once). */
const engine = createEngine(async (name) => readFixture(name));

describe('getBars', () => {
  it('resamples to an interval from the bars it holds: SPX daily as weeks starting on Mondays', async () => {
    const weeks = await engine.getBars({ symbol: 'SPX', maxBars: 8000, interval: '1W' });
    expect(weeks.factor).toBe(1);
    expect(weeks.time.length).toBeGreaterThan(5105 / 5.5);
    expect(weeks.time.length).toBeLessThan(5105 / 4);
    for (const time of weeks.time) expect(new Date(time * 1000).getUTCDay()).toBe(1);
    expect(sum(weeks.volume)).toBe(sum(spx.volume));
    // The extent describes the resampled series, so the view reads 'weekly bars'.
    expect(weeks.nativeCount).toBe(weeks.time.length);
    const months = await engine.getBars({ symbol: 'SPX', maxBars: 8000, interval: '1M' });
    expect(months.time.length).toBeLessThan(weeks.time.length / 4);
    // An interval the engine cannot read is refused at its edge.
    const refused = await dispatchRequest(engine, {
      id: 7,
      method: 'getBars',
      args: [{ symbol: 'SPX', maxBars: 10, interval: '5x' }],
    });
    expect(refused.ok).toBe(false);
  });

  it('answers the full SPX range from the finest level with at most maxBars bars', async () => {
    const bars = await engine.getBars({ symbol: 'SPX', maxBars: 2000 });
    // 5105 native bars: level 1 has 2553, level 2 has 1277.
    expect(bars).toMatchObject({ symbol: 'SPX', level: 2, factor: 4, nativeCount: 5105 });
    expect(bars.time.length).toBe(1277);
    expect(bars.time[0]).toBe(spx.time[0]);
    expect(bars.open[0]).toBe(spx.open[0]);
    expect(bars.close[0]).toBe(spx.close[3]);
    expect(bars.high[0]).toBe(Math.max(...spx.high.subarray(0, 4)));
    expect(bars.volume[0]).toBe(sum(spx.volume.subarray(0, 4)));
  });

  it('answers a zoomed window at native resolution, covering exactly the window', async () => {
    const bars = await engine.getBars({
      symbol: 'SPX',
      from: utcDay(2019, 1, 1),
      to: utcDay(2019, 12, 31),
      maxBars: 500,
    });
    expect(bars.level).toBe(0);
    expect(bars.time.length).toBe(252);
    expect(bars.time[0]).toBe(utcDay(2019, 1, 2));
    expect(bars.time[251]).toBe(utcDay(2019, 12, 31));
  });

  it('serves synthetic series from their levels, window by window', async () => {
    const full = await engine.getBars({ symbol: 'SYN-100K', maxBars: 1000 });
    expect(full).toMatchObject({ level: 7, factor: 128, nativeCount: 100_000 });
    expect(full.time.length).toBe(782);
    const day = await engine.getBars({
      symbol: 'SYN-100K',
      from: full.first,
      to: full.first + 86_399,
      maxBars: 2000,
    });
    expect(day).toMatchObject({ level: 0, factor: 1 });
    expect(day.time.length).toBe(1440);
    expect(day.high.every((h, i) => h >= (day.low[i] as number))).toBe(true);
  });

  it('hands out copies: transferring a result leaves the stored series intact', async () => {
    const first = await engine.getBars({ symbol: 'SPX', maxBars: 10_000 });
    const transfer = [first.time, first.open, first.high, first.low, first.close, first.volume].map(
      (a) => a.buffer,
    );
    structuredClone(first, { transfer });
    expect(first.time.length).toBe(0); // detached
    const again = await engine.getBars({ symbol: 'SPX', maxBars: 10_000 });
    expect(again.time.length).toBe(5105);
    expect(Array.from(again.close.subarray(0, 3))).toEqual(Array.from(spx.close.subarray(0, 3)));
  });

  it('rejects unknown symbols and bad requests as error values', async () => {
    await expect(engine.getBars({ symbol: 'NOPE', maxBars: 10 })).rejects.toThrow('Unknown symbol: NOPE');
    for (const args of [[{ symbol: 'SPX', maxBars: 0 }], [{ symbol: 'SPX', maxBars: 9, from: 'x' }], []]) {
      expect(await dispatchRequest(engine, { id: 1, method: 'getBars', args })).toEqual({
        id: 1,
        ok: false,
        error: { message: 'Invalid arguments for getBars' },
      });
    }
  });
});

describe('getLine', () => {
  it('aggregates a window of 1000 points or more with M4 for the pixel width', async () => {
    const line = await engine.getLine({ symbol: 'SPX', width: 300 });
    expect(line).toMatchObject({ symbol: 'SPX', aggregated: true, windowCount: 5105, nativeCount: 5105 });
    expect(line.x.length).toBeLessThanOrEqual(1200);
    expect(line.x[0]).toBe(spx.time[0]);
    expect(line.x[line.x.length - 1]).toBe(spx.time[5104]);
    expect(Math.max(...line.y)).toBe(Math.max(...spx.close));
    expect(Math.min(...line.y)).toBe(Math.min(...spx.close));
  });

  it('returns shorter windows and line series as they are', async () => {
    const msft = await engine.getLine({ symbol: 'MSFT', width: 300 });
    expect(msft).toMatchObject({ aggregated: false, windowCount: 123 });
    expect(msft.x.length).toBe(123);
    const year = await engine.getLine({
      symbol: 'SPX',
      from: utcDay(2019, 1, 1),
      to: utcDay(2019, 12, 31),
      width: 50,
    });
    expect(year).toMatchObject({ aggregated: false, windowCount: 252 });
  });

  it('zooms into SYN-1M at one column per pixel', async () => {
    const from = Date.UTC(2020, 1, 1) / 1000;
    const line = await engine.getLine({ symbol: 'SYN-1M', from, to: from + 7 * 86_400, width: 1920 });
    expect(line).toMatchObject({ aggregated: true, windowCount: 7 * 1440 + 1, nativeCount: 1_000_000 });
    expect(line.x.length).toBeLessThanOrEqual(4 * 1920);
    expect(line.x[0]).toBe(from);
  });
});

describe('xy datasets', () => {
  it('lists the risk/return view and the synthetic clouds', async () => {
    const datasets = await engine.listDatasets();
    expect(datasets.map((d) => [d.dataset, d.count, d.hasSize])).toEqual([
      ['RISK-RETURN', 6, true],
      ['SCATTER-100K', 100_000, true],
      ['SCATTER-1M', 1_000_000, true],
    ]);
  });

  it('scatters the six shipped symbols, labelled, by volatility and return', async () => {
    const risk = await engine.getScatter({ dataset: 'RISK-RETURN' });
    expect(risk.labels).toEqual(['SPX', 'MSFT', 'AMZN', 'IBM', 'GOOG', 'AAPL']);
    expect(risk).toMatchObject({ aggregated: false, total: 6 });
    expect(Array.from(risk.category ?? [])).toEqual([0, 1, 1, 1, 1, 1]);
    // The S&P 500's daily volatility 2000-2020 is about 20 % a year; the index fell by about 57 % in 2007-09.
    expect(risk.x[0]).toBeGreaterThan(15);
    expect(risk.x[0]).toBeLessThan(25);
    expect(risk.size?.[0]).toBeGreaterThan(50);
    expect(risk.size?.[0]).toBeLessThan(60);
  });

  it('merges 100K points to at most 10000 items, counts preserved', async () => {
    const cloud = await engine.getScatter({ dataset: 'SCATTER-100K' });
    expect(cloud.aggregated).toBe(true);
    expect(cloud.x.length).toBeLessThanOrEqual(10_000);
    expect(sum(cloud.count)).toBe(100_000);
    expect(cloud.labels).toBeNull();
    const zoomed = await engine.getScatter({
      dataset: 'SCATTER-100K',
      window: { xMin: 0, xMax: 10, yMin: 0, yMax: 10 },
    });
    expect(sum(zoomed.count)).toBe(zoomed.total);
    expect(zoomed.total).toBeLessThan(100_000);
    // A small plot: merged on cells no finer than its pixels (64 x 64 here), never more items.
    const small = await engine.getScatter({ dataset: 'SCATTER-100K', pixels: { width: 50, height: 40 } });
    expect(small.x.length).toBeLessThanOrEqual(64 * 64 + 4);
    expect(sum(small.count)).toBe(100_000);
    const refused = await dispatchRequest(engine, {
      id: 3,
      method: 'getScatter',
      args: [{ dataset: 'SCATTER-100K', pixels: { width: 0, height: 40 } }],
    });
    expect(refused).toMatchObject({ ok: false, error: { message: 'Invalid arguments for getScatter' } });
  });

  it('bins a dataset column', async () => {
    const h = await engine.getHistogram({ dataset: 'SCATTER-100K', field: 'x', bins: 40 });
    expect(h).toMatchObject({ dataset: 'SCATTER-100K', field: 'x', total: 100_000 });
    expect(h.counts.length).toBe(40);
    expect(sum(h.counts)).toBe(100_000);
    const fd = await engine.getHistogram({ dataset: 'SCATTER-100K' });
    expect(fd.field).toBe('y');
    expect(fd.counts.length).toBeGreaterThan(10);
    await expect(engine.getHistogram({ dataset: 'NOPE' })).rejects.toThrow('Unknown dataset: NOPE');
    expect(
      await dispatchRequest(engine, { id: 2, method: 'getHistogram', args: [{ dataset: 'X', field: 'z' }] }),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('live feed', () => {
  function liveEngine() {
    let now = 0;
    const timers: { ms: number; run: () => void; stopped: boolean }[] = [];
    const clock: EngineClock = {
      now: () => now,
      every: (ms, run) => {
        const timer = { ms, run, stopped: false };
        timers.push(timer);
        return () => {
          timer.stopped = true;
        };
      },
    };
    const events: EngineEvent<'live-bars'>[] = [];
    const live = createEngine(async (name) => readFixture(name), {
      clock,
      emit: (e) => events.push(e as EngineEvent<'live-bars'>),
    });
    const tick = (ms: number) => {
      now += ms;
      for (const timer of timers) if (!timer.stopped) timer.run();
    };
    const running = () => timers.filter((t) => !t.stopped).length;
    return { live, events, tick, timers, running };
  }

  it('pushes coalesced bar updates of a subscribed symbol on the live-bars channel', async () => {
    const { live, events, tick, timers } = liveEngine();
    const sub = await live.subscribeLive({ symbol: 'SPX', subscriptionId: 'pane-1' });
    expect(sub).toEqual({
      subscriptionId: 'pane-1',
      symbol: 'SPX',
      barSeconds: 86_400,
      ticksPerSecond: 5,
      paused: false,
      bars: [expect.objectContaining({ time: utcDay(2020, 4, 17), close: spx.close[5104] })],
    });
    expect(timers.map((t) => t.ms)).toEqual([LIVE_FLUSH_MS]);
    tick(1000);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      type: 'event',
      channel: 'live-bars',
      payload: { subscriptionId: 'pane-1', ticks: 5 },
    });
    // The feed continues the stored last bar: 2020-04-17 opened at 2842.43.
    expect(event?.payload.bars[0]).toMatchObject({ time: utcDay(2020, 4, 17), open: spx.open[5104] });
    tick(LIVE_FLUSH_MS / 2); // no tick due: nothing posted
    expect(events).toHaveLength(1);
  });

  it("folds the feed into a pane's interval: 5-minute bars that grow from the stored partial one", async () => {
    const { live, events, tick } = liveEngine();
    const symbol = 'SYN-100K';
    const info = (await live.listSymbols()).find((s) => s.symbol === symbol);
    const held = await live.getBars({ symbol, interval: '5m', from: (info?.last ?? 0) - 3600, maxBars: 100 });
    const partial = held.time.length - 1;
    await live.subscribeLive({ symbol, subscriptionId: 'own', ticksPerSecond: 1000, ticksPerBar: 10 });
    const five = await live.subscribeLive({ symbol, subscriptionId: 'five', interval: '5m' });
    // The first bar is the stored last 5-minute bar, continued.
    expect(five.bars[0]).toMatchObject({ time: held.time[partial], open: held.open[partial] });

    for (let i = 0; i < 40; i++) tick(50);
    const byTime = (id: string) => {
      const bars = new Map<
        number,
        { time: number; high: number; low: number; close: number; volume: number }
      >();
      for (const e of events)
        if (e.payload.subscriptionId === id) for (const b of e.payload.bars) bars.set(b.time, b);
      return [...bars.values()];
    };
    const minutes = byTime('own');
    const fives = byTime('five');
    // Two seconds at 100 one-minute bars a second: some 40 five-minute bars, each on the 5-minute grid.
    expect(fives.length).toBeGreaterThan(30);
    for (const bar of fives) expect(bar.time % 300).toBe(0);
    expect(fives.at(-1)?.close).toBe(minutes.at(-1)?.close);
    // Every bucket the feed made whole is its minutes merged.
    for (const bar of fives.slice(1)) {
      const inside = minutes.filter((m) => m.time >= bar.time && m.time < bar.time + 300);
      expect(bar.high).toBe(Math.max(...inside.map((m) => m.high)));
      expect(bar.low).toBe(Math.min(...inside.map((m) => m.low)));
      expect(bar.volume).toBe(sum(inside.map((m) => m.volume)));
    }
    live.dispose();
  });

  it("keeps a watchlist's quotes live: the engine follows a live symbol's feed for it, and lets go", async () => {
    const { live, events, tick, running } = liveEngine();
    const [synthetic, spxQuote] = await live.watchQuotes('w1', ['SYN-100K', 'SPX']);
    expect(running()).toBe(1);
    for (let i = 0; i < 20; i++) tick(100);
    const quotes = events.filter((e) => (e.channel as string) === 'quotes').map((e) => e.payload as unknown);
    // Four a second at most, each with the live symbol only (SPX is history: it never moves).
    expect(quotes.length).toBeGreaterThan(3);
    expect(quotes.length).toBeLessThanOrEqual(9);
    const last = quotes.at(-1) as {
      watchId: string;
      quotes: { symbol: string; last: number; time: number }[];
    };
    expect(last.watchId).toBe('w1');
    expect(last.quotes.map((q) => q.symbol)).toEqual(['SYN-100K']);
    expect(last.quotes[0]?.last).not.toBe(synthetic?.last);
    expect(last.quotes[0]?.time).toBeGreaterThanOrEqual(synthetic?.time ?? Number.POSITIVE_INFINITY);
    expect(spxQuote?.symbol).toBe('SPX');
    // Its bars go to no pane.
    expect(events.filter((e) => e.channel === 'live-bars')).toEqual([]);
    expect(await live.watchQuotes('w1', [])).toEqual([]);
    expect(running()).toBe(0);
    await expect(live.watchQuotes('w1', ['NOPE'])).rejects.toThrow('Unknown symbol(s): NOPE');
  });

  it('runs its timer only while some subscription is live and the feed is not paused', async () => {
    const { live, running, events, tick } = liveEngine();
    await live.subscribeLive({ symbol: 'AAPL', ticksPerSecond: 1000 });
    expect(running()).toBe(1);
    expect(await live.setLiveFeedPaused(true)).toEqual({ paused: true });
    expect(running()).toBe(0);
    tick(1000);
    expect(events).toEqual([]);
    await live.setLiveFeedPaused(false);
    expect(running()).toBe(1);
    tick(1000);
    expect(events[0]?.payload).toMatchObject({ symbol: 'AAPL', ticks: 1000 });
    expect(await live.unsubscribeLive('live-1')).toBe(true);
    expect(await live.unsubscribeLive('live-1')).toBe(false);
    expect(running()).toBe(0);
    live.dispose();
  });

  it('refuses unknown symbols and invalid live arguments', async () => {
    const { live } = liveEngine();
    await expect(live.subscribeLive({ symbol: 'NOPE' })).rejects.toThrow('Unknown symbol: NOPE');
    for (const args of [
      [{ symbol: 'SPX', ticksPerSecond: -1 }],
      [{ symbol: 'SPX', resumeFrom: { time: 1 } }],
      [{ symbol: 'SPX', interval: '7 fortnights' }],
      [{ symbol: 'SPX', sessionOnly: 'yes' }],
      [1],
    ]) {
      expect(await dispatchRequest(live, { id: 3, method: 'subscribeLive', args })).toEqual({
        id: 3,
        ok: false,
        error: { message: 'Invalid arguments for subscribeLive' },
      });
    }
    expect(await dispatchRequest(live, { id: 4, method: 'setLiveFeedPaused', args: ['yes'] })).toMatchObject({
      ok: false,
    });
  });
});
