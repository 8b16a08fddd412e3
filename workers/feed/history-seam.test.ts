/**
 * Where a feed's history meets its live bars, whatever the order things happen in: history pages
 * answered late, after live bars formed, while the socket drops and reconnects, with earlier pages
 * asked for meanwhile. Whatever the interleaving, the series holds each minute once, the history's
 * minutes all before the first live one with none missing, and the live minutes as the trades made them.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FixtureName } from '../engine';
import { binanceTrade } from './fake-feed';
import { feedEngineRig, RIG_START } from './feed-engine-rig';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const MINUTE = 60_000;
const T0 = RIG_START;
/** The history service holds every minute from here to the live start. */
const HISTORY_FROM = T0 - 12_000 * MINUTE;

/** A Binance whose answers wait until the test lets them go, in whatever order it likes. */
function heldBinance() {
  const held: { url: URL; release: () => void }[] = [];
  const fetchFn = ((input: RequestInfo | URL) =>
    new Promise<Response>((resolve) => {
      const url = new URL(String(input));
      held.push({
        url,
        release: () => {
          const endTime = Number(url.searchParams.get('endTime'));
          const rows = [];
          for (
            let t = Math.floor(endTime / MINUTE) * MINUTE;
            t >= HISTORY_FROM && rows.length < 1000;
            t -= MINUTE
          ) {
            const price = (90_000 + (t - HISTORY_FROM) / MINUTE).toFixed(2);
            rows.unshift([t, price, price, price, price, '1.5', t + MINUTE - 1, '0', 1, '0', '0', '0']);
          }
          resolve(Response.json(rows));
        },
      });
    })) as typeof fetch;
  return { fetchFn, held };
}

type Step =
  | { kind: 'trade'; gapSeconds: number }
  | { kind: 'release' }
  | { kind: 'drop' }
  | { kind: 'earlier' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('trade' as const), gapSeconds: fc.integer({ min: 1, max: 150 }) }),
  fc.constant<Step>({ kind: 'release' }),
  fc.constant<Step>({ kind: 'drop' }),
  fc.constant<Step>({ kind: 'earlier' }),
);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a feed’s history and its live bars', () => {
  it('meet with every minute once, whatever answers late, drops or is asked for meanwhile', {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { fetchFn, held } = heldBinance();
        const feed = { id: 'replay', label: 'Replay', adapter: 'binance', url: 'ws://127.0.0.1:6273/stream' };
        const { engine, net, feedClock } = feedEngineRig(
          [{ ...feed, history: 'http://127.0.0.1:6273', symbols: ['BTCUSDT'], staleAfterMs: 5000 }],
          readFixture,
          fetchFn,
        );
        await engine.ready();
        // What the trades make, minute by minute: [time, open, high, low, close, volume].
        const minutes = new Map<number, number[]>();
        let id = 1;
        let time = T0 + 1000;
        const trade = (price: number) => {
          net.latest().message(binanceTrade('BTCUSDT', id++, time, price));
          const minute = Math.floor(time / MINUTE) * 60;
          const bar = minutes.get(minute);
          if (!bar) minutes.set(minute, [minute, price, price, price, price, 1]);
          else {
            bar[2] = Math.max(bar[2] as number, price);
            bar[3] = Math.min(bar[3] as number, price);
            bar[4] = price;
            bar[5] = (bar[5] as number) + 1;
          }
        };
        // Followed live, as a chart does: the symbol stays subscribed across reconnects.
        await engine.subscribeLive({ symbol: 'BTCUSDT', subscriptionId: 'pane-1' });
        await settle();
        net.latest().accept();
        trade(94_000);
        const asks: Promise<unknown>[] = [];
        for (const [index, s] of steps.entries()) {
          if (s.kind === 'trade') {
            time += s.gapSeconds * 1000;
            trade(94_000 + (index % 7) * 10);
          } else if (s.kind === 'release') {
            held.shift()?.release();
          } else if (s.kind === 'drop') {
            net.latest().drop();
            // Back after its backoff (at most 30 s), subscribed again.
            feedClock.advance(60_000);
            net.latest().accept();
          } else {
            asks.push(engine.loadEarlier('BTCUSDT'));
          }
          await settle();
        }
        // Then a chart asks for the series, and everything is answered: it is made from the history
        // that came, in whatever order, and every live bar so far.
        const answered = async <T>(promise: Promise<T>): Promise<T> => {
          let done = false;
          void promise.then(() => {
            done = true;
          });
          while (!done) {
            held.shift()?.release();
            await settle();
          }
          return promise;
        };
        await answered(Promise.all(asks));
        const bars = await answered(engine.getBars({ symbol: 'BTCUSDT', maxBars: 100_000 }));
        const times = Array.from(bars.time);
        // Each minute once, in order.
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
        const live = T0 / 1000;
        const history = times.filter((t) => t < live);
        // The history: whole minutes up to the live start, none missing.
        expect(history.length).toBeGreaterThanOrEqual(5000);
        expect(history).toEqual(history.map((_t, i) => live - (history.length - i) * 60));
        // The live bars: exactly what the trades made.
        const liveBars = times
          .map((t, i) => [t, bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]])
          .filter(([t]) => (t as number) >= live);
        expect(liveBars).toEqual([...minutes.values()]);
      }),
      { numRuns: 25 },
    );
  });
});
