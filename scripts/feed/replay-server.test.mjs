// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WebSocket } from 'ws';
import { readRecording, startReplayServer } from './replay-server.mjs';

const T0 = Date.UTC(2025, 0, 1);
const trade = (symbol, id, at) => ({
  at,
  text: JSON.stringify({
    stream: `${symbol.toLowerCase()}@trade`,
    data: {
      e: 'trade',
      E: at - 10,
      s: symbol,
      t: id,
      p: '1.00000000',
      q: '1.00000000',
      T: at - 12,
      m: true,
      M: true,
    },
  }),
});

/** Connects and collects every message. */
async function connect(url) {
  const socket = new WebSocket(url);
  /** @type {any[]} */
  const received = [];
  socket.on('message', (data) => {
    const text = String(data);
    try {
      received.push(JSON.parse(text));
    } catch {
      received.push(text);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, received };
}

const until = async (check, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

test('answers SUBSCRIBE as Binance does and sends only the streams subscribed to', async () => {
  const lines = [];
  for (let i = 0; i < 20; i++)
    lines.push(trade('BTCUSDT', 100 + i, T0 + i * 100), trade('ETHUSDT', 500 + i, T0 + i * 100 + 50));
  // 2 s of recording at 10x: 200 ms.
  const server = await startReplayServer({ lines, speed: 10 });
  try {
    const { socket, received } = await connect(server.url);
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 }));
    socket.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 2 }));
    await server.done;
    await until(() => received.length >= 2);
    assert.deepEqual(received[0], { result: null, id: 1 });
    assert.deepEqual(received[1], { result: ['btcusdt@trade'], id: 2 });
    const streams = new Set(received.slice(2).map((m) => m.stream));
    assert.deepEqual([...streams], ['btcusdt@trade']);
    // Ids in order, none repeated.
    const ids = received.slice(2).map((m) => m.data.t);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    socket.send('{nope');
    await until(() => received.some((m) => m.code === 3));
    socket.close();
  } finally {
    await server.close();
  }
});

test('plays at the recorded pace times the speed', async () => {
  const lines = [trade('BTCUSDT', 1, T0), trade('BTCUSDT', 2, T0 + 1000)];
  const server = await startReplayServer({ lines, speed: 4 });
  try {
    const { socket, received } = await connect(`${server.url}?streams=btcusdt@trade`);
    const start = Date.now();
    await server.done;
    const elapsed = Date.now() - start;
    // 1 s of recording at 4x: about 250 ms (a connection made after the first message misses it).
    assert.ok(elapsed >= 150 && elapsed < 1000, `took ${elapsed} ms`);
    await until(() => received.length >= 1);
    socket.close();
  } finally {
    await server.close();
  }
});

test('--wait-for-subscriber holds the recording until a client subscribes, however late', async () => {
  const lines = [trade('BTCUSDT', 1, T0), trade('BTCUSDT', 2, T0 + 100), trade('BTCUSDT', 3, T0 + 200)];
  // 200 ms of recording at 10x: over in 20 ms, were it started with the server.
  const server = await startReplayServer({ lines, speed: 10, waitForSubscriber: true });
  try {
    // A client that subscribes to nothing starts nothing.
    const idle = await connect(server.url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { socket, received } = await connect(server.url);
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 }));
    await server.done;
    await until(() => received.length >= 4);
    assert.deepEqual(
      received.slice(1).map((m) => m.data.t),
      [1, 2, 3],
    );
    assert.deepEqual(idle.received, []);
    idle.socket.close();
    socket.close();
  } finally {
    await server.close();
  }
});

test('raw streams get the payload without the envelope; bad lines reach every subscriber as they are', async () => {
  // The first line starts the timeline before the client connects; the rest come after.
  const lines = [
    trade('ETHUSDT', 1, T0),
    trade('BTCUSDT', 1, T0 + 300),
    { at: T0 + 400, text: 'garbage' },
    trade('BTCUSDT', 2, T0 + 500),
  ];
  const server = await startReplayServer({ lines, speed: 1 });
  try {
    const { socket, received } = await connect(server.url.replace('/stream', '/ws/btcusdt@trade'));
    await server.done;
    await until(() => received.length >= 3);
    assert.equal(received[0].e, 'trade');
    assert.equal(received[1], 'garbage');
    assert.equal(received[2].t, 2);
    socket.close();
  } finally {
    await server.close();
  }
});

test('a loop moves times and trade ids on, so the market never runs backwards; --from skips ahead', async () => {
  const lines = [trade('BTCUSDT', 10, T0), trade('BTCUSDT', 11, T0 + 100), trade('BTCUSDT', 12, T0 + 200)];
  const server = await startReplayServer({ lines, speed: 20, loop: true, from: 0.1 });
  try {
    assert.equal(server.messages, 2);
    const { socket, received } = await connect(server.url);
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 1 }));
    await until(() => received.length >= 8);
    const trades = received.filter((m) => m.stream);
    const ids = trades.map((m) => m.data.t);
    const times = trades.map((m) => m.data.T);
    for (let i = 1; i < trades.length; i++) {
      assert.ok(ids[i] > ids[i - 1], `ids ${ids}`);
      assert.ok(times[i] > times[i - 1], `times ${times}`);
    }
    socket.close();
  } finally {
    await server.close();
  }
});

test("a loop moves each symbol's trade ids on by that symbol's own span: no gap where a loop begins", async () => {
  // Ids far apart, as two symbols' are on an exchange (the shipped sample's: 2e9 and 4.4e9).
  const lines = [];
  for (let i = 0; i < 3; i++)
    lines.push(
      trade('BTCUSDT', 4_400_000_001 + i, T0 + i * 100),
      trade('ETHUSDT', 2_000_000_001 + i, T0 + i * 100 + 50),
    );
  const server = await startReplayServer({ lines, speed: 20, loop: true });
  try {
    const { socket, received } = await connect(server.url);
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@trade'], id: 1 }));
    await until(() => received.filter((m) => m.stream).length >= 14);
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      const ids = received.filter((m) => m.data?.s === symbol).map((m) => m.data.t);
      for (let i = 1; i < ids.length; i++) assert.equal(ids[i], ids[i - 1] + 1, `${symbol} ids ${ids}`);
    }
    socket.close();
  } finally {
    await server.close();
  }
});

test("--first-id numbers each symbol's trades anew from N, as a server in a new session; loops go on from there", async () => {
  // The first trades come 0.4 s after the start (--from 0.1 s leaves out the ones at T0), so the
  // client, which hears only what is sent after it subscribed, hears them.
  const lines = [trade('BTCUSDT', 4_400_000_000, T0), trade('ETHUSDT', 2_000_000_000, T0)];
  for (let i = 0; i < 3; i++)
    lines.push(
      trade('BTCUSDT', 4_400_000_001 + i, T0 + 500 + i * 20),
      trade('ETHUSDT', 2_000_000_001 + i, T0 + 510 + i * 20),
    );
  const server = await startReplayServer({ lines, speed: 1, loop: true, from: 0.1, firstId: 1 });
  try {
    const { socket, received } = await connect(server.url);
    socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@trade'], id: 1 }));
    await until(() => received.filter((m) => m.stream).length >= 10, 5000);
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      const ids = received.filter((m) => m.data?.s === symbol).map((m) => m.data.t);
      // --from 0.1 s left out each symbol's first trade: the first sent is numbered 1 all the same.
      assert.equal(ids[0], 1, `${symbol} ids ${ids}`);
      for (let i = 1; i < ids.length; i++) assert.equal(ids[i], ids[i - 1] + 1, `${symbol} ids ${ids}`);
    }
    socket.close();
  } finally {
    await server.close();
  }
  await assert.rejects(startReplayServer({ lines, firstId: -1 }), /--first-id/);
});

test('the shipped sample reads, in receive order, with both streams of both symbols', () => {
  const lines = readRecording(new URL('../../fixtures/feeds/binance-sample.jsonl', import.meta.url).pathname);
  assert.ok(lines.length > 3000);
  for (let i = 1; i < lines.length; i++) assert.ok((lines[i]?.at ?? 0) >= (lines[i - 1]?.at ?? 0));
  const streams = new Set(lines.map((l) => JSON.parse(l.text).stream));
  // Each stream's trades arrive in sequence: the sample has no gap and no repeat of its own.
  const lastId = new Map();
  for (const line of lines) {
    const { stream, data } = JSON.parse(line.text);
    if (data.e !== 'trade') continue;
    if (lastId.has(stream)) assert.equal(data.t, lastId.get(stream) + 1);
    lastId.set(stream, data.t);
  }
  assert.deepEqual([...streams].sort(), [
    'btcusdt@kline_1m',
    'btcusdt@trade',
    'ethusdt@kline_1m',
    'ethusdt@trade',
  ]);
});

test('answers Binance’s klines request on the same port: the past before the recording, then what it played', async () => {
  const lines = [];
  // Trades from 1 s into the recording's first minute (a trade's time is 12 ms before its line's).
  for (let i = 0; i < 30; i++) lines.push(trade('BTCUSDT', i + 1, T0 + 1012 + i * 10_000));
  // 5 minutes of recording at 100x: 3 s; the replay waits for a subscriber.
  const server = await startReplayServer({ lines, speed: 100, waitForSubscriber: true, historyDays: 2 });
  try {
    const klines = async (query) => {
      const response = await fetch(`${server.restUrl}/api/v3/klines?${query}`);
      return { response, body: await response.json() };
    };
    // Before the replay starts: the past alone, up to the recording's first minute.
    const before = await klines(`symbol=BTCUSDT&interval=1m&endTime=${T0 + 59_999}&limit=1000`);
    assert.equal(before.response.status, 200);
    assert.equal(before.response.headers.get('access-control-allow-origin'), '*');
    // The minute the replay starts in has no trade yet: nothing of it.
    assert.equal(before.body.length, 999);
    assert.equal(before.body[before.body.length - 1][0], T0 - 60_000);
    assert.equal(Number(before.body[before.body.length - 1][4]), 1);

    const { socket } = await connect(`${server.url}?streams=btcusdt@trade`);
    await server.done;
    const after = await klines(`symbol=BTCUSDT&interval=1m&startTime=${T0 - 60_000}`);
    // The past's last minute, then the recording's five, each with the trades played in it.
    assert.deepEqual(
      after.body.map((row) => [row[0] - T0, row[8]]),
      [
        [-60_000, after.body[0][8]],
        [0, 6],
        [60_000, 6],
        [120_000, 6],
        [180_000, 6],
        [240_000, 6],
      ],
    );
    const missing = await fetch(`${server.restUrl}/api/v3/depth?symbol=BTCUSDT`);
    assert.equal(missing.status, 404);
    socket.close();
  } finally {
    await server.close();
  }
});

test('answers our generic protocol’s history request from the same bars, numbers and `more`', async () => {
  const lines = [];
  for (let i = 0; i < 30; i++) lines.push(trade('BTCUSDT', i + 1, T0 + 1012 + i * 10_000));
  const server = await startReplayServer({ lines, speed: 100, waitForSubscriber: true, historyDays: 1 });
  try {
    const get = async (path) => {
      const response = await fetch(`${server.restUrl}${path}`);
      return { response, body: await response.json() };
    };
    const query = `symbol=BTCUSDT&interval=1m&endTime=${T0 - 1}&limit=1000`;
    const generic = await get(`/v1/history?${query}`);
    const klines = await get(`/api/v3/klines?${query}`);
    assert.equal(generic.response.status, 200);
    assert.equal(generic.response.headers.get('access-control-allow-origin'), '*');
    assert.equal(generic.body.type, 'history');
    assert.equal(generic.body.more, true);
    // The klines' own bars, as numbers: [time, open, high, low, close, volume].
    assert.deepEqual(
      generic.body.bars,
      klines.body.map((row) => row.slice(0, 6).map(Number)),
    );
    // A day of past is 1440 minutes: the second page holds the rest and says there is no more.
    const oldest = generic.body.bars[0][0];
    const rest = await get(`/v1/history?symbol=BTCUSDT&interval=1m&endTime=${oldest - 1}&limit=1000`);
    assert.equal(rest.body.bars.length, 1440 - 1000);
    assert.equal(rest.body.more, false);
    const refused = await get('/v1/history?symbol=NOPE&interval=1m');
    assert.equal(refused.response.status, 400);
    assert.deepEqual(refused.body, { type: 'error', message: 'Invalid symbol.' });
  } finally {
    await server.close();
  }
});
