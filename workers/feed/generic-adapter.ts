/**
 * Our own feed protocol (docs/feed-protocol.md): JSON text messages of trades and bars with numbers
 * as numbers, for a feed we or a user run (a bridge from a broker API, a test server). Checked with
 * valibot at the edge; what passes is trusted inside.
 */
import * as v from 'valibot';
import type { FeedStreams } from '../../core/feed/feed-config';
import { type BarLike, checkBar } from './bar-check';
import { badMessage, type FeedAdapter, type ParseResult, parseJson } from './feed-messages';

const price = v.pipe(v.number(), v.finite(), v.gtValue(0));
const time = v.pipe(v.number(), v.integer(), v.minValue(0));

const TradeSchema = v.object({
  type: v.literal('trade'),
  symbol: v.pipe(v.string(), v.minLength(1)),
  id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  time,
  price,
  size: v.pipe(v.number(), v.finite(), v.minValue(0)),
});

const BarSchema = v.object({
  type: v.literal('bar'),
  symbol: v.pipe(v.string(), v.minLength(1)),
  interval: v.pipe(v.string(), v.minLength(1)),
  time,
  open: price,
  high: price,
  low: price,
  close: price,
  volume: v.pipe(v.number(), v.finite(), v.minValue(0)),
  closed: v.optional(v.boolean(), false),
});

const AckSchema = v.object({
  type: v.picklist(['subscribed', 'unsubscribed']),
  requestId: v.pipe(v.number(), v.integer()),
});

const issueText = (issues: readonly v.BaseIssue<unknown>[]): string => {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join('.');
  return `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`;
};

/**
 * The adapter of a feed subscribed to `streams`: trades by default (the subscribe message as it always
 * was), or bars of `interval` (the message then says `"streams": "bars", "interval": ...`).
 */
export function genericAdapter(streams: FeedStreams = 'trades', interval = '1m'): FeedAdapter {
  const request = (type: 'subscribe' | 'unsubscribe', symbols: readonly string[], requestId: number) =>
    JSON.stringify(
      streams === 'bars' ? { type, requestId, symbols, streams, interval } : { type, requestId, symbols },
    );
  return {
    parse: parseGeneric,
    subscribe: (symbols, requestId) => request('subscribe', symbols, requestId),
    unsubscribe: (symbols, requestId) => request('unsubscribe', symbols, requestId),
  };
}

function parseGeneric(text: string): ParseResult {
  const json = parseJson(text);
  if (!json.ok) return json;
  const value = json.value;
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  switch (type) {
    case 'trade': {
      const parsed = v.safeParse(TradeSchema, value);
      if (!parsed.success) return badMessage('invalid-trade', issueText(parsed.issues));
      const { symbol, id, time, price, size } = parsed.output;
      return { ok: true, message: { kind: 'trade', symbol, id: id ?? null, time, price, size } };
    }
    case 'bar': {
      const parsed = v.safeParse(BarSchema, value);
      if (!parsed.success) return badMessage('invalid-bar', issueText(parsed.issues));
      const { type: _type, ...bar } = parsed.output;
      return barMessage(bar);
    }
    case 'subscribed':
    case 'unsubscribed': {
      const parsed = v.safeParse(AckSchema, value);
      if (!parsed.success) return badMessage('unknown-message', issueText(parsed.issues));
      return { ok: true, message: { kind: 'ack', requestId: parsed.output.requestId } };
    }
    case 'heartbeat':
      return { ok: true, message: { kind: 'heartbeat' } };
    case 'shutdown':
      return { ok: true, message: { kind: 'shutdown' } };
    case 'error': {
      const message = (value as { message?: unknown }).message;
      return badMessage('server-error', typeof message === 'string' ? message : 'error without a message');
    }
    default:
      return badMessage('unknown-message', `unknown type ${JSON.stringify(type ?? null)}`);
  }
}

function barMessage(bar: BarLike & { symbol: string; interval: string; closed: boolean }): ParseResult {
  const problem = checkBar(bar);
  if (problem) return badMessage('invalid-bar', problem);
  return { ok: true, message: { kind: 'bar', ...bar } };
}
