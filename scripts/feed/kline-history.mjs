// @ts-check
/**
 * The replay server's history: Binance spot's `GET /api/v3/klines` answered from what the replay has
 * played so far (its trades folded into one-minute klines, as Binance's own klines are made from its
 * trades), and before the recording's first trade from a seeded synthetic past, so a chart opened on
 * the replay finds months of bars behind the live ones, offline.
 *
 * The answer is Binance's, field for field
 * (<https://developers.binance.com/docs/binance-spot-api-docs/rest-api/market-data-endpoints>): rows of
 * `[openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBuyBase,
 * takerBuyQuote, "0"]`, prices and quantities as decimal strings; at most `limit` rows (default 500,
 * at most 1000); from `startTime` when given, else the latest ones up to `endTime` (or now); the
 * minute in progress included, unfinished. Its errors are Binance's: HTTP 400 with `{code, msg}`, and
 * its request-weight limit: over it, HTTP 429 with `Retry-After`; asking again before that time, HTTP
 * 418 (Binance bans an IP that ignores a 429).
 */
import { mulberry32 } from './mulberry32.mjs';

const MINUTE = 60_000;
/** Binance's intervals this server makes from minutes (each divides a day: aligned from 1970). */
const INTERVAL_MS = new Map([
  ['1m', MINUTE],
  ['3m', 3 * MINUTE],
  ['5m', 5 * MINUTE],
  ['15m', 15 * MINUTE],
  ['30m', 30 * MINUTE],
  ['1h', 60 * MINUTE],
  ['2h', 120 * MINUTE],
  ['4h', 240 * MINUTE],
  ['6h', 360 * MINUTE],
  ['8h', 480 * MINUTE],
  ['12h', 720 * MINUTE],
  ['1d', 1440 * MINUTE],
]);
/** What one klines request costs against the weight limit (Binance: 2 up to 1000 rows). */
export const KLINES_WEIGHT = 2;
/** Binance's request-weight limit a minute. */
export const DEFAULT_WEIGHT_PER_MINUTE = 6000;
/** What the synthetic past trades a minute, in the quote currency (the same past whenever asked). */
const PAST_NOTIONAL = 50_000;
/** How far back the synthetic past reaches before a symbol's first recorded trade. */
export const DEFAULT_HISTORY_DAYS = 90;

/**
 * @typedef {{ open: number; high: number; low: number; close: number; volume: number; quote: number;
 *   trades: number; takerBase: number; takerQuote: number }} Minute
 * @typedef {{ status: number; headers: Record<string, string>; body: unknown }} Answer
 */

/** A seed from a symbol's name, so each symbol has its own past and the same one every run. */
function seedOf(/** @type {string} */ symbol) {
  let h = 2166136261;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * `minutes` one-minute klines ending just before `endOpen`, a random walk whose last close is
 * `lastClose` (so the past runs into the recording without a jump). Volatility is about 0.05 % a
 * minute; volumes and trade counts are log-normal around `volumeScale`. Prices and volumes keep the
 * symbol's steps (decimals of its recorded prices and quantities), as an exchange's klines do.
 * @param {string} symbol @param {number} endOpen @param {number} lastClose @param {number} minutes
 * @param {number} volumeScale @param {{ price: number; quantity: number }} [steps]
 */
export function syntheticPast(
  symbol,
  endOpen,
  lastClose,
  minutes,
  volumeScale,
  steps = { price: 2, quantity: 5 },
) {
  const price = (/** @type {number} */ value) => Number(value.toFixed(steps.price));
  const quantity = (/** @type {number} */ value) =>
    Math.max(10 ** -steps.quantity, Number(value.toFixed(steps.quantity)));
  const random = mulberry32(seedOf(symbol));
  const normal = () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const open = new Float64Array(minutes);
  const high = new Float64Array(minutes);
  const low = new Float64Array(minutes);
  const close = new Float64Array(minutes);
  const volume = new Float64Array(minutes);
  const trades = new Float64Array(minutes);
  // Walked backwards from the recording: each minute's close is the next minute's open.
  let next = lastClose;
  for (let i = minutes - 1; i >= 0; i--) {
    const c = next;
    const o = price(c * Math.exp(-0.0005 * normal()));
    const wick = () => Math.abs(normal()) * 0.0002 * c;
    open[i] = o;
    close[i] = c;
    high[i] = price(Math.max(o, c) + wick());
    low[i] = price(Math.min(o, c) - wick());
    volume[i] = quantity(volumeScale * Math.exp(0.5 * normal()));
    trades[i] = Math.max(1, Math.round(60 * Math.exp(0.5 * normal())));
    next = o;
  }
  return { start: endOpen - minutes * MINUTE, open, high, low, close, volume, trades };
}

/** Decimals a decimal string is written with, trailing zeros left out (`"0.76753000"`: 5). */
export function decimalsOf(/** @type {string} */ text) {
  const fraction = text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** A decimal string as Binance writes prices and quantities (8 places). */
const decimal = (/** @type {number} */ value) => value.toFixed(8);

/** Binance's error answer. */
const refused = (/** @type {number} */ code, /** @type {string} */ msg) => ({
  status: 400,
  headers: {},
  body: { code, msg },
});

/**
 * The klines of every symbol the replay plays: `played` folds each message as the replay reaches
 * it; `answer` answers a klines request.
 * @param {{ historyDays?: number; weightPerMinute?: number; now?: () => number }} [options]
 */
export function createKlineHistory(options = {}) {
  const historyMinutes = Math.round((options.historyDays ?? DEFAULT_HISTORY_DAYS) * 1440);
  const weightPerMinute = options.weightPerMinute ?? DEFAULT_WEIGHT_PER_MINUTE;
  const now = options.now ?? Date.now;
  /** Played minutes per symbol, by open time, in time order. @type {Map<string, Map<number, Minute>>} */
  const playedBySymbol = new Map();
  /** Symbols whose trades are played (their klines, if recorded too, are not needed). */
  const withTrades = new Set();
  /** The first price and minute each symbol was played at, and the latest time played. */
  const firsts = new Map();
  let playedUntil = Number.NEGATIVE_INFINITY;
  let anyPlayed = false;
  /** @type {Map<string, ReturnType<typeof syntheticPast>>} */
  const pasts = new Map();
  // The weight limit: a window of one clock minute, and when a client told to wait may ask again.
  let window = { minute: -1, used: 0 };
  let bannedUntil = 0;
  let retryAt = 0;

  /**
   * A symbol the replay will play, from its first message: its past ends there, at that price.
   * Until the replay plays anything, its now is just before that message. `trades`: its trades are
   * played (its klines, if recorded too, hold the same trades and are not folded).
   * `steps`: the decimals of its prices and quantities, which its past keeps.
   * @param {string} symbol @param {number} time @param {number} price @param {boolean} [trades]
   * @param {{ price: number; quantity: number }} [steps]
   */
  function known(symbol, time, price, trades = false, steps = { price: 2, quantity: 5 }) {
    if (trades) withTrades.add(symbol);
    if (firsts.has(symbol)) return;
    firsts.set(symbol, { openTime: Math.floor(time / MINUTE) * MINUTE, price, steps });
    playedBySymbol.set(symbol, new Map());
    if (!anyPlayed) playedUntil = Number.isFinite(playedUntil) ? Math.min(playedUntil, time - 1) : time - 1;
  }

  /** @param {string} symbol @param {number} openTime @param {number} price */
  const minuteOf = (symbol, openTime, price) => {
    known(symbol, openTime, price);
    let played = playedBySymbol.get(symbol);
    if (!played) {
      played = new Map();
      playedBySymbol.set(symbol, played);
    }
    let minute = played.get(openTime);
    if (!minute) {
      minute = {
        open: price,
        high: price,
        low: price,
        close: price,
        volume: 0,
        quote: 0,
        trades: 0,
        takerBase: 0,
        takerQuote: 0,
      };
      played.set(openTime, minute);
    }
    return minute;
  };

  /** @param {any} data a played message's payload (a trade or a kline) */
  function played(data) {
    if (!data || typeof data !== 'object' || typeof data.s !== 'string') return;
    if (data.e === 'trade') {
      const price = Number(data.p);
      const quantity = Number(data.q);
      if (!(price > 0) || !(quantity >= 0) || !Number.isFinite(data.T)) return;
      withTrades.add(data.s);
      anyPlayed = true;
      const minute = minuteOf(data.s, Math.floor(data.T / MINUTE) * MINUTE, price);
      minute.high = Math.max(minute.high, price);
      minute.low = Math.min(minute.low, price);
      minute.close = price;
      minute.volume += quantity;
      minute.quote += price * quantity;
      minute.trades += 1;
      // `m`: the buyer was the maker, so the taker sold.
      if (data.m === false) {
        minute.takerBase += quantity;
        minute.takerQuote += price * quantity;
      }
      playedUntil = Math.max(playedUntil, data.T);
    } else if (data.e === 'kline' && data.k?.i === '1m' && !withTrades.has(data.s)) {
      const k = data.k;
      anyPlayed = true;
      const minute = minuteOf(data.s, k.t, Number(k.o));
      Object.assign(minute, {
        open: Number(k.o),
        high: Number(k.h),
        low: Number(k.l),
        close: Number(k.c),
        volume: Number(k.v),
        quote: Number(k.q ?? 0),
        trades: Number(k.n ?? 0),
        takerBase: Number(k.V ?? 0),
        takerQuote: Number(k.Q ?? 0),
      });
      playedUntil = Math.max(playedUntil, data.E ?? k.t);
    }
  }

  /** A symbol's synthetic past, made on first use. @param {string} symbol */
  function pastOf(symbol) {
    let past = pasts.get(symbol);
    if (!past) {
      const first = firsts.get(symbol);
      past = syntheticPast(
        symbol,
        first.openTime,
        first.price,
        historyMinutes,
        PAST_NOTIONAL / first.price,
        first.steps,
      );
      pasts.set(symbol, past);
    }
    return past;
  }

  /**
   * The symbol's one-minute klines with open times in [from, to], in time order.
   * @param {string} symbol @param {number} from @param {number} to
   * @returns {{ openTime: number; minute: Minute }[]}
   */
  function minutesIn(symbol, from, to) {
    const out = [];
    const past = pastOf(symbol);
    const first = Math.max(0, Math.ceil((from - past.start) / MINUTE));
    const last = Math.min(past.open.length - 1, Math.floor((to - past.start) / MINUTE));
    for (let i = first; i <= last; i++) {
      const volume = /** @type {number} */ (past.volume[i]);
      const close = /** @type {number} */ (past.close[i]);
      out.push({
        openTime: past.start + i * MINUTE,
        minute: {
          open: /** @type {number} */ (past.open[i]),
          high: /** @type {number} */ (past.high[i]),
          low: /** @type {number} */ (past.low[i]),
          close,
          volume,
          quote: volume * close,
          trades: /** @type {number} */ (past.trades[i]),
          takerBase: volume / 2,
          takerQuote: (volume * close) / 2,
        },
      });
    }
    for (const [openTime, minute] of playedBySymbol.get(symbol) ?? []) {
      if (openTime >= from && openTime <= to) out.push({ openTime, minute });
    }
    return out;
  }

  /** The weight limit: null when the request may go on, else the 429 or 418 to send. */
  function limited() {
    const at = now();
    if (at < bannedUntil || (retryAt > 0 && at < retryAt)) {
      // Asked again while told to wait: banned, as Binance does, for twice as long.
      bannedUntil = Math.max(bannedUntil, at + 2 * MINUTE);
      const seconds = Math.ceil((bannedUntil - at) / 1000);
      return {
        status: 418,
        headers: { 'Retry-After': String(seconds) },
        body: { code: -1003, msg: `Way too many requests; IP banned until ${bannedUntil}.` },
      };
    }
    const minute = Math.floor(at / MINUTE);
    if (window.minute !== minute) window = { minute, used: 0 };
    if (window.used + KLINES_WEIGHT > weightPerMinute) {
      retryAt = (minute + 1) * MINUTE;
      return {
        status: 429,
        headers: { 'Retry-After': String(Math.ceil((retryAt - at) / 1000)) },
        body: {
          code: -1003,
          msg: 'Too much request weight used; please use WebSocket Streams for live updates.',
        },
      };
    }
    retryAt = 0;
    window.used += KLINES_WEIGHT;
    return null;
  }

  /**
   * Answers `GET /api/v3/klines` with these query parameters.
   * @param {URLSearchParams} query
   * @returns {Answer}
   */
  function answer(query) {
    const stop = limited();
    if (stop) return stop;
    const headers = { 'X-MBX-USED-WEIGHT-1M': String(window.used) };
    const symbol = query.get('symbol') ?? '';
    if (!symbol)
      return refused(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.");
    if (!playedBySymbol.has(symbol)) return refused(-1121, 'Invalid symbol.');
    const intervalText = query.get('interval') ?? '';
    const size = INTERVAL_MS.get(intervalText);
    if (!size) return refused(-1120, 'Invalid interval.');
    const numberParam = (/** @type {string} */ name) => {
      const text = query.get(name);
      if (text === null) return undefined;
      return /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    };
    const limit = numberParam('limit') ?? 500;
    if (!(limit >= 1 && limit <= 1000))
      return refused(-1130, "Data sent for parameter 'limit' is not valid.");
    const startTime = numberParam('startTime');
    const endTime = numberParam('endTime');
    if (Number.isNaN(startTime) || Number.isNaN(endTime))
      return refused(-1100, "Illegal characters found in parameter 'startTime' or 'endTime'.");
    if (startTime !== undefined && endTime !== undefined && startTime > endTime)
      return refused(-1023, 'Start time is greater than end time.');
    // Nothing after what the replay has played: its "now".
    const latest = Math.min(endTime ?? Number.POSITIVE_INFINITY, playedUntil);
    const from =
      startTime !== undefined
        ? Math.ceil(startTime / size) * size
        : Math.floor(latest / size) * size - (limit - 1) * size;
    const to = Math.min(latest, from + limit * size - 1);
    /** @type {Map<number, Minute>} */
    const buckets = new Map();
    for (const { openTime, minute } of minutesIn(symbol, from, to)) {
      const start = Math.floor(openTime / size) * size;
      const bucket = buckets.get(start);
      if (!bucket) buckets.set(start, { ...minute });
      else {
        bucket.high = Math.max(bucket.high, minute.high);
        bucket.low = Math.min(bucket.low, minute.low);
        bucket.close = minute.close;
        bucket.volume += minute.volume;
        bucket.quote += minute.quote;
        bucket.trades += minute.trades;
        bucket.takerBase += minute.takerBase;
        bucket.takerQuote += minute.takerQuote;
      }
    }
    const rows = [...buckets]
      .sort((a, b) => a[0] - b[0])
      .slice(-limit)
      .map(([openTime, k]) => [
        openTime,
        decimal(k.open),
        decimal(k.high),
        decimal(k.low),
        decimal(k.close),
        decimal(k.volume),
        openTime + size - 1,
        decimal(k.quote),
        k.trades,
        decimal(k.takerBase),
        decimal(k.takerQuote),
        '0',
      ]);
    return { status: 200, headers, body: rows };
  }

  /**
   * Answers our generic protocol's `GET /v1/history` (docs/feed-protocol.md) from the same minutes:
   * `symbol`, `interval`, `endTime` (inclusive) and `limit` as the klines take them, rows of
   * `[time, open, high, low, close, volume]` numbers, and `more` (a full page: there may be more
   * before it). Errors say why in `message`; the weight limit is the klines'.
   * @param {URLSearchParams} query
   * @returns {Answer}
   */
  function answerHistory(query) {
    const klines = answer(query);
    if (klines.status !== 200 || !Array.isArray(klines.body)) {
      const body = /** @type {{ msg?: string }} */ (klines.body);
      return { ...klines, body: { type: 'error', message: body?.msg ?? 'refused' } };
    }
    const limit = Number(query.get('limit') ?? 500);
    const rows = /** @type {Array<Array<number | string>>} */ (klines.body);
    return {
      ...klines,
      body: {
        type: 'history',
        symbol: query.get('symbol'),
        interval: query.get('interval'),
        bars: rows.map((row) => row.slice(0, 6).map(Number)),
        more: rows.length >= limit,
      },
    };
  }

  return { known, played, answer, answerHistory };
}
