import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BINANCE_HISTORY,
  fetchKlinesPage,
  type HistoryProtocol,
  KLINES_PAGE,
  klinesUrl,
  loadHistory,
  parseKlines,
} from './binance-history';

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 6, 14, 30);

const row = (openTime: number, close = 100) => [
  openTime,
  close.toFixed(8),
  (close + 1).toFixed(8),
  (close - 1).toFixed(8),
  close.toFixed(8),
  '2.50000000',
  openTime + MINUTE - 1,
  '250.00000000',
  10,
  '1.00000000',
  '100.00000000',
  '0',
];

/** A Binance that holds one-minute klines from `first` (inclusive) to `end` (exclusive). */
function binance(first: number, end: number, options: { tooMany?: number[] } = {}) {
  const asked: URL[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    if (options.tooMany?.includes(asked.length))
      return new Response('{"code":-1003,"msg":"Too much request weight used"}', {
        status: 429,
        headers: { 'Retry-After': '7' },
      });
    const endTime = Number(url.searchParams.get('endTime'));
    const limit = Number(url.searchParams.get('limit'));
    const last = Math.min(Math.floor(endTime / MINUTE) * MINUTE, end - MINUTE);
    const rows = [];
    for (let t = Math.max(first, last - (limit - 1) * MINUTE); t <= last; t += MINUTE) rows.push(row(t));
    return Response.json(rows);
  }) as typeof fetch;
  return { fetchFn, asked };
}

describe('klinesUrl', () => {
  it('asks for a page of 1000 ending at a time', () => {
    expect(klinesUrl('http://127.0.0.1:9443/', 'BTCUSDT', '1m', T0 - 1)).toBe(
      `http://127.0.0.1:9443/api/v3/klines?symbol=BTCUSDT&interval=1m&endTime=${T0 - 1}&limit=1000`,
    );
  });
});

describe('parseKlines', () => {
  it('reads rows into bars in UTC seconds', () => {
    expect(parseKlines([row(T0, 94_000)])).toEqual({
      ok: true,
      bars: [{ time: T0 / 1000, open: 94_000, high: 94_001, low: 93_999, close: 94_000, volume: 2.5 }],
    });
  });

  it('names the first bad row and what is wrong with it', () => {
    expect(parseKlines({ code: -1121 })).toEqual({ ok: false, error: 'the answer is not a list of klines' });
    const bad = row(T0 + MINUTE);
    bad[2] = '1e5';
    expect(parseKlines([row(T0), bad])).toEqual({ ok: false, error: 'kline 1 field 2: a decimal string' });
    const inverted = row(T0);
    inverted[3] = '200.00000000';
    expect(parseKlines([inverted])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^kline 0: high/),
    });
    expect(parseKlines([row(T0), row(T0)])).toEqual({
      ok: false,
      error: 'kline 1: not after the one before it',
    });
  });
});

describe('BINANCE_HISTORY.ahead', () => {
  it('tells where the page before an answer ends at a glance at its text, or nothing', () => {
    const full = (first: number) => Array.from({ length: KLINES_PAGE }, (_, i) => row(first + i * MINUTE));
    expect(BINANCE_HISTORY.ahead(JSON.stringify(full(T0)))).toBe(T0 - 1);
    expect(BINANCE_HISTORY.ahead(` ${JSON.stringify(full(T0)).replace(/,/g, ' , ')}`)).toBe(T0 - 1);
    // A short page is the last: nothing before it to ask for.
    expect(BINANCE_HISTORY.ahead(JSON.stringify(full(T0).slice(1)))).toBeNull();
    for (const junk of ['', '[]', '{"code":-1121}', '[["1"]]', '[[0,"1"]]'])
      expect(BINANCE_HISTORY.ahead(junk.padEnd(KLINES_PAGE + 2, '['))).toBeNull();
  });
});

describe('fetchKlinesPage', () => {
  it('tells a wait from an error and never throws', async () => {
    const answer = (response: Response | Error) =>
      (async () => {
        if (response instanceof Error) throw response;
        return response;
      }) as unknown as typeof fetch;
    expect(
      await fetchKlinesPage(
        answer(new Response('', { status: 418, headers: { 'Retry-After': '120' } })),
        'u',
      ),
    ).toEqual({
      kind: 'wait',
      ms: 120_000,
      status: 418,
    });
    expect(
      await fetchKlinesPage(
        answer(Response.json({ code: -1121, msg: 'Invalid symbol.' }, { status: 400 })),
        'u',
      ),
    ).toEqual({
      kind: 'error',
      message: 'HTTP 400: Invalid symbol.',
    });
    expect(await fetchKlinesPage(answer(new Response('<html>', { status: 502 })), 'u')).toEqual({
      kind: 'error',
      message: 'HTTP 502, and not JSON',
    });
    expect(await fetchKlinesPage(answer(new TypeError('Failed to fetch')), 'u')).toEqual({
      kind: 'error',
      message: 'could not reach it (Failed to fetch)',
    });
  });
});

describe('loadHistory', () => {
  const request = (
    fetchFn: typeof fetch,
    before: number,
    maxBars: number,
    sleep: (ms: number) => Promise<void> = async () => {},
  ) => ({
    base: 'http://replay',
    symbol: 'BTCUSDT',
    interval: '1m',
    before,
    maxBars,
    fetch: fetchFn,
    sleep,
  });

  it('pages back: every minute before the live bar once, in order, none at or after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3500 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 0, max: 3 }),
        async (held, maxBars, liveOffset) => {
          const before = T0 + liveOffset * MINUTE;
          const { fetchFn, asked } = binance(T0 - held * MINUTE, before + 5 * MINUTE);
          const history = await loadHistory(request(fetchFn, before, maxBars));
          const want = Math.min(held + liveOffset, maxBars);
          expect(history.bars).toHaveLength(want);
          expect(history.problem).toBeNull();
          history.bars.forEach((bar, i) => {
            expect(bar.time * 1000).toBe(before - (want - i) * MINUTE);
          });
          // Fewer held than asked for: the start was reached; said reached: every bar held came.
          if (held + liveOffset < maxBars) expect(history.complete).toBe(true);
          if (history.complete) expect(history.bars).toHaveLength(held + liveOffset);
          expect(asked.length).toBeLessThanOrEqual(
            Math.ceil(Math.min(held + liveOffset, maxBars) / KLINES_PAGE) + 1,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('asks for the next page before checking the one that came, and drops it when the checks fail', async () => {
    const { fetchFn } = binance(T0 - 5000 * MINUTE, T0);
    const events: string[] = [];
    const signals: (AbortSignal | undefined)[] = [];
    const noting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      events.push(`ask ${new URL(String(input)).searchParams.get('endTime')}`);
      signals.push(init?.signal ?? undefined);
      return fetchFn(input);
    }) as typeof fetch;
    let reads = 0;
    const checking: HistoryProtocol = {
      ...BINANCE_HISTORY,
      read: (json) => {
        events.push(`check ${++reads}`);
        // The third page fails its checks.
        return reads === 3
          ? { ok: false, error: 'kline 7 field 2: a decimal string' }
          : BINANCE_HISTORY.read(json);
      },
    };
    const history = await loadHistory({ ...request(noting, T0, 5000), protocol: checking });
    const page = (k: number) => `ask ${T0 - k * KLINES_PAGE * MINUTE - 1}`;
    expect(events).toEqual([page(0), page(1), 'check 1', page(2), 'check 2', page(3), 'check 3']);
    expect(history.bars).toHaveLength(2 * KLINES_PAGE);
    expect(history.problem).toBe('kline 7 field 2: a decimal string');
    // The request asked ahead of the page that failed is dropped.
    expect(signals[3]?.aborted).toBe(true);
    expect(signals.slice(1, 3).map((signal) => signal?.aborted)).toEqual([false, false]);
  });

  it('waits out a 429 as Binance asks, then goes on', async () => {
    const { fetchFn, asked } = binance(T0 - 2500 * MINUTE, T0, { tooMany: [2] });
    const waits: number[] = [];
    const history = await loadHistory(request(fetchFn, T0, 2500, async (ms) => void waits.push(ms)));
    expect(waits).toEqual([7000]);
    expect(history.bars).toHaveLength(2500);
    expect(asked).toHaveLength(4);
  });

  it('stops with what it has on an error or a long ban, and says why', async () => {
    let calls = 0;
    const failing = (async (input: RequestInfo | URL) => {
      calls++;
      if (calls === 1) return binance(T0 - 5000 * MINUTE, T0).fetchFn(input);
      return new Response('', { status: 418, headers: { 'Retry-After': '600' } });
    }) as typeof fetch;
    const history = await loadHistory(request(failing, T0, 5000));
    expect(history.bars).toHaveLength(KLINES_PAGE);
    expect(history.complete).toBe(false);
    expect(history.problem).toBe('Binance asked to wait 600 s (HTTP 418)');
  });
});
