// @ts-check
/**
 * The replay server: a WebSocket server (the `ws` package) that plays a recorded Binance spot stream
 * file back as Binance's servers would send it, at real speed or N times faster. It is what the e2e
 * tests and the demo connect to on machines without internet; pointing a feed's `url` at Binance is
 * the only change for the real thing.
 *
 * Like an exchange it keeps one timeline for everyone: a client that connects late hears what is
 * being said now, not the start of the file. It honours Binance's subscription protocol: combined
 * streams at `/stream` (optionally `?streams=a/b`), raw streams at `/ws/<stream>`, and the SUBSCRIBE,
 * UNSUBSCRIBE and LIST_SUBSCRIPTIONS method messages, answered `{"result": ..., "id": n}`. A client
 * gets only the streams it subscribed to. A line whose message is not JSON (a recording of a bad
 * message) is sent to every subscribed client as it is.
 *
 * On the same port it answers Binance's REST history, `GET /api/v3/klines` (kline-history.mjs), and our
 * generic protocol's `GET /v1/history` from the same bars: the
 * klines of what it has played, and a synthetic past before the recording, with Binance's CORS header,
 * errors and weight limit.
 *
 * Recording format (JSON Lines): one `{"at": <receive time, UTC ms>, "text": "<the message as
 * received>"}` per line, in receive order.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { createKlineHistory, decimalsOf } from './kline-history.mjs';

/**
 * @typedef {{ at: number; text: string; stream: string | null; data: unknown }} Recorded
 * @typedef {{
 *   file?: string;
 *   lines?: { at: number; text: string }[];
 *   speed?: number;
 *   port?: number;
 *   host?: string;
 *   loop?: boolean;
 *   from?: number;
 *   firstId?: number;
 *   waitForSubscriber?: boolean;
 *   historyDays?: number;
 *   weightPerMinute?: number;
 * }} ReplayOptions
 */

/** Reads a recording: one `{at, text}` per line; blank lines are skipped, a bad line is an error. */
export function readRecording(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, index) => [line.trim(), index + 1])
    .filter(([line]) => line !== '')
    .map(([line, number]) => {
      const entry = JSON.parse(String(line));
      if (typeof entry.at !== 'number' || typeof entry.text !== 'string')
        throw new Error(`${path}:${number}: a line is {"at": <ms>, "text": "<message>"}`);
      return { at: entry.at, text: entry.text };
    });
}

/** @param {{ at: number; text: string }} line @returns {Recorded} */
function route(line) {
  try {
    const message = JSON.parse(line.text);
    if (message && typeof message.stream === 'string')
      return { ...line, stream: message.stream, data: message.data };
  } catch {
    // Not JSON: sent to everyone subscribed to anything (see above).
  }
  return { ...line, stream: null, data: null };
}

/**
 * Moves a recorded message's times and trade ids on by `loops` loops, so a looped replay looks like
 * one market going on (times and sequence numbers never run backwards, which a client would call a
 * gap or a repeat). Each symbol's ids move by that symbol's own span: its first id of a loop follows
 * its last of the one before. `idShifts` moves each symbol's ids once more (`--first-id`).
 * @param {Recorded} recorded @param {number} loops @param {number} loopMs
 * @param {Map<string, number>} idSpans @param {Map<string, number>} idShifts
 */
function shifted(recorded, loops, loopMs, idSpans, idShifts) {
  if (recorded.stream === null || (loops === 0 && idShifts.size === 0)) return recorded;
  const data = /** @type {Record<string, any>} */ (structuredClone(recorded.data));
  const dt = loops * loopMs;
  const dId = loops * (idSpans.get(data.s) ?? 0) + (idShifts.get(data.s) ?? 0);
  if (typeof data.E === 'number') data.E += dt;
  if (data.e === 'trade') {
    data.T += dt;
    data.t += dId;
  }
  if (data.e === 'kline' && data.k) {
    data.k.t += dt;
    data.k.T += dt;
    data.k.f += dId;
    data.k.L += dId;
  }
  return { ...recorded, data, text: JSON.stringify({ stream: recorded.stream, data }) };
}

/**
 * Each symbol's span of trade ids in the recording (last - first + 1).
 * @param {Recorded[]} recorded
 */
function idSpans(recorded) {
  return new Map([...idRanges(recorded)].map(([symbol, { min, max }]) => [symbol, max - min + 1]));
}

/**
 * What moves each symbol's ids so that its first trade sent is numbered `firstId`: a server that
 * began a new session numbers its trades anew (`--first-id`); none without it.
 * @param {Recorded[]} recorded @param {number | undefined} firstId
 */
function idShifts(recorded, firstId) {
  if (firstId === undefined) return new Map();
  return new Map([...idRanges(recorded)].map(([symbol, { min }]) => [symbol, firstId - min]));
}

/**
 * Each symbol's least and greatest trade id in the recording.
 * @param {Recorded[]} recorded
 */
function idRanges(recorded) {
  /** @type {Map<string, { min: number; max: number }>} */
  const ranges = new Map();
  for (const r of recorded) {
    const data = /** @type {Record<string, any> | null} */ (r.data);
    if (data?.e !== 'trade' || typeof data.t !== 'number' || typeof data.s !== 'string') continue;
    const range = ranges.get(data.s);
    if (range) {
      range.min = Math.min(range.min, data.t);
      range.max = Math.max(range.max, data.t);
    } else ranges.set(data.s, { min: data.t, max: data.t });
  }
  return ranges;
}

/**
 * Starts a replay; resolves once it listens.
 * @param {ReplayOptions} options
 */
export async function startReplayServer(options) {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new Error('--speed must be a number above 0');
  const all = (options.lines ?? readRecording(options.file ?? '')).map(route);
  if (all.length === 0) throw new Error('The recording has no message');
  const first = all[0]?.at ?? 0;
  const last = all[all.length - 1]?.at ?? 0;
  // A loop starts a second after the recording ended, as if the market went on.
  const loopMs = last - first + 1000;
  const loopIds = idSpans(all);
  const startAt = first + (options.from ?? 0) * 1000;
  const recording = all.filter((r) => r.at >= startAt);
  if (recording.length === 0) throw new Error(`--from ${options.from} is past the recording's end`);
  if (options.firstId !== undefined && !(Number.isSafeInteger(options.firstId) && options.firstId >= 0))
    throw new Error('--first-id must be a whole number, 0 or more');
  const shifts = idShifts(recording, options.firstId);

  const history = createKlineHistory({
    ...(options.historyDays === undefined ? {} : { historyDays: options.historyDays }),
    ...(options.weightPerMinute === undefined ? {} : { weightPerMinute: options.weightPerMinute }),
  });
  // Each symbol's first price and time, and the steps of its prices and quantities, from its messages.
  /** @type {Map<string, { time: number; price: number; trades: boolean; steps: { price: number; quantity: number } }>} */
  const symbols = new Map();
  for (const r of recording) {
    const data = /** @type {Record<string, any> | null} */ (r.data);
    const trade = data?.e === 'trade';
    const kline = data?.e === 'kline' && data.k;
    if (!trade && !kline) continue;
    const [time, price, quantity] = trade ? [data.T, data.p, data.q] : [data.k.t, data.k.o, data.k.v];
    const known = symbols.get(data.s) ?? {
      time,
      price: Number(price),
      trades: false,
      steps: { price: 0, quantity: 0 },
    };
    known.trades ||= trade;
    known.steps.price = Math.max(known.steps.price, decimalsOf(String(price)));
    known.steps.quantity = Math.max(known.steps.quantity, decimalsOf(String(quantity)));
    symbols.set(data.s, known);
  }
  for (const [symbol, k] of symbols) history.known(symbol, k.time, k.price, k.trades, k.steps);

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay');
    // Binance's REST answers carry this: a page's script may read them from any origin.
    response.setHeader('Access-Control-Allow-Origin', '*');
    const answering =
      request.method !== 'GET'
        ? null
        : url.pathname === '/api/v3/klines'
          ? history.answer
          : url.pathname === '/v1/history'
            ? history.answerHistory
            : null;
    if (!answering) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: -1, msg: `No ${request.method} ${url.pathname} here` }));
      return;
    }
    const answer = answering(url.searchParams);
    response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  });
  const wss = new WebSocketServer({ server: http });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  /** @type {Map<import('ws').WebSocket, { streams: Set<string>; combined: boolean }>} */
  const clients = new Map();

  wss.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'ws://replay');
    const combined = !url.pathname.startsWith('/ws');
    const streams = new Set(
      combined
        ? (url.searchParams.get('streams') ?? '').split('/').filter(Boolean)
        : url.pathname.slice(4).split('/').filter(Boolean),
    );
    clients.set(socket, { streams, combined });
    if (streams.size > 0) begin();
    socket.on('close', () => clients.delete(socket));
    socket.on('message', (raw) => {
      const client = clients.get(socket);
      if (!client) return;
      let request;
      try {
        request = JSON.parse(String(raw));
      } catch (error) {
        socket.send(
          JSON.stringify({ code: 3, msg: `Invalid JSON: ${error instanceof Error ? error.message : error}` }),
        );
        return;
      }
      const { method, params, id } = request ?? {};
      if (!Number.isInteger(id) || id < 0) {
        socket.send(
          JSON.stringify({ code: 2, msg: 'Invalid request: request ID must be an unsigned integer' }),
        );
        return;
      }
      if (method === 'SUBSCRIBE' || method === 'UNSUBSCRIBE') {
        if (!Array.isArray(params) || !params.every((p) => typeof p === 'string')) {
          socket.send(JSON.stringify({ code: 2, msg: 'Invalid request: params must be stream names', id }));
          return;
        }
        for (const stream of params) {
          if (method === 'SUBSCRIBE') client.streams.add(stream);
          else client.streams.delete(stream);
        }
        socket.send(JSON.stringify({ result: null, id }));
        if (client.streams.size > 0) begin();
      } else if (method === 'LIST_SUBSCRIPTIONS') {
        socket.send(JSON.stringify({ result: [...client.streams], id }));
      } else {
        socket.send(JSON.stringify({ code: 2, msg: `Invalid request: unknown variant ${method}`, id }));
      }
    });
  });

  // One timeline: a message is due at `started + (at + loops * loopMs - startAt) / speed`, whoever
  // listens; a loop plays the whole file again, its times and ids moved on by `shifted`. It starts at
  // once, or with `waitForSubscriber` when the first client subscribes to a stream (a test then gets
  // the recording from its start however long its page took to open).
  let started = Number.NaN;
  let queue = recording;
  let index = 0;
  let loops = 0;
  let sent = 0;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {() => void} */
  let finish = () => {};
  const done = new Promise((resolve) => {
    finish = () => resolve(undefined);
  });
  /** @param {Recorded} recorded */
  const dueIn = (recorded) => (recorded.at + loops * loopMs - startAt) / speed - (Date.now() - started);

  /** @param {Recorded} recorded */
  const broadcast = (recorded) => {
    history.played(recorded.data);
    for (const [socket, client] of clients) {
      if (socket.readyState !== socket.OPEN) continue;
      if (recorded.stream === null) {
        if (client.streams.size > 0) socket.send(recorded.text);
      } else if (client.streams.has(recorded.stream)) {
        socket.send(client.combined ? recorded.text : JSON.stringify(recorded.data));
      }
    }
    sent += 1;
  };

  const pump = () => {
    timer = null;
    for (;;) {
      const next = queue[index];
      if (!next) {
        if (!options.loop) {
          finish();
          return;
        }
        loops += 1;
        queue = all;
        index = 0;
        continue;
      }
      if (dueIn(next) > 0) {
        timer = setTimeout(pump, dueIn(next));
        return;
      }
      broadcast(shifted(next, loops, loopMs, loopIds, shifts));
      index += 1;
    }
  };
  function begin() {
    if (!Number.isNaN(started)) return;
    started = Date.now();
    pump();
  }
  if (!options.waitForSubscriber) begin();

  const address = /** @type {import('node:net').AddressInfo} */ (http.address());
  return {
    port: address.port,
    url: `ws://${options.host ?? '127.0.0.1'}:${address.port}/stream`,
    /** Where its REST history is asked for (Binance's `https://api.binance.com`). */
    restUrl: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    messages: recording.length,
    durationMs: last - startAt,
    /** Messages sent so far (each to every client subscribed to its stream). */
    sent: () => sent,
    /** Settles when a replay without `loop` has sent its last message. */
    done,
    /** Stops the replay and closes every connection, as a server going down does. */
    close: () =>
      new Promise((resolve) => {
        if (timer) clearTimeout(timer);
        finish();
        for (const socket of clients.keys()) socket.terminate();
        wss.close(() => http.close(() => resolve(undefined)));
        http.closeAllConnections();
      }),
  };
}
