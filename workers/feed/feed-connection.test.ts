import { describe, expect, it } from 'vitest';
import type { BackoffPolicy } from './backoff';
import { binanceAdapter } from './binance-adapter';
import { binanceTrade, FakeClock, fakeSockets } from './fake-feed';
import { type ConnectionStatus, DROP_AFTER_STALE_PERIODS, FeedConnection } from './feed-connection';
import type { BadFeedMessage, FeedMessage } from './feed-messages';

const BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 8000, factor: 2 };

/** `refuse` decides which parsed messages the feed refuses (as out of order), as the engine would. */
function setUp(random = () => 0.5, refuse: (m: FeedMessage) => boolean = () => false) {
  const clock = new FakeClock();
  const net = fakeSockets();
  const messages: FeedMessage[] = [];
  const bad: BadFeedMessage[] = [];
  const states: ConnectionStatus['state'][] = [];
  const opens: boolean[] = [];
  const connection = new FeedConnection({
    url: 'ws://127.0.0.1:6273/stream',
    adapter: binanceAdapter(),
    open: net.open,
    timers: clock,
    random,
    backoff: BACKOFF,
    staleAfterMs: 4000,
    onMessage: (m) => {
      if (refuse(m)) return false;
      messages.push(m);
      return true;
    },
    onBadMessage: (e) => bad.push(e),
    onStatus: (s) => {
      if (states[states.length - 1] !== s.state) states.push(s.state);
    },
    onOpen: (reconnect) => opens.push(reconnect),
  });
  return { clock, net, messages, bad, states, opens, connection };
}

const sentOf = (sent: string[]) =>
  sent.map((text) => JSON.parse(text) as { method: string; params: string[] });

describe('FeedConnection', () => {
  it('opens when a symbol is wanted, subscribes once open, and closes when none is', () => {
    const { net, connection, states, messages } = setUp();
    expect(net.sockets).toHaveLength(0);
    connection.setSymbols(['BTCUSDT']);
    expect(net.latest().url).toBe('ws://127.0.0.1:6273/stream');
    net.latest().accept();
    connection.setSymbols(['BTCUSDT', 'ETHUSDT']);
    connection.setSymbols(['ETHUSDT']);
    expect(sentOf(net.latest().sent)).toEqual([
      { method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 },
      { method: 'SUBSCRIBE', params: ['ethusdt@trade'], id: 2 },
      { method: 'UNSUBSCRIBE', params: ['btcusdt@trade'], id: 3 },
    ]);
    net.latest().message(binanceTrade('ETHUSDT', 1, 1000, 3000));
    expect(messages).toHaveLength(1);
    connection.setSymbols([]);
    expect(net.latest().closed).toBe(true);
    expect(states).toEqual(['connecting', 'connected', 'idle']);
  });

  it('tells the symbols that sent nothing for a while, counted from their subscription, while connected', () => {
    const { clock, net, connection } = setUp();
    connection.setSymbols(['BTCUSDT', 'ETHUSDT']);
    net.latest().accept();
    expect(connection.staleSymbols(3000, true)).toEqual([]);
    clock.advance(1000);
    net.latest().message(binanceTrade('ETHUSDT', 1, 1000, 3000));
    clock.advance(2500);
    // BTCUSDT: nothing since it was subscribed 3.5 s ago; ETHUSDT: its trade 2.5 s ago.
    expect(connection.staleSymbols(3000, true)).toEqual([
      { symbol: 'BTCUSDT', lastAt: null, refused: false },
    ]);
    // On a feed of trades, silence is a quiet market, not a stale symbol.
    expect(connection.staleSymbols(3000, false)).toEqual([]);
    const heardAt = clock.now();
    net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 94_000));
    clock.advance(600);
    expect(connection.staleSymbols(3000, true)).toEqual([
      { symbol: 'ETHUSDT', lastAt: heardAt - 2500, refused: false },
    ]);
    // A symbol let go of is not watched; a new socket starts every symbol afresh.
    connection.setSymbols(['BTCUSDT']);
    expect(connection.staleSymbols(3000, true)).toEqual([]);
    clock.advance(3000);
    expect(connection.staleSymbols(3000, true)).toEqual([
      { symbol: 'BTCUSDT', lastAt: heardAt, refused: false },
    ]);
    net.latest().drop();
    expect(connection.staleSymbols(0, true)).toEqual([]);
    clock.advance(1000);
    net.latest().accept();
    expect(connection.staleSymbols(3000, true)).toEqual([]);
  });

  it('reconnects with growing, jittered waits and subscribes again once back', () => {
    const { clock, net, connection, states, opens } = setUp(() => 0);
    connection.setSymbols(['BTCUSDT']);
    net.latest().accept();
    net.latest().drop();
    expect(connection.status()).toMatchObject({ state: 'reconnecting', attempt: 1 });
    // Attempt 0 waits between 500 and 1000 ms (random 0: the least, 500).
    expect(connection.status().retryAt).toBe(clock.now() + 500);
    clock.advance(499);
    expect(net.sockets).toHaveLength(1);
    clock.advance(1);
    expect(net.sockets).toHaveLength(2);
    net.latest().drop(); // refused: the server is still down
    clock.advance(999);
    expect(net.sockets).toHaveLength(2);
    clock.advance(1);
    expect(net.sockets).toHaveLength(3);
    net.latest().drop();
    clock.advance(2000);
    expect(net.sockets).toHaveLength(4);
    net.latest().accept();
    expect(sentOf(net.latest().sent)).toEqual([{ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 2 }]);
    expect(connection.status()).toMatchObject({ state: 'connected', attempt: 0, reconnects: 1 });
    expect(opens).toEqual([false, true]);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('counts every message it receives, refused ones too, over reconnects', () => {
    const { clock, net, connection, messages, bad } = setUp(() => 0);
    connection.setSymbols(['BTCUSDT']);
    net.latest().accept();
    expect(connection.status().messages).toBe(0);
    net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 100));
    net.latest().message('not json');
    net.latest().drop();
    clock.advance(500);
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 2, 2000, 101));
    expect({ taken: messages.length, refused: bad.length }).toEqual({ taken: 2, refused: 1 });
    expect(connection.status().messages).toBe(3);
  });

  it('goes stale after staleAfterMs of silence, back on a message, and drops a silent socket', () => {
    const { clock, net, connection } = setUp();
    connection.setSymbols(['BTCUSDT']);
    net.latest().accept();
    clock.advance(3000);
    expect(connection.status().state).toBe('connected');
    clock.advance(1000);
    expect(connection.status().state).toBe('stale');
    net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 100));
    expect(connection.status().state).toBe('connected');
    const first = net.latest();
    clock.advance(4000 * DROP_AFTER_STALE_PERIODS);
    expect(first.closed).toBe(true);
    expect(connection.status().state).toBe('reconnecting');
  });

  it('judges staleness on data taken: a socket whose messages are all refused goes stale, and is kept', () => {
    let refusing = false;
    const { clock, net, connection } = setUp(undefined, () => refusing);
    connection.setSymbols(['BTCUSDT']);
    net.latest().accept();
    net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 100));
    const takenAt = clock.now();
    refusing = true;
    // A refused trade every half second for 12 s: busy, never current.
    for (let i = 0; i < 24; i++) {
      clock.advance(500);
      net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 100));
    }
    expect(connection.status()).toMatchObject({ state: 'stale', lastDataAt: takenAt, messages: 25 });
    // Not silent, so not dropped: the server is there, its data is what is wrong.
    expect(net.latest().closed).toBe(false);
    expect(connection.staleSymbols(4000, false)).toEqual([
      { symbol: 'BTCUSDT', lastAt: takenAt, refused: true },
    ]);
    // A trade taken: current again.
    refusing = false;
    net.latest().message(binanceTrade('BTCUSDT', 2, 2000, 100));
    expect(connection.status().state).toBe('connected');
    expect(connection.staleSymbols(4000, false)).toEqual([]);
  });

  it("a symbol whose trades are refused while another's are taken is stale alone", () => {
    const { clock, net, connection } = setUp(undefined, (m) => m.kind === 'trade' && m.symbol === 'ETHUSDT');
    connection.setSymbols(['BTCUSDT', 'ETHUSDT']);
    net.latest().accept();
    for (let i = 1; i <= 10; i++) {
      clock.advance(500);
      net.latest().message(binanceTrade('BTCUSDT', i, 1000 * i, 100));
      net.latest().message(binanceTrade('ETHUSDT', i, 1000 * i, 100));
    }
    expect(connection.status().state).toBe('connected');
    expect(connection.staleSymbols(4000, false)).toEqual([
      { symbol: 'ETHUSDT', lastAt: null, refused: true },
    ]);
  });

  it('counts bad messages and goes on; reconnects at once on a shutdown notice', () => {
    const { net, connection, bad, messages } = setUp();
    connection.setSymbols(['BTCUSDT']);
    net.latest().accept();
    net.latest().message('{oops');
    net.latest().onmessage?.({ data: new ArrayBuffer(4) });
    net.latest().message(binanceTrade('BTCUSDT', 1, 1000, 100));
    expect(bad.map((b) => b.kind)).toEqual(['not-json', 'not-json']);
    expect(messages).toHaveLength(1);
    const first = net.latest();
    first.message({ stream: 'x', data: { e: 'serverShutdown', E: 1 } });
    expect(first.closed).toBe(true);
    expect(net.sockets).toHaveLength(2);
  });

  it('reconnects now on request, forgetting the backoff', () => {
    const { clock, net, connection } = setUp();
    connection.setSymbols(['BTCUSDT']);
    net.latest().drop();
    clock.advance(1000);
    net.latest().drop();
    expect(connection.status().attempt).toBe(2);
    connection.reconnect();
    expect(net.sockets).toHaveLength(3);
    expect(connection.status()).toMatchObject({ state: 'connecting', attempt: 0 });
  });
});
