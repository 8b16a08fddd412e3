/**
 * What a feed adapter makes of one raw message: a trade, a bar, a control message, or a named reason
 * why the message is bad. Adapters never throw: a bad message is counted by kind (the feed status
 * panel names them) and the connection goes on.
 */
import type { Bar } from '../../core/bars/bar-columns';
import type { BadMessageKind } from '../../core/feed/feed-status';

/** One trade, normalised. Times are UTC milliseconds, as exchanges send them. */
export interface FeedTrade {
  kind: 'trade';
  symbol: string;
  /** The exchange's sequence number for the symbol's trades, when it numbers them (gap detection). */
  id: number | null;
  time: number;
  price: number;
  size: number;
}

/** One bar as a feed sends it (a kline): `time` is its start in UTC milliseconds. */
export interface FeedBar extends Bar {
  kind: 'bar';
  symbol: string;
  /** Interval text as the feed names it (`1m`, `1h`). */
  interval: string;
  /** The bar is final (false while it is still forming). */
  closed: boolean;
}

export type FeedControl =
  /** The server confirmed a subscribe or unsubscribe request. */
  | { kind: 'ack'; requestId: number }
  /** A keep-alive: proves the connection is alive, carries no data. */
  | { kind: 'heartbeat' }
  /** The server says it will close soon: reconnect now rather than at its close. */
  | { kind: 'shutdown' };

export type FeedMessage = FeedTrade | FeedBar | FeedControl;

/** A named error for a bad message, returned (never thrown) by adapters. */
export interface BadFeedMessage {
  name: 'BadFeedMessage';
  kind: BadMessageKind;
  /** What was wrong, for the console and the panel's latest example. */
  detail: string;
}

export type ParseResult = { ok: true; message: FeedMessage } | { ok: false; error: BadFeedMessage };

export function badMessage(kind: BadMessageKind, detail: string): { ok: false; error: BadFeedMessage } {
  return { ok: false, error: { name: 'BadFeedMessage', kind, detail } };
}

/** Turns one feed's wire format into feed messages, and symbols into its subscription requests. */
export interface FeedAdapter {
  parse(text: string): ParseResult;
  subscribe(symbols: readonly string[], requestId: number): string;
  unsubscribe(symbols: readonly string[], requestId: number): string;
}

/** `JSON.parse` that returns a bad message instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: BadFeedMessage } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return badMessage('not-json', `not JSON: ${text.slice(0, 60)}`);
  }
}
