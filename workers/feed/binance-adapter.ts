/**
 * Binance spot's public market-data streams (no key): the `<symbol>@trade` and
 * `<symbol>@kline_<interval>` payloads as Binance documents them, raw or in the combined-stream
 * envelope `{"stream": ..., "data": ...}`, the `{"result": null, "id": n}` answer to SUBSCRIBE and
 * UNSUBSCRIBE, its error answers and the `serverShutdown` event. Prices and quantities arrive as
 * decimal strings; they are checked here and become numbers.
 *
 * A feed subscribes each symbol's trade stream (the default: the engine folds trades into bars of any
 * interval itself, and a trade's sequence number `t` tells a gap) or, with `"streams": "bars"`, its
 * kline stream of the feed's interval. Either payload is read whatever was subscribed.
 */
import * as v from 'valibot';
import type { FeedStreams } from '../../core/feed/feed-config';
import { checkBar } from './bar-check';
import { badMessage, type FeedAdapter, type ParseResult, parseJson } from './feed-messages';

const decimal = v.pipe(
  v.string(),
  v.regex(/^\d{1,20}(\.\d{1,20})?$/, 'a decimal string'),
  v.transform(Number),
);
const positive = v.pipe(decimal, v.gtValue(0));
const millis = v.pipe(v.number(), v.integer(), v.minValue(0));
const symbol = v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,32}$/, 'an upper-case symbol'));

const TradeSchema = v.object({
  e: v.literal('trade'),
  E: millis,
  s: symbol,
  t: v.pipe(v.number(), v.integer(), v.minValue(0)),
  p: positive,
  q: decimal,
  T: millis,
});

const KlineSchema = v.object({
  e: v.literal('kline'),
  E: millis,
  s: symbol,
  k: v.object({
    t: millis,
    T: millis,
    i: v.pipe(v.string(), v.regex(/^\d{1,3}[smhdwM]$/, 'a Binance interval')),
    o: positive,
    c: positive,
    h: positive,
    l: positive,
    v: decimal,
    x: v.boolean(),
  }),
});

const issueText = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.');
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`;
};

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A symbol's stream name, lower-case: `btcusdt@trade`, `btcusdt@kline_1m`. */
export function streamName(symbol: string, streams: FeedStreams, interval: string): string {
  const name = symbol.toLowerCase();
  return streams === 'bars' ? `${name}@kline_${interval}` : `${name}@trade`;
}

/** The adapter of a feed subscribed to `streams` (bars of `interval`); trades by default. */
export function binanceAdapter(streams: FeedStreams = 'trades', interval = '1m'): FeedAdapter {
  const names = (symbols: readonly string[]) => symbols.map((s) => streamName(s, streams, interval));
  return {
    parse: parseBinance,
    subscribe: (symbols, requestId) =>
      JSON.stringify({ method: 'SUBSCRIBE', params: names(symbols), id: requestId }),
    unsubscribe: (symbols, requestId) =>
      JSON.stringify({ method: 'UNSUBSCRIBE', params: names(symbols), id: requestId }),
  };
}

function parseBinance(text: string): ParseResult {
  const json = parseJson(text);
  if (!json.ok) return json;
  const outer = json.value;
  if (!isRecord(outer)) return badMessage('unknown-message', 'not an object');
  // Answers to our requests: `{"result": null, "id": 1}`; errors `{"code": 2, "msg": ...}` or
  // `{"error": {"code": .., "msg": ..}, "id": ..}`.
  if ('result' in outer && typeof outer.id === 'number')
    return { ok: true, message: { kind: 'ack', requestId: outer.id } };
  const error = isRecord(outer.error) ? outer.error : 'code' in outer && 'msg' in outer ? outer : null;
  if (error) return badMessage('server-error', `${String(error.code)}: ${String(error.msg)}`);
  const payload = 'stream' in outer && 'data' in outer ? outer.data : outer;
  if (!isRecord(payload)) return badMessage('unknown-message', 'the stream data is not an object');
  switch (payload.e) {
    case 'trade': {
      const parsed = v.safeParse(TradeSchema, payload);
      if (!parsed.success) return badMessage('invalid-trade', issueText(parsed.issues));
      const t = parsed.output;
      return {
        ok: true,
        message: { kind: 'trade', symbol: t.s, id: t.t, time: t.T, price: t.p, size: t.q },
      };
    }
    case 'kline': {
      const parsed = v.safeParse(KlineSchema, payload);
      if (!parsed.success) return badMessage('invalid-bar', issueText(parsed.issues));
      const { s, k } = parsed.output;
      const bar = { time: k.t, open: k.o, high: k.h, low: k.l, close: k.c, volume: k.v };
      const problem = checkBar(bar);
      if (problem) return badMessage('invalid-bar', problem);
      return { ok: true, message: { kind: 'bar', symbol: s, interval: k.i, closed: k.x, ...bar } };
    }
    case 'serverShutdown':
      return { ok: true, message: { kind: 'shutdown' } };
    default:
      return badMessage('unknown-message', `unknown event ${JSON.stringify(payload.e ?? null)}`);
  }
}
