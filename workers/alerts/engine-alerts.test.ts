/**
 * Price alerts through the engine's own requests: `setAlerts`, then ticks of the real feed (a fake
 * socket) and of the simulator, and the `alert-fired` events the main thread hears, once per alert.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OWN_BARS } from '../../core/alerts/alert-types';
import { timeToLogical } from '../../core/bars/bar-position';
import type { AlertFiredEvent, AlertSpec, LiveBarsEvent } from '../../core/protocol';
import { dispatchRequest, type FixtureName } from '../engine';
import { binanceTrade } from '../feed/fake-feed';
import { feedEngineRig, RIG_START } from '../feed/feed-engine-rig';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const FEED = {
  id: 'replay',
  label: 'Replay',
  adapter: 'binance',
  url: 'ws://127.0.0.1:6273/stream',
  symbols: ['BTCUSDT'],
};
const T0 = RIG_START;

function setUp() {
  const { engine, net, feedClock, events, flush, advance } = feedEngineRig([FEED], readFixture);
  const fired = () =>
    events.filter((e) => e.channel === 'alert-fired').flatMap((e) => (e.payload as AlertFiredEvent).alerts);
  return {
    engine,
    net,
    feedClock,
    fired,
    flush,
    advance,
    events,
  };
}

const levelAlert = (symbol: string, price: number, patch: Partial<AlertSpec> = {}): AlertSpec => ({
  id: 'a1',
  symbol,
  condition: 'crosses',
  shape: { kind: 'line', line: { kind: 'level', price } },
  bars: OWN_BARS,
  expiresAt: null,
  armedAt: 1,
  ...patch,
});

describe('price alerts in the engine', () => {
  it('fire once on the trades of a real feed, at the trade that crossed', async () => {
    const { engine, net, flush, fired } = setUp();
    await engine.ready();
    expect(await engine.setAlerts([levelAlert('BTCUSDT', 94_050)])).toBe(1);
    await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'pane-1' });
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 1, T0 + 1000, 94_000));
    net.latest().message(binanceTrade('BTCUSDT', 2, T0 + 2000, 94_010));
    flush();
    expect(fired()).toEqual([]);
    net.latest().message(binanceTrade('BTCUSDT', 3, T0 + 3000, 94_100));
    net.latest().message(binanceTrade('BTCUSDT', 4, T0 + 4000, 94_000));
    net.latest().message(binanceTrade('BTCUSDT', 5, T0 + 5000, 94_100));
    flush();
    expect(fired()).toEqual([
      {
        id: 'a1',
        armedAt: 1,
        symbol: 'BTCUSDT',
        condition: 'crosses',
        time: (T0 + 3000) / 1000,
        price: 94_100,
        level: 94_050,
        firedAt: T0,
      },
    ]);
  });

  it('fire on the simulated feed too, and an expired alert stays silent', async () => {
    const { engine, advance, fired, feedClock } = setUp();
    await engine.ready();
    const subscription = await engine.subscribeLive({ symbol: 'SYN-100K', ticksPerSecond: 1000 });
    const last = subscription.bars.at(-1)?.close ?? 0;
    // Levels a little above and below the last close: a random walk of thousands of ticks crosses one.
    await engine.setAlerts([
      levelAlert('SYN-100K', last * 1.001, { id: 'up' }),
      levelAlert('SYN-100K', last * 0.999, { id: 'down' }),
      levelAlert('SYN-100K', last, { id: 'expired', expiresAt: T0 }),
    ]);
    feedClock.advance(1);
    for (let i = 0; i < 20; i++) advance(1000);
    const ids = fired().map((f) => f.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('expired');
  });

  it('hear their symbol with no chart on it: the engine follows the feed itself, and lets go with the last alert', async () => {
    const { engine, net, flush, fired, events } = setUp();
    await engine.ready();
    // No subscribeLive: nothing shows BTCUSDT, yet the alert connects the feed to its symbol.
    await engine.setAlerts([levelAlert('BTCUSDT', 94_050)]);
    net.latest().accept();
    expect(net.latest().sent.join()).toContain('btcusdt@trade');
    net.latest().message(binanceTrade('BTCUSDT', 1, T0 + 1000, 94_000));
    net.latest().message(binanceTrade('BTCUSDT', 2, T0 + 2000, 94_100));
    flush();
    expect(fired().map((f) => f.id)).toEqual(['a1']);
    // Its bars go to no one.
    expect(events.filter((e) => e.channel === 'live-bars')).toEqual([]);
    // With no symbol wanted any more, the connection is closed.
    await engine.setAlerts([]);
    expect(net.latest().closed).toBe(true);
  });

  it('hear a simulated symbol with no chart on it', async () => {
    const { engine, advance, fired, feedClock, events } = setUp();
    await engine.ready();
    const info = (await engine.listSymbols()).find((s) => s.symbol === 'SYN-100K');
    const held = await engine.getBars({ symbol: 'SYN-100K', from: info?.last ?? 0, maxBars: 1 });
    const close = held.close.at(-1) ?? 0;
    await engine.setAlerts([
      levelAlert('SYN-100K', close * 1.0005, { id: 'up' }),
      levelAlert('SYN-100K', close * 0.9995, { id: 'down' }),
    ]);
    feedClock.advance(1);
    for (let i = 0; i < 40; i++) advance(1000);
    expect(fired().length).toBeGreaterThan(0);
    expect(events.filter((e) => e.channel === 'live-bars')).toEqual([]);
  });

  it('read a trend line along the bars of the chart it was set on: an hourly chart of session bars', async () => {
    const { engine, advance, fired, feedClock, events } = setUp();
    await engine.ready();
    const symbol = 'SYN-100K';
    const chart = { interval: '1h', sessionOnly: true };
    // The chart: its bars held, then the live ones its subscription gets.
    const held = await engine.getBars({ symbol, ...chart, maxBars: 100_000 });
    const subscription = await engine.subscribeLive({
      symbol,
      subscriptionId: 'pane',
      ticksPerSecond: 1000,
      ...chart,
    });
    const times = new Set<number>([...held.time, ...subscription.bars.map((b) => b.time)]);
    // A rising line from ten bars back to three bars back: over nights, which time counts and bars do not.
    const n = held.time.length;
    const [t1, t2] = [held.time[n - 10] as number, held.time[n - 3] as number];
    // Lines about the price the feed starts from: the last bar held, which may be out of session.
    const info = (await engine.listSymbols()).find((s) => s.symbol === symbol);
    const start = await engine.getBars({ symbol, from: info?.last ?? 0, maxBars: 1 });
    const last = start.close.at(-1) ?? 0;
    const alerts = [-0.004, -0.002, 0, 0.002, 0.004].map(
      (offset, i): AlertSpec => ({
        ...levelAlert(symbol, 0, { id: `t${i}` }),
        shape: {
          kind: 'line',
          line: {
            kind: 'sloped',
            t1,
            p1: last * (1 + offset - 0.001),
            t2,
            p2: last * (1 + offset),
            since: t1,
            until: null,
          },
        },
        bars: chart,
      }),
    );
    await engine.setAlerts(alerts);
    feedClock.advance(1);
    for (let i = 0; i < 30; i++) advance(1000);
    for (const event of events) {
      if (event.channel !== 'live-bars') continue;
      const payload = event.payload as LiveBarsEvent;
      if (payload.subscriptionId === 'pane') for (const bar of payload.bars) times.add(bar.time);
    }
    const chartTimes = [...times].sort((a, b) => a - b);
    const shots = fired();
    expect(shots.length).toBeGreaterThan(0);
    for (const shot of shots) {
      const alert = alerts.find((a) => a.id === shot.id);
      const line =
        alert?.shape.kind === 'line' && alert.shape.line.kind === 'sloped' ? alert.shape.line : null;
      if (!line) throw new Error('no line');
      // Where the chart draws the line at the tick's time, with the bars it had then.
      const then = chartTimes.filter((t) => t <= shot.time);
      const x = (t: number) => timeToLogical(then, t) as number;
      const drawn = line.p1 + ((line.p2 - line.p1) * (x(shot.time) - x(t1))) / (x(t2) - x(t1));
      expect(shot.level).toBeCloseTo(drawn, 9);
      // In time the line would be elsewhere: nights count there. (How far depends on when the price
      // path crosses a line, 0.04 % of the price with SYN-100K's draws: far beyond the 1e-9 above.)
      const inTime = line.p1 + ((line.p2 - line.p1) * (shot.time - t1)) / (t2 - t1);
      expect(Math.abs(inTime - drawn)).toBeGreaterThan(last * 0.0001);
    }
  });

  it('refuses an alert list that is not one', async () => {
    const { engine } = setUp();
    const bad = await dispatchRequest(engine, { id: 1, method: 'setAlerts', args: [[{ id: 'x' }]] });
    expect(bad).toEqual({ id: 1, ok: false, error: { message: 'Invalid arguments for setAlerts' } });
    const badShape = levelAlert('X', 1, { shape: { kind: 'band' } as unknown as AlertSpec['shape'] });
    expect((await dispatchRequest(engine, { id: 2, method: 'setAlerts', args: [[badShape]] })).ok).toBe(
      false,
    );
  });
});
