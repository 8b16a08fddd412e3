import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Quote, SymbolInfo } from '../core/protocol';
import { NYSE } from '../core/sessions/trading-session';
import { createEngine, dispatchRequest, type FixtureName } from './engine';

const readFixture = (name: FixtureName): string =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function fsEngine() {
  const loadText = vi.fn(async (name: FixtureName) => readFixture(name));
  const scheduleCrash = vi.fn();
  return { handlers: createEngine(loadText, { scheduleCrash }), loadText, scheduleCrash };
}

const utcDay = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day) / 1000;

describe('createEngine handlers', () => {
  it('lists the six fixture symbols with their ranges', async () => {
    const { handlers } = fsEngine();
    const symbols = await handlers.listSymbols();
    expect(symbols.map((s) => [s.symbol, s.name, s.kind, s.count])).toEqual([
      ['SPX', 'S&P 500', 'bars', 5105],
      ['MSFT', 'Microsoft', 'line', 123],
      ['AMZN', 'Amazon', 'line', 123],
      ['IBM', 'IBM', 'line', 123],
      ['GOOG', 'Alphabet', 'line', 68],
      ['AAPL', 'Apple', 'line', 123],
      ['SYN-100K', 'Synthetic 100K x 1 min', 'bars', 100_000],
      ['SYN-1M', 'Synthetic 1M x 1 min', 'bars', 1_000_000],
      ['SYN-10M', 'Synthetic 10M x 1 min', 'bars', 10_000_000],
    ]);
    expect(symbols.find((s) => s.symbol === 'SYN-1M')).toEqual<SymbolInfo>({
      symbol: 'SYN-1M',
      name: 'Synthetic 1M x 1 min',
      kind: 'bars',
      first: Date.UTC(2020, 0, 1) / 1000,
      last: Date.UTC(2020, 0, 1) / 1000 + 999_999 * 60,
      count: 1_000_000,
      synthetic: true,
      live: true,
      session: NYSE,
    });
    expect(symbols[0]).toMatchObject<Partial<SymbolInfo>>({
      first: utcDay(2000, 1, 3),
      last: utcDay(2020, 4, 17),
    });
    expect(symbols[4]).toMatchObject<Partial<SymbolInfo>>({
      first: utcDay(2004, 8, 1),
      last: utcDay(2010, 3, 1),
    });
  });

  it('quotes the real last closes, in the order asked', async () => {
    const { handlers } = fsEngine();
    const [aapl, spx] = await handlers.getQuotes(['AAPL', 'SPX']);
    expect(spx).toMatchObject<Partial<Quote>>({
      symbol: 'SPX',
      name: 'S&P 500',
      last: 2874.560059,
      previous: 2799.550049,
      time: utcDay(2020, 4, 17),
    });
    expect(spx?.change).toBeCloseTo(75.01001, 9);
    expect(spx?.changePercent).toBeCloseTo(2.679359, 5);
    expect(spx?.sparkline.length).toBe(60);
    expect(spx?.sparkline[59]).toBe(Math.fround(2874.560059));
    expect(aapl).toMatchObject<Partial<Quote>>({ symbol: 'AAPL', last: 223.02, previous: 204.62 });
  });

  it('loads and parses each fixture once, even for concurrent first calls', async () => {
    const { handlers, loadText } = fsEngine();
    await Promise.all([handlers.listSymbols(), handlers.getQuotes(['SPX']), handlers.getQuotes(['IBM'])]);
    await handlers.listSymbols();
    expect(loadText.mock.calls.map(([name]) => name).sort()).toEqual(['sp500-2000.csv', 'stocks.csv']);
  });

  it('retries a failed load on the next call', async () => {
    let failures = 1;
    const handlers = createEngine(async (name) => {
      if (failures-- > 0) throw new Error('offline');
      return readFixture(name);
    });
    await expect(handlers.ping()).resolves.toBe('pong');
    await expect(handlers.listSymbols()).rejects.toThrow('offline');
    await expect(handlers.listSymbols()).resolves.toHaveLength(9);
  });
});

describe('dispatchRequest', () => {
  it('answers with the id and the handler value', async () => {
    const { handlers } = fsEngine();
    expect(await dispatchRequest(handlers, { id: 7, method: 'ping', args: [] })).toEqual({
      id: 7,
      ok: true,
      value: 'pong',
    });
    const response = await dispatchRequest(handlers, { id: 8, method: 'getQuotes', args: [['MSFT']] });
    expect(response).toMatchObject({ id: 8, ok: true, value: [{ symbol: 'MSFT', last: 28.8 }] });
  });

  it('returns unknown symbols as an error value', async () => {
    const { handlers } = fsEngine();
    expect(
      await dispatchRequest(handlers, { id: 1, method: 'getQuotes', args: [['SPX', 'NOPE', 'ZZZ']] }),
    ).toEqual({
      id: 1,
      ok: false,
      error: { message: 'Unknown symbol(s): NOPE, ZZZ' },
    });
  });

  it('returns unknown methods, bad arguments and malformed messages as error values', async () => {
    const { handlers, loadText } = fsEngine();
    expect(await dispatchRequest(handlers, { id: 2, method: 'dropTables', args: [] })).toEqual({
      id: 2,
      ok: false,
      error: { message: "Unknown method 'dropTables'" },
    });
    expect(await dispatchRequest(handlers, { id: 3, method: 'toString', args: [] })).toMatchObject({
      ok: false,
      error: { message: "Unknown method 'toString'" },
    });
    expect(await dispatchRequest(handlers, { id: 4, method: 'getQuotes', args: ['SPX'] })).toEqual({
      id: 4,
      ok: false,
      error: { message: 'Invalid arguments for getQuotes' },
    });
    expect(await dispatchRequest(handlers, { id: 5, method: 'getQuotes', args: [[1]] })).toMatchObject({
      ok: false,
    });
    expect(await dispatchRequest(handlers, 'ping')).toEqual({
      id: -1,
      ok: false,
      error: { message: 'Malformed request' },
    });
    expect(await dispatchRequest(handlers, { id: 6, method: 'ping' })).toMatchObject({ id: 6, ok: false });
    expect(loadText).not.toHaveBeenCalled();
  });

  it('answers crash with an error after scheduling the crash', async () => {
    const { handlers, scheduleCrash } = fsEngine();
    expect(await dispatchRequest(handlers, { id: 9, method: 'crash', args: [] })).toEqual({
      id: 9,
      ok: false,
      error: { message: 'Data engine crash requested (test hook)' },
    });
    expect(scheduleCrash).toHaveBeenCalledTimes(1);
  });

  it('turns fixture parse failures into error values', async () => {
    const handlers = createEngine(async (name) => (name === 'stocks.csv' ? 'symbol,date\nX,Jan 1 2000' : ''));
    const response = await dispatchRequest(handlers, { id: 10, method: 'listSymbols', args: [] });
    expect(response).toMatchObject({
      id: 10,
      ok: false,
      error: { message: expect.stringMatching(/missing column/) },
    });
  });
});

describe('exportBarsCsv', () => {
  const spx = { symbol: 'SPX', zone: 'America/New_York', intraday: false };

  it('writes the bars getBars gives for the window, one row each', async () => {
    const { handlers } = fsEngine();
    const window = { from: utcDay(2020, 1, 1), to: utcDay(2020, 4, 17), maxBars: 1_000_000 };
    const bars = await handlers.getBars({ symbol: 'SPX', ...window });
    const result = await handlers.exportBarsCsv({ ...spx, ...window });
    const lines = (await result.csv.text()).trimEnd().split('\n');
    expect(result).toMatchObject({ rows: bars.time.length, merged: false });
    expect(lines).toHaveLength(bars.time.length + 1);
    expect(lines[0]).toBe('time,open,high,low,close,volume');
    expect(lines[1]).toBe(
      `2020-01-02,${bars.open[0]},${bars.high[0]},${bars.low[0]},${bars.close[0]},${bars.volume[0]}`,
    );
    expect(lines.at(-1)?.startsWith('2020-04-17,')).toBe(true);
  });

  it('merges a window longer than maxBars and says how many bars each row holds', async () => {
    const { handlers } = fsEngine();
    const result = await handlers.exportBarsCsv({ ...spx, maxBars: 200 });
    const lines = (await result.csv.text()).trimEnd().split('\n');
    expect(result.merged).toBe(true);
    expect(lines[0]).toBe('time,open,high,low,close,volume,bars');
    const merged = lines.slice(1).map((line) => Number(line.split(',').at(-1)));
    expect(merged.reduce((a, b) => a + b, 0)).toBe(5105);
    expect(result.rows).toBe(lines.length - 1);
  });

  it('lets queued messages in between its parts of 10,000 rows', async () => {
    const yieldToEvents = vi.fn(async () => undefined);
    const handlers = createEngine(async (name: FixtureName) => readFixture(name), { yieldToEvents });
    const result = await handlers.exportBarsCsv({
      symbol: 'SYN-100K',
      maxBars: 1_000_000,
      zone: 'UTC',
      intraday: true,
    });
    expect(result.rows).toBe(100_000);
    expect(yieldToEvents).toHaveBeenCalledTimes(11);
    const text = await result.csv.text();
    expect(text.slice(0, text.indexOf('\n', 40))).toMatch(
      /^time,open,high,low,close,volume\n2020-01-01T00:00:00\+00:00,[\d.]+,/,
    );
  });

  it('refuses a request without a zone or without saying whether it is intraday', async () => {
    const { handlers } = fsEngine();
    for (const args of [
      [{ symbol: 'SPX', maxBars: 10, intraday: false }],
      [{ symbol: 'SPX', maxBars: 10, zone: 'UTC' }],
    ]) {
      const response = await dispatchRequest(handlers, { id: 3, method: 'exportBarsCsv', args });
      expect(response).toMatchObject({ id: 3, ok: false });
    }
  });
});

describe('getBars', () => {
  it("gives the series' last merged bar the count it holds, a piece of its own", async () => {
    const { handlers } = fsEngine();
    const bars = await handlers.getBars({ symbol: 'SPX', maxBars: 200 });
    const last = bars.time.length - 1;
    // 5,105 daily bars in groups of 28: 182 full ones, and 9 in the last.
    expect([bars.factor, last]).toEqual([28, 182]);
    expect(bars.pieces).toEqual([
      { start: 0, factor: 28 },
      { start: 182, factor: 9 },
    ]);
    const whole = await handlers.getBars({ symbol: 'SPX', maxBars: 10_000 });
    expect(whole.pieces).toBeUndefined();
  });

  it("says when a symbol's data holds closes only: a line series' bars are its closes, with no volume", async () => {
    const { handlers } = fsEngine();
    const ibm = await handlers.getBars({ symbol: 'IBM', maxBars: 10_000 });
    expect(ibm.closesOnly).toBe(true);
    expect(Array.from(ibm.open)).toEqual(Array.from(ibm.close));
    expect(ibm.volume.every((v) => v === 0)).toBe(true);
    // At a coarser interval too: its bars are made from closes.
    expect((await handlers.getBars({ symbol: 'IBM', interval: '3M', maxBars: 10_000 })).closesOnly).toBe(
      true,
    );
    expect((await handlers.getBars({ symbol: 'SPX', maxBars: 200 })).closesOnly).toBeUndefined();
  });
});

describe('price decimals', () => {
  it('are read from each series: cents for the index and the stocks, five digits for computed prices', async () => {
    const { handlers } = fsEngine();
    // Synthetic prices are computed, on no tick: they get about five significant digits, so three
    // decimals for SYN-100K (85 to 100) and two for SYN-1M (84 to 156, its median 118).
    for (const [symbol, decimals] of [
      ['SPX', 2],
      ['MSFT', 2],
      ['SYN-100K', 3],
      ['SYN-1M', 2],
    ] as const) {
      const bars = await handlers.getBars({ symbol, maxBars: 500 });
      expect([symbol, bars.priceDecimals]).toEqual([symbol, decimals]);
    }
    const quotes = await handlers.getQuotes(['SPX', 'AAPL']);
    expect(quotes.map((q) => q.priceDecimals)).toEqual([2, 2]);
  });
});
