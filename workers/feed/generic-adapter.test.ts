import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { genericAdapter } from './generic-adapter';

const parse = (value: unknown) =>
  genericAdapter().parse(typeof value === 'string' ? value : JSON.stringify(value));

describe('genericAdapter (docs/feed-protocol.md)', () => {
  it('reads trades, with or without a sequence number', () => {
    expect(parse({ type: 'trade', symbol: 'ABC', id: 3, time: 1000, price: 10.5, size: 2 })).toEqual({
      ok: true,
      message: { kind: 'trade', symbol: 'ABC', id: 3, time: 1000, price: 10.5, size: 2 },
    });
    expect(parse({ type: 'trade', symbol: 'ABC', time: 1000, price: 10.5, size: 2 })).toMatchObject({
      message: { id: null },
    });
  });

  it('reads bars, forming or closed', () => {
    const bar = {
      type: 'bar',
      symbol: 'ABC',
      interval: '1m',
      time: 60_000,
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
      volume: 9,
    };
    expect(parse(bar)).toEqual({
      ok: true,
      message: {
        kind: 'bar',
        symbol: 'ABC',
        interval: '1m',
        time: 60_000,
        open: 1,
        high: 2,
        low: 0.5,
        close: 1.5,
        volume: 9,
        closed: false,
      },
    });
    expect(parse({ ...bar, closed: true })).toMatchObject({ message: { closed: true } });
  });

  it('reads acks, heartbeats and shutdowns, and counts an error message as a server error', () => {
    expect(parse({ type: 'subscribed', requestId: 4 })).toEqual({
      ok: true,
      message: { kind: 'ack', requestId: 4 },
    });
    expect(parse({ type: 'heartbeat', time: 5 })).toEqual({ ok: true, message: { kind: 'heartbeat' } });
    expect(parse({ type: 'shutdown' })).toEqual({ ok: true, message: { kind: 'shutdown' } });
    expect(parse({ type: 'error', message: 'no such symbol' })).toMatchObject({
      ok: false,
      error: { kind: 'server-error', detail: 'no such symbol' },
    });
  });

  it('names what is wrong with a bad message', () => {
    const kindOf = (value: unknown) => {
      const result = parse(value);
      return result.ok ? null : result.error.kind;
    };
    expect(kindOf('not json')).toBe('not-json');
    expect(kindOf({ type: 'quote' })).toBe('unknown-message');
    expect(kindOf({ type: 'trade', symbol: 'ABC', time: 1, price: '10', size: 1 })).toBe('invalid-trade');
    expect(kindOf({ type: 'trade', symbol: 'ABC', time: 1, price: -1, size: 1 })).toBe('invalid-trade');
    expect(
      kindOf({
        type: 'bar',
        symbol: 'A',
        interval: '1m',
        time: 0,
        open: 3,
        high: 2,
        low: 1,
        close: 1.5,
        volume: 0,
      }),
    ).toBe('invalid-bar');
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        expect(typeof genericAdapter().parse(text).ok).toBe('boolean');
      }),
    );
  });

  it('subscribes by symbol', () => {
    expect(JSON.parse(genericAdapter().subscribe(['ABC'], 1))).toEqual({
      type: 'subscribe',
      requestId: 1,
      symbols: ['ABC'],
    });
    expect(JSON.parse(genericAdapter().unsubscribe(['ABC'], 2))).toEqual({
      type: 'unsubscribe',
      requestId: 2,
      symbols: ['ABC'],
    });
  });

  it('a feed of bars says so, and of which interval, when it subscribes', () => {
    expect(JSON.parse(genericAdapter('bars', '1h').subscribe(['ABC'], 1))).toEqual({
      type: 'subscribe',
      requestId: 1,
      symbols: ['ABC'],
      streams: 'bars',
      interval: '1h',
    });
  });
});
