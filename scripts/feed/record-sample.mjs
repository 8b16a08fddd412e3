// @ts-check
/**
 * Writes fixtures/feeds/binance-sample.jsonl: a synthetic 20-minute recording of Binance spot's
 * public trade and 1m kline streams for BTCUSDT and ETHUSDT, in the combined-stream envelope, each
 * line one message with the time it was received. There is no internet here to record the real
 * thing, so a seeded random walk stands in for the market; the messages follow Binance's documented
 * payloads field for field, and the same seed always writes the same file.
 *
 *   node scripts/feed/record-sample.mjs [out-file]
 */

import { writeFileSync } from 'node:fs';
import { mulberry32 } from './mulberry32.mjs';

const START = Date.UTC(2025, 0, 6, 14, 30); // Monday 2025-01-06 14:30 UTC
const MINUTES = 20;
const SEED = 20_250_101;

const SYMBOLS = [
  { symbol: 'BTCUSDT', price: 94_000, tradesPerSecond: 1.2, firstId: 4_400_000_000, size: 0.02, digits: 2 },
  { symbol: 'ETHUSDT', price: 3_350, tradesPerSecond: 0.8, firstId: 2_000_000_000, size: 0.5, digits: 2 },
];

const random = mulberry32(SEED);
const normal = () => {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
};

/** Binance writes prices and quantities as decimal strings with 8 places. */
const decimal = (value, digits) =>
  value.toFixed(digits).padEnd(value.toFixed(digits).length + 8 - digits, '0');

/** @type {{ at: number; text: string }[]} */
const lines = [];
const end = START + MINUTES * 60_000;

for (const spec of SYMBOLS) {
  const stream = spec.symbol.toLowerCase();
  let price = spec.price;
  let id = spec.firstId;
  let time = START + Math.floor(random() * 500);
  /** @type {{ t: number; o: number; h: number; l: number; c: number; v: number; q: number; f: number; L: number; n: number } | null} */
  let kline = null;
  let nextKline = START + 2000;
  // One connection delivers in the order sent: a symbol's messages are received in order, each a
  // random 20-60 ms after it was sent but never before the one sent before it.
  let lastAt = 0;
  const receivedAt = (sent) => {
    lastAt = Math.max(lastAt, sent + 20 + Math.floor(random() * 40));
    return lastAt;
  };
  const emitKline = (at, closed) => {
    if (!kline) return;
    const k = kline;
    const eventTime = at;
    lines.push({
      at: receivedAt(eventTime),
      text: JSON.stringify({
        stream: `${stream}@kline_1m`,
        data: {
          e: 'kline',
          E: eventTime,
          s: spec.symbol,
          k: {
            t: k.t,
            T: k.t + 59_999,
            s: spec.symbol,
            i: '1m',
            f: k.f,
            L: k.L,
            o: decimal(k.o, spec.digits),
            c: decimal(k.c, spec.digits),
            h: decimal(k.h, spec.digits),
            l: decimal(k.l, spec.digits),
            v: k.v.toFixed(8),
            n: k.n,
            x: closed,
            q: k.q.toFixed(8),
            V: (k.v / 2).toFixed(8),
            Q: (k.q / 2).toFixed(8),
            B: '0',
          },
        },
      }),
    });
  };
  while (time < end) {
    // Klines are pushed every 2 s while the minute runs, and once more, closed, when it ends.
    const minute = Math.floor(time / 60_000) * 60_000;
    while (nextKline <= time) {
      if (kline && nextKline >= kline.t + 60_000) {
        emitKline(kline.t + 60_000, true);
        kline = null;
      }
      emitKline(nextKline, false);
      nextKline += 2000;
    }
    if (kline && kline.t !== minute) {
      emitKline(kline.t + 60_000, true);
      kline = null;
    }
    price = Math.max(0.01, price * Math.exp(0.0004 * normal()));
    const rounded = Number(price.toFixed(spec.digits));
    const quantity = Number((spec.size * (0.1 + 2 * random())).toFixed(5));
    id += 1;
    kline ??= { t: minute, o: rounded, h: rounded, l: rounded, c: rounded, v: 0, q: 0, f: id, L: id, n: 0 };
    kline.h = Math.max(kline.h, rounded);
    kline.l = Math.min(kline.l, rounded);
    kline.c = rounded;
    kline.v += quantity;
    kline.q += quantity * rounded;
    kline.L = id;
    kline.n += 1;
    const eventTime = time + 1 + Math.floor(random() * 4);
    lines.push({
      at: receivedAt(eventTime),
      text: JSON.stringify({
        stream: `${stream}@trade`,
        data: {
          e: 'trade',
          E: eventTime,
          s: spec.symbol,
          t: id,
          p: decimal(rounded, spec.digits),
          q: quantity.toFixed(8),
          T: time,
          m: random() < 0.5,
          M: true,
        },
      }),
    });
    // Exponential waits: trades arrive as a Poisson process at the symbol's rate.
    time += Math.max(1, Math.round((-Math.log(1 - random()) * 1000) / spec.tradesPerSecond));
  }
  emitKline(kline ? kline.t + 60_000 : end, true);
}

// Received in order: the file is sorted by receive time (ties keep their order).
lines.sort((a, b) => a.at - b.at);
const out = process.argv[2] ?? new URL('../../fixtures/feeds/binance-sample.jsonl', import.meta.url);
writeFileSync(out, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
console.log(`Wrote ${lines.length} messages over ${MINUTES} minutes to ${out}`);
