import { describe, expect, it } from 'vitest';
import { loadHistory } from './binance-history';
import { GENERIC_HISTORY } from './generic-history';

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 6, 14, 30);

/** A generic feed's history service holding one-minute bars from `first` to `end` (exclusive). */
function service(first: number, end: number) {
  const asked: URL[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    const endTime = Number(url.searchParams.get('endTime'));
    const limit = Number(url.searchParams.get('limit'));
    const last = Math.min(Math.floor(endTime / MINUTE) * MINUTE, end - MINUTE);
    const bars: number[][] = [];
    const from = Math.max(first, last - (limit - 1) * MINUTE);
    for (let t = from; t <= last; t += MINUTE) bars.push([t, 100, 101, 99, 100.5, 2]);
    return Response.json({ type: 'history', symbol: 'ABC', interval: '1m', bars, more: from > first });
  }) as typeof fetch;
  return { fetchFn, asked };
}

describe('the generic protocol’s history', () => {
  it('asks GET /v1/history up to a time, and reads bars of numbers', () => {
    expect(GENERIC_HISTORY.url('http://127.0.0.1:9/', 'ABC', '1m', T0 - 1, 1000)).toBe(
      `http://127.0.0.1:9/v1/history?symbol=ABC&interval=1m&endTime=${T0 - 1}&limit=1000`,
    );
    expect(GENERIC_HISTORY.read({ bars: [[T0, 1, 2, 0.5, 1.5, 3]], more: false })).toEqual({
      ok: true,
      bars: [{ time: T0 / 1000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 }],
      more: false,
    });
  });

  it('tells where the page before an answer ends at a glance at its text, or nothing', () => {
    const text = (body: unknown) => JSON.stringify(body);
    const bars = [[T0, 1, 'x'], [T0 + MINUTE]];
    expect(GENERIC_HISTORY.ahead(text({ type: 'history', bars, more: true }))).toBe(T0 - 1);
    expect(GENERIC_HISTORY.ahead(` { "bars" : [ [ ${T0} , 1]], "more": true}`)).toBe(T0 - 1);
    // The last page: nothing before it to ask for.
    expect(GENERIC_HISTORY.ahead(text({ type: 'history', bars, more: false }))).toBeNull();
    const more = { more: true };
    for (const junk of ['', 'null', '[]', text({ bars: [], ...more }), text({ bars: [['t']], ...more })])
      expect(GENERIC_HISTORY.ahead(junk)).toBeNull();
    expect(GENERIC_HISTORY.ahead(text({ tags: [1], bars: [[T0]], ...more }))).toBeNull();
  });

  it('names what is wrong with an answer', () => {
    const read = (json: unknown) => GENERIC_HISTORY.read(json);
    expect(read([])).toEqual({ ok: false, error: 'the answer has no list of bars' });
    expect(read({ bars: [] })).toEqual({ ok: false, error: 'the answer does not say if there is more' });
    expect(read({ bars: [[T0, '1', 2, 0.5, 1.5, 3]], more: true })).toEqual({
      ok: false,
      error: 'bar 0 has a field that is not a number',
    });
    expect(read({ bars: [[T0, 1, 2, 0.5, 1.5]], more: true })).toEqual({
      ok: false,
      error: 'bar 0 is not [time, open, high, low, close, volume]',
    });
    expect(read({ bars: [[T0, 3, 2, 0.5, 1.5, 3]], more: true })).toMatchObject({
      ok: false,
      error: /^bar 0: /,
    });
    expect(
      read({
        bars: [
          [T0, 1, 2, 0.5, 1.5, 3],
          [T0, 1, 2, 0.5, 1.5, 3],
        ],
        more: true,
      }),
    ).toEqual({ ok: false, error: 'bar 1: not after the one before it' });
  });

  it('pages back with the one pager until the service says there is no more', async () => {
    const first = T0 - 3000 * MINUTE;
    const { fetchFn, asked } = service(first, T0);
    const history = await loadHistory({
      base: 'http://127.0.0.1:9',
      symbol: 'ABC',
      interval: '1m',
      before: T0,
      maxBars: 10_000,
      fetch: fetchFn,
      sleep: async () => {},
      protocol: GENERIC_HISTORY,
    });
    expect(history.problem).toBeNull();
    expect(history.complete).toBe(true);
    expect(history.bars).toHaveLength(3000);
    expect(history.bars[0]?.time).toBe(first / 1000);
    // Three full pages: the third said it is the last, so no empty fourth was asked for.
    expect(asked.map((url) => url.pathname)).toEqual(['/v1/history', '/v1/history', '/v1/history']);
  });
});
