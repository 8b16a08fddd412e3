/**
 * A real feed through the engine's own requests, with a fake socket and fake clocks: the chart's
 * requests (getBars, subscribeLive) work on a feed symbol as on a simulated one, and the status event
 * carries gaps, reconnects and bad messages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FeedStatusEvent, LiveBarsEvent } from '../../core/protocol';
import type { FixtureName } from '../engine';
import { binanceKline, binanceTrade } from './fake-feed';
import { feedEngineRig, RIG_START } from './feed-engine-rig';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const FEED = {
  id: 'replay',
  label: 'Replay',
  adapter: 'binance',
  url: 'ws://127.0.0.1:6273/stream',
  symbols: ['BTCUSDT', 'ETHUSDT'],
  staleAfterMs: 5000,
};
const T0 = RIG_START;

function setUp() {
  return feedOf([FEED]);
}

function feedOf(feeds: unknown[], fetchFn?: typeof fetch) {
  const { engine, net, feedClock, events, flush } = feedEngineRig(feeds, readFixture, fetchFn);
  const live = () => events.filter((e) => e.channel === 'live-bars').map((e) => e.payload as LiveBarsEvent);
  const status = () =>
    (events.filter((e) => e.channel === 'feed-status').at(-1)?.payload as FeedStatusEvent | undefined)
      ?.feeds[0];
  return { engine, net, feedClock, flush, live, status };
}

describe('a real feed in the engine', () => {
  it('lists the feed symbols as live, and connects only once a chart asks for one', async () => {
    const { engine, net } = setUp();
    const symbols = await engine.listSymbols();
    expect(symbols.find((s) => s.symbol === 'BTCUSDT')).toMatchObject({
      live: true,
      feed: 'replay',
      kind: 'bars',
    });
    expect(net.sockets).toHaveLength(0);
  });

  it("serves a feed symbol's bars from its first trade on, then streams them as the simulator does", async () => {
    const { engine, net, flush, live, status } = setUp();
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    expect(JSON.parse(net.latest().sent[0] ?? '')).toEqual({
      method: 'SUBSCRIBE',
      params: ['btcusdt@trade'],
      id: 1,
    });
    net.latest().message(binanceTrade('BTCUSDT', 100, T0 + 1000, 94_000));
    const first = await bars;
    expect(Array.from(first.time)).toEqual([T0 / 1000]);
    expect(Array.from(first.close)).toEqual([94_000]);
    flush();

    const subscription = await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'pane-1' });
    expect(subscription.bars).toHaveLength(1);
    net.latest().message(binanceTrade('BTCUSDT', 101, T0 + 30_000, 94_100, 2));
    net.latest().message(binanceTrade('BTCUSDT', 102, T0 + 61_000, 93_900));
    flush();
    expect(live().at(-1)).toEqual({
      subscriptionId: 'pane-1',
      symbol: 'BTCUSDT',
      bars: [
        { time: T0 / 1000, open: 94_000, high: 94_100, low: 94_000, close: 94_100, volume: 3 },
        { time: T0 / 1000 + 60, open: 93_900, high: 93_900, low: 93_900, close: 93_900, volume: 1 },
      ],
      ticks: 2,
      priceDecimals: 2,
      volumeDecimals: 0,
    });
    expect(status()).toMatchObject({ state: 'connected', live: ['BTCUSDT'], badMessages: {} });

    expect(await engine.unsubscribeLive('pane-1')).toBe(true);
  });

  it("raises a feed symbol's decimals when a trade needs more than its first bars did, for charts and quotes", async () => {
    const { engine, net, flush, live } = setUp();
    await engine.ready();
    const bars = engine.getBars({ symbol: 'ETHUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    // The first trade happens to be a round price: two decimals is all it shows.
    net.latest().message(binanceTrade('ETHUSDT', 1, T0 + 1000, 0.51));
    expect((await bars).priceDecimals).toBe(2);
    flush();
    await engine.subscribeLive({ symbol: 'ETHUSDT', subscriptionId: 'pane-1' });
    net.latest().message(binanceTrade('ETHUSDT', 2, T0 + 2000, 0.5123));
    flush();
    expect(live().at(-1)).toMatchObject({ subscriptionId: 'pane-1', priceDecimals: 4 });
    // A later request (a zoom's finer bars, another pane, a watchlist) writes four, too.
    expect((await engine.getBars({ symbol: 'ETHUSDT', maxBars: 100 })).priceDecimals).toBe(4);
    expect((await engine.getQuotes(['ETHUSDT']))[0]?.priceDecimals).toBe(4);
    // Never lowered by rounder prices after.
    net.latest().message(binanceTrade('ETHUSDT', 3, T0 + 3000, 0.52));
    flush();
    expect(live().at(-1)?.priceDecimals).toBe(4);
  });

  it("reads a feed symbol's volume step from its trades, raised when a finer lot trades", async () => {
    const { engine, net, flush, live } = setUp();
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 1, T0 + 1000, 94_000, 0.5));
    expect((await bars).volumeDecimals).toBe(1);
    flush();
    await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'pane-1' });
    net.latest().message(binanceTrade('BTCUSDT', 2, T0 + 2000, 94_010, 0.00818));
    flush();
    // 0.50818 in the bar: five decimals from now on, for charts and later requests.
    expect(live().at(-1)).toMatchObject({ subscriptionId: 'pane-1', volumeDecimals: 5 });
    expect((await engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 })).volumeDecimals).toBe(5);
  });

  it('watches feed symbols before their first trade: waiting quotes, then the real ones as trades come', async () => {
    const { engine, net, feedClock, flush } = setUp();
    await engine.ready();
    const [btc, eth] = await engine.watchQuotes('w1', ['BTCUSDT', 'ETHUSDT']);
    expect(btc).toMatchObject({ symbol: 'BTCUSDT', waiting: true, sparkline: new Float32Array() });
    expect(Number.isNaN(btc?.last)).toBe(true);
    expect(eth?.waiting).toBe(true);
    // The watchlist follows both symbols' feeds: one socket, both subscribed.
    net.latest().accept();
    expect(JSON.parse(net.latest().sent[0] ?? '').params).toEqual(['btcusdt@trade', 'ethusdt@trade']);
    net.latest().message(binanceTrade('BTCUSDT', 1, T0 + 1000, 94_000));
    net.latest().message(binanceTrade('BTCUSDT', 2, T0 + 61_000, 94_500));
    feedClock.advance(1000);
    flush();
    const [btcNow, ethNow] = await engine.watchQuotes('w1', ['BTCUSDT', 'ETHUSDT']);
    expect(btcNow).toMatchObject({ last: 94_500, previous: 94_000, change: 500 });
    expect(btcNow?.waiting).toBeUndefined();
    expect(ethNow?.waiting).toBe(true);
  });

  it('posts the status again each second while messages come: the last message and the count stay current', async () => {
    const { engine, net, feedClock, flush, status } = setUp();
    await engine.ready();
    await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'p' });
    net.latest().accept();
    const connected = status();
    expect(connected).toMatchObject({ state: 'connected', messages: 0, lastMessageAt: null });
    // Within a second of the last post: no new one for messages alone.
    const firstAt = feedClock.now();
    net.latest().message(binanceTrade('BTCUSDT', 1, T0, 94_000));
    flush();
    expect(status()).toBe(connected);
    feedClock.advance(1000);
    flush();
    expect(status()).toMatchObject({ messages: 1, lastMessageAt: firstAt });
    feedClock.advance(400);
    net.latest().message(binanceTrade('BTCUSDT', 2, T0 + 400, 94_010));
    flush();
    expect(status()?.messages).toBe(1);
    feedClock.advance(600);
    flush();
    expect(status()).toMatchObject({ messages: 2, lastMessageAt: firstAt + 1400 });
    // Nothing new: nothing posted, however long.
    const quiet = status();
    feedClock.advance(1500);
    flush();
    expect(status()).toBe(quiet);
  });

  it('after a dropped connection: reconnects, subscribes again, and reports the trades missed', async () => {
    const { engine, net, feedClock, flush, status } = setUp();
    await engine.ready();
    await engine.subscribeLive({ symbol: 'ETHUSDT', subscriptionId: 'p' });
    net.latest().accept();
    net.latest().message(binanceTrade('ETHUSDT', 10, T0, 3300));
    net.latest().drop();
    expect(status()?.state).toBe('reconnecting');
    feedClock.advance(1000);
    net.latest().accept();
    expect(JSON.parse(net.latest().sent[0] ?? '')).toMatchObject({
      method: 'SUBSCRIBE',
      params: ['ethusdt@trade'],
    });
    net.latest().message(binanceTrade('ETHUSDT', 25, T0 + 90_000, 3310));
    flush();
    expect(status()).toMatchObject({
      state: 'connected',
      reconnects: 1,
      gaps: [{ symbol: 'ETHUSDT', kind: 'sequence', missed: 14, fromTime: T0, toTime: T0 + 90_000 }],
    });
    await engine.clearFeedNotices();
    expect(status()?.gaps).toEqual([]);
  });

  it('a feed of bars subscribes klines, takes them as bars, and reports the bars missed after a drop', async () => {
    const { engine, net, feedClock, flush, live, status } = feedOf([{ ...FEED, streams: 'bars' }]);
    await engine.ready();
    await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'p' });
    net.latest().accept();
    expect(JSON.parse(net.latest().sent[0] ?? '')).toEqual({
      method: 'SUBSCRIBE',
      params: ['btcusdt@kline_1m'],
      id: 1,
    });
    const bar = { open: 94_000, high: 94_050, low: 93_990, close: 94_020, volume: 3 };
    net.latest().message(binanceKline('BTCUSDT', T0, bar));
    net.latest().message(binanceKline('BTCUSDT', T0, { ...bar, close: 94_030, volume: 4 }, true));
    net.latest().drop();
    feedClock.advance(1000);
    net.latest().accept();
    // Back three minutes later: the bars of T0 + 1 and + 2 minutes were missed.
    net.latest().message(binanceKline('BTCUSDT', T0 + 180_000, { ...bar, high: 94_100, close: 94_100 }));
    flush();
    expect(
      live()
        .at(-1)
        ?.bars.map((b) => [b.time, b.close, b.volume]),
    ).toEqual([
      [T0 / 1000, 94_030, 4],
      [T0 / 1000 + 180, 94_100, 3],
    ]);
    expect(status()).toMatchObject({
      state: 'connected',
      reconnects: 1,
      badMessages: {},
      gaps: [{ symbol: 'BTCUSDT', kind: 'bars', missed: 2, fromTime: T0, toTime: T0 + 180_000 }],
    });
  });

  it("a feed of bars names a symbol whose bars stop while the others' come; a feed of trades never does", async () => {
    const bars = { ...FEED, streams: 'bars' };
    for (const [config, expected] of [
      [bars, [{ symbol: 'ETHUSDT', lastAt: T0 + 1000 }]],
      [FEED, []],
    ] as const) {
      const { engine, net, feedClock, flush, status } = feedOf([config]);
      await engine.ready();
      await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'a' });
      await engine.subscribeLive({ symbol: 'ETHUSDT', subscriptionId: 'b' });
      net.latest().accept();
      const bar = { open: 10, high: 11, low: 9, close: 10, volume: 1 };
      feedClock.advance(1000);
      net.latest().message(binanceKline('ETHUSDT', T0, bar));
      // BTCUSDT's bars come every second for six seconds; ETHUSDT's stop (stale after 5 s).
      for (let s = 1; s <= 6; s++) {
        feedClock.advance(1000);
        net.latest().message(binanceKline('BTCUSDT', T0, bar));
        flush();
      }
      expect(status()).toMatchObject({ state: 'connected', staleSymbols: expected });
    }
  });

  it('counts bad messages by kind, and keeps going', async () => {
    const { engine, net, flush, live, status } = setUp();
    await engine.ready();
    await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'p' });
    net.latest().accept();
    net.latest().message('{"stream":"btcusdt@trade","data":');
    net.latest().message(binanceTrade('BTCUSDT', 1, T0, 1).replace('"1.00000000"', '"one"'));
    net.latest().message(binanceTrade('DOGEUSDT', 1, T0, 1));
    net.latest().message(binanceTrade('BTCUSDT', 2, T0, 94_000));
    net.latest().message(binanceTrade('BTCUSDT', 2, T0, 94_000));
    flush();
    expect(status()?.badMessages).toEqual({
      'not-json': 1,
      'invalid-trade': 1,
      'unknown-symbol': 1,
      'out-of-order': 1,
    });
    expect(live().at(-1)?.bars.at(-1)?.close).toBe(94_000);
  });

  it('fails a chart that waits too long for a first trade, with the reason', async () => {
    const { engine, net, feedClock } = setUp();
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    feedClock.advance(15_000);
    await expect(bars).rejects.toThrow('No trade from Replay for BTCUSDT within 15 s');
  });
});

describe('a feed with a history service', () => {
  const MINUTE = 60_000;
  /** Binance's klines: one a minute from `first` up to (not including) T0, a close of 90,000 + minutes. */
  const klines = (first: number, asked: string[] = []) =>
    (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.origin + url.pathname);
      const endTime = Number(url.searchParams.get('endTime'));
      const rows = [];
      for (let t = first; t < T0 && t <= endTime; t += MINUTE) {
        const price = (90_000 + (t - first) / MINUTE).toFixed(2);
        rows.push([t, price, price, price, price, '1.5', t + MINUTE - 1, '0', 1, '0', '0', '0']);
      }
      return Response.json(rows.slice(-1000));
    }) as typeof fetch;

  it('charts a feed symbol with its history before the first live bar, and says what came', async () => {
    const asked: string[] = [];
    const { engine, net, status } = feedOf(
      [{ ...FEED, history: 'http://127.0.0.1:6273' }],
      klines(T0 - 3 * MINUTE, asked),
    );
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 100, T0 + 1000, 94_000));
    const first = await bars;
    expect(Array.from(first.time)).toEqual([-3, -2, -1, 0].map((k) => (T0 + k * MINUTE) / 1000));
    expect(Array.from(first.close)).toEqual([90_000, 90_001, 90_002, 94_000]);
    expect(asked).toEqual(['http://127.0.0.1:6273/api/v3/klines']);
    expect((await engine.listSymbols()).find((s) => s.symbol === 'BTCUSDT')).toMatchObject({
      first: (T0 - 3 * MINUTE) / 1000,
      count: 4,
    });
    expect(status()?.history).toEqual([
      { symbol: 'BTCUSDT', bars: 3, from: (T0 - 3 * MINUTE) / 1000, complete: true, problem: null },
    ]);
  });

  it('pages in earlier history on request until the service has nothing before, then says so', async () => {
    const { engine, net } = feedOf(
      [{ ...FEED, history: 'http://127.0.0.1:6273' }],
      klines(T0 - 12_000 * MINUTE),
    );
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 100, T0 + 1000, 94_000));
    await bars;
    const info = async () => (await engine.listSymbols()).find((s) => s.symbol === 'BTCUSDT');
    expect(await info()).toMatchObject({ count: 5001, earlier: true, first: (T0 - 5000 * MINUTE) / 1000 });
    // Two asks at once bring one page.
    const [a, b] = await Promise.all([engine.loadEarlier('BTCUSDT'), engine.loadEarlier('BTCUSDT')]);
    expect(a).toEqual({ added: 5000, earlier: true, problem: null });
    expect(b).toBe(a);
    expect(await info()).toMatchObject({ count: 10_001, first: (T0 - 10_000 * MINUTE) / 1000 });
    // The series is made again with them: a first view of the whole range starts there.
    const whole = await engine.getBars({ symbol: 'BTCUSDT', maxBars: 20_000 });
    expect(whole.time[0]).toBe((T0 - 10_000 * MINUTE) / 1000);
    expect(whole.nativeCount).toBe(10_001);
    expect(await engine.loadEarlier('BTCUSDT')).toEqual({ added: 2000, earlier: false, problem: null });
    expect(await info()).not.toHaveProperty('earlier');
    expect(await engine.loadEarlier('BTCUSDT')).toEqual({ added: 0, earlier: false, problem: null });
    const all = await engine.getBars({ symbol: 'BTCUSDT', maxBars: 20_000 });
    // Every minute once, in order, up to the live one.
    expect(all.nativeCount).toBe(12_001);
    for (let i = 1; i < all.time.length; i++)
      expect((all.time[i] as number) - (all.time[i - 1] as number)).toBe(60);
  });

  it('charts the live bars alone when the history cannot be had, and says why', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const { engine, net, status } = feedOf([{ ...FEED, history: 'http://127.0.0.1:6273' }], down);
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 100, T0 + 1000, 94_000));
    expect(Array.from((await bars).time)).toEqual([T0 / 1000]);
    expect(status()?.history).toEqual([
      {
        symbol: 'BTCUSDT',
        bars: 0,
        from: null,
        complete: false,
        problem: 'could not reach it (Failed to fetch)',
      },
    ]);
  });

  it('quotes a feed symbol as waiting until its history is in, then from it', async () => {
    let release = (): void => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = (async (input: RequestInfo | URL) => {
      await held;
      return klines(T0 - 2 * MINUTE)(input);
    }) as typeof fetch;
    const { engine, net } = feedOf([{ ...FEED, history: 'http://127.0.0.1:6273' }], slow);
    await engine.ready();
    const bars = engine.getBars({ symbol: 'BTCUSDT', maxBars: 100 });
    await Promise.resolve();
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 100, T0 + 1000, 94_000));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [waiting] = await engine.getQuotes(['BTCUSDT']);
    expect(Number.isNaN(waiting?.last ?? 0)).toBe(true);
    release();
    expect((await bars).time).toHaveLength(3);
    const [quoted] = await engine.getQuotes(['BTCUSDT']);
    expect(quoted?.last).toBe(94_000);
  });
});
