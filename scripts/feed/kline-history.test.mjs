// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createKlineHistory, decimalsOf, KLINES_WEIGHT } from './kline-history.mjs';

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 6, 14, 30);

/** A trade payload as Binance sends it. */
const trade = (
  /** @type {number} */ at,
  /** @type {string} */ price,
  /** @type {string} */ qty,
  buyerMaker = true,
) => ({
  e: 'trade',
  E: at + 3,
  s: 'BTCUSDT',
  t: at,
  p: price,
  q: qty,
  T: at,
  m: buyerMaker,
  M: true,
});

/** A history that has played trades in its first three minutes (the third one still open). */
function playedThreeMinutes(options = {}) {
  const history = createKlineHistory({ historyDays: 1, ...options });
  history.known('BTCUSDT', T0 + 500, 100, true, { price: 2, quantity: 5 });
  history.played(trade(T0 + 500, '100.00000000', '1.00000000'));
  history.played(trade(T0 + 30_000, '103.00000000', '2.00000000', false));
  history.played(trade(T0 + MINUTE + 10, '99.00000000', '0.50000000'));
  history.played(trade(T0 + 2 * MINUTE + 1, '101.00000000', '1.50000000'));
  return history;
}

const ask = (history, params) => history.answer(new URLSearchParams(params));

test('klines of played trades are Binance rows, the minute in progress last', () => {
  const history = playedThreeMinutes();
  const { status, body } = ask(history, { symbol: 'BTCUSDT', interval: '1m', startTime: String(T0) });
  assert.equal(status, 200);
  assert.deepEqual(body, [
    [
      T0,
      '100.00000000',
      '103.00000000',
      '100.00000000',
      '103.00000000',
      '3.00000000',
      T0 + MINUTE - 1,
      '306.00000000',
      2,
      '2.00000000',
      '206.00000000',
      '0',
    ],
    [
      T0 + MINUTE,
      '99.00000000',
      '99.00000000',
      '99.00000000',
      '99.00000000',
      '0.50000000',
      T0 + 2 * MINUTE - 1,
      '49.50000000',
      1,
      '0.00000000',
      '0.00000000',
      '0',
    ],
    [
      T0 + 2 * MINUTE,
      '101.00000000',
      '101.00000000',
      '101.00000000',
      '101.00000000',
      '1.50000000',
      T0 + 3 * MINUTE - 1,
      '151.50000000',
      1,
      '0.00000000',
      '0.00000000',
      '0',
    ],
  ]);
});

test('the synthetic past runs into the first played price, a minute a row, and stops at the replay’s now', () => {
  const history = playedThreeMinutes();
  const { body } = ask(history, {
    symbol: 'BTCUSDT',
    interval: '1m',
    endTime: String(T0 - 1),
    limit: '1000',
  });
  assert.ok(Array.isArray(body));
  assert.equal(body.length, 1000);
  const last = body[body.length - 1];
  assert.equal(last[0], T0 - MINUTE);
  assert.equal(Number(last[4]), 100);
  for (let i = 1; i < body.length; i++) {
    assert.equal(body[i][0] - body[i - 1][0], MINUTE);
    assert.equal(body[i][1], body[i - 1][4], 'each minute opens at the close before it');
    assert.ok(Number(body[i][2]) >= Math.max(Number(body[i][1]), Number(body[i][4])));
    assert.ok(Number(body[i][3]) <= Math.min(Number(body[i][1]), Number(body[i][4])));
  }
  // At the symbol's steps, as an exchange writes them: cents, and lots of 0.00001.
  for (const k of body) {
    for (const field of [1, 2, 3, 4]) assert.ok(decimalsOf(k[field]) <= 2, `price ${k[field]}`);
    assert.ok(decimalsOf(k[5]) <= 5 && Number(k[5]) > 0, `volume ${k[5]}`);
  }
  // Without times: the latest minutes, ending with the one in progress; nothing after it.
  const latest = ask(history, { symbol: 'BTCUSDT', interval: '1m', limit: '5' }).body;
  assert.deepEqual(
    latest.map((row) => row[0]),
    [-2, -1, 0, 1, 2].map((k) => T0 + k * MINUTE),
  );
  assert.deepEqual(
    ask(history, { symbol: 'BTCUSDT', interval: '1m', startTime: String(T0 + 3 * MINUTE) }).body,
    [],
  );
  // A day of past (historyDays 1) and no more: nothing before it.
  assert.deepEqual(
    ask(history, { symbol: 'BTCUSDT', interval: '1m', endTime: String(T0 - 1441 * MINUTE) }).body,
    [],
  );
});

test('coarser intervals are the minutes merged, aligned in UTC', () => {
  const history = playedThreeMinutes();
  const minutes = ask(history, {
    symbol: 'BTCUSDT',
    interval: '1m',
    startTime: String(T0 - 30 * MINUTE),
    limit: '33',
  }).body;
  const fives = ask(history, {
    symbol: 'BTCUSDT',
    interval: '5m',
    startTime: String(T0 - 30 * MINUTE),
    limit: '7',
  }).body;
  assert.equal(fives.length, 7);
  for (const five of fives) {
    const inside = minutes.filter((m) => m[0] >= five[0] && m[0] < five[0] + 5 * MINUTE);
    assert.equal(five[0] % (5 * MINUTE), 0);
    assert.equal(five[1], inside[0][1]);
    assert.equal(five[4], inside[inside.length - 1][4]);
    assert.equal(Number(five[2]), Math.max(...inside.map((m) => Number(m[2]))));
    assert.equal(Number(five[3]), Math.min(...inside.map((m) => Number(m[3]))));
    assert.ok(Math.abs(Number(five[5]) - inside.reduce((s, m) => s + Number(m[5]), 0)) < 1e-6);
  }
});

test('bad requests get Binance’s codes', () => {
  const history = playedThreeMinutes();
  const code = (params) => {
    const answer = ask(history, params);
    assert.equal(answer.status, 400);
    return /** @type {{ code: number }} */ (answer.body).code;
  };
  assert.equal(code({ interval: '1m' }), -1102);
  assert.equal(code({ symbol: 'DOGEUSDT', interval: '1m' }), -1121);
  assert.equal(code({ symbol: 'BTCUSDT', interval: '7m' }), -1120);
  assert.equal(code({ symbol: 'BTCUSDT', interval: '1m', limit: '1001' }), -1130);
  assert.equal(code({ symbol: 'BTCUSDT', interval: '1m', startTime: 'yesterday' }), -1100);
  assert.equal(code({ symbol: 'BTCUSDT', interval: '1m', startTime: '20', endTime: '10' }), -1023);
});

test('over the weight limit: 429 with Retry-After, then 418 for asking again too soon, then served again', () => {
  let now = T0 + 5_000;
  const history = playedThreeMinutes({ weightPerMinute: 3 * KLINES_WEIGHT, now: () => now });
  const params = { symbol: 'BTCUSDT', interval: '1m', limit: '2' };
  for (let i = 1; i <= 3; i++) {
    const ok = ask(history, params);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['X-MBX-USED-WEIGHT-1M'], String(i * KLINES_WEIGHT));
  }
  const tooMany = ask(history, params);
  assert.equal(tooMany.status, 429);
  assert.equal(tooMany.headers['Retry-After'], '55');
  now += 1_000;
  const banned = ask(history, params);
  assert.equal(banned.status, 418);
  assert.equal(banned.headers['Retry-After'], '120');
  now += 121_000;
  assert.equal(ask(history, params).status, 200);
});
