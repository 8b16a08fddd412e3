// @ts-check
/**
 * The market-data feed of workload `feed-load` (issue 15): 1,000 trades a second across 20 symbols,
 * in Binance's trade-stream format, replayed by the project's own replay server
 * (scripts/feed/replay-server.mjs) on a fixed local port. The bench build configures the app with
 * this feed (bench/vite.config.ts) and bench/run.mjs serves it while the workload runs.
 */

import { mulberry32 } from '../scripts/feed/mulberry32.mjs';

export const LOAD_FEED_PORT = 46_731;
/** Where workload `history-fetch` finds the replay server's klines (its page's CSP names it). */
export const HISTORY_PORT = 46_732;
/** Where workload `clickhouse-first-view` finds its ClickHouse (HTTP; the native port is the next one). */
export const BENCH_HISTORY_PORT = 46_733;
/** The shipped sample recording (fixtures/feeds), whose replay serves that history. */
export const REPLAY_SAMPLE = 'fixtures/feeds/binance-sample.jsonl';
export const LOAD_FEED_RATE = 1000;
export const LOAD_FEED_SYMBOLS = Array.from(
  { length: 20 },
  (_, i) => `LOAD${String(i + 1).padStart(2, '0')}USDT`,
);

/** The feeds configuration the bench pages are built with (the app's `feeds.config.json` shape). */
export const LOAD_FEEDS_CONFIG = {
  feeds: [
    {
      id: 'load',
      label: 'Load',
      adapter: 'binance',
      url: `ws://127.0.0.1:${LOAD_FEED_PORT}/stream`,
      symbols: LOAD_FEED_SYMBOLS,
    },
  ],
  // The history source of workload `clickhouse-first-view` (a server bench/run.mjs starts for it; the
  // other workloads' pages find none there, and their engines list no symbol of it).
  sources: [
    {
      id: 'bench-history',
      label: 'Bench history',
      adapter: 'clickhouse',
      url: `http://127.0.0.1:${BENCH_HISTORY_PORT}`,
      database: 'market',
      user: 'workstation',
    },
  ],
};

/**
 * `seconds` of recording starting at `start` (UTC ms), trades evenly spaced at LOAD_FEED_RATE a
 * second, the symbols taking turns, each price a random walk of its own. Replayed with `loop`, the
 * server moves times and ids on, so the market goes on as long as the workload runs.
 * @param {{ start: number; seconds: number; seed?: number }} options
 * @returns {{ at: number; text: string }[]}
 */
export function loadFeedLines({ start, seconds, seed = 0x15_0ad }) {
  const random = mulberry32(seed);
  const prices = LOAD_FEED_SYMBOLS.map((_, i) => 50 + 10 * i);
  // Trade ids run per symbol, as an exchange's do: a skip is a gap the app reports.
  const ids = LOAD_FEED_SYMBOLS.map(() => 0);
  const lines = [];
  const count = Math.round(seconds * LOAD_FEED_RATE);
  for (let n = 0; n < count; n++) {
    const k = n % LOAD_FEED_SYMBOLS.length;
    const symbol = /** @type {string} */ (LOAD_FEED_SYMBOLS[k]);
    const price = (prices[k] ?? 1) * Math.exp(0.0005 * (random() - 0.5));
    prices[k] = price;
    const at = start + Math.floor((n * 1000) / LOAD_FEED_RATE);
    const id = (ids[k] ?? 0) + 1;
    ids[k] = id;
    const data = {
      e: 'trade',
      E: at,
      s: symbol,
      t: id,
      p: price.toFixed(4),
      q: (0.01 + random()).toFixed(5),
      T: at,
      m: random() < 0.5,
      M: true,
    };
    lines.push({ at, text: JSON.stringify({ stream: `${symbol.toLowerCase()}@trade`, data }) });
  }
  return lines;
}
