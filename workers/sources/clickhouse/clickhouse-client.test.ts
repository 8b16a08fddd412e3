import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainFailure, parseServerError, queryUrl, runQuery, SourceError } from './clickhouse-client';
import { decodeBars } from './clickhouse-source';
import { BAR_ROW_BYTES, barsSql, paramsRow, tsvField } from './clickhouse-sql';

const connection = { url: 'http://127.0.0.1:8123', database: 'market', user: 'workstation' };

describe('the query a source sends', () => {
  it('carries the symbol in the params table, never in the SQL or the URL', () => {
    const symbol = "X'; DROP TABLE trades; --";
    const url = queryUrl(connection, barsSql(60), true);
    expect(url).not.toContain('DROP');
    expect(barsSql(60)).not.toContain(symbol);
    expect(paramsRow({ symbol, step: 60, from: 0, to: 100 })).toBe(`${symbol}\t60\t0\t100\n`);
    const parsed = new URL(url).searchParams;
    expect(parsed.get('user')).toBe('workstation');
    expect(parsed.get('max_execution_time')).toBe('20');
    expect(parsed.get('result_overflow_mode')).toBe('throw');
    expect(parsed.get('params_structure')).toBe('symbol String, step UInt32, from UInt32, to UInt32');
    expect(parsed.has('password')).toBe(false);
  });

  it('escapes what TabSeparated reads as a separator', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const field = tsvField(text);
        expect(field).not.toMatch(/[\t\n\r]/);
        const back = field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? c);
        expect(back).toBe(text);
      }),
    );
  });

  it('writes only a whole bucket of seconds into the text, up to a week', () => {
    expect(barsSql(900)).toContain('intDiv(toUInt32(time), 900) * 900');
    expect(() => barsSql(0)).toThrow(RangeError);
    expect(() => barsSql(1.5)).toThrow(RangeError);
    expect(() => barsSql(8 * 86_400)).toThrow(RangeError);
    expect(() => barsSql(Number.NaN)).toThrow(RangeError);
  });

  it('refuses a window that is not made of UInt32 seconds', () => {
    expect(() => paramsRow({ symbol: 'A', step: 60, from: -1, to: 5 })).toThrow(RangeError);
    expect(() => paramsRow({ symbol: 'A', step: 60, from: 0.5, to: 5 })).toThrow(RangeError);
    expect(() => paramsRow({ symbol: 'A', step: 60, from: 0, to: 2 ** 32 })).toThrow(RangeError);
  });
});

describe('a server’s failures', () => {
  it('reads the message of 18.16 and of today’s servers', () => {
    expect(
      parseServerError(
        "Code: 60, e.displayText() = DB::Exception: Table market.trades doesn't exist., e.what() = DB::Exception\n",
      ),
    ).toEqual({ code: 60, message: "Table market.trades doesn't exist." });
    expect(
      parseServerError(
        'Code: 60. DB::Exception: Table market.trades does not exist. (UNKNOWN_TABLE) (version 24.8.4.13 (official build))\n',
      ),
    ).toEqual({ code: 60, message: 'Table market.trades does not exist.' });
  });

  it('says what to do for a missing table, a time limit and a refused user', () => {
    expect(
      explainFailure(
        connection,
        404,
        "Code: 60, e.displayText() = DB::Exception: Table market.trades doesn't exist., e.what() = DB::Exception",
      ),
    ).toBe(
      "ClickHouse at http://127.0.0.1:8123 has no such table in market (Table market.trades doesn't exist.): load the market with npm run history",
    );
    expect(
      explainFailure(
        connection,
        500,
        'Code: 159, e.displayText() = DB::Exception: Timeout exceeded, e.what() = DB::Exception',
      ),
    ).toMatch(/stopped the query at its limit of 20 s/);
    expect(
      explainFailure(
        connection,
        500,
        'Code: 516. DB::Exception: workstation: Authentication failed. (AUTHENTICATION_FAILED)',
      ),
    ).toMatch(/refused the user workstation .*feeds\.config\.json/);
    expect(explainFailure(connection, 502, 'Bad Gateway')).toBe(
      'ClickHouse at http://127.0.0.1:8123 answered 502: Bad Gateway',
    );
  });

  it('tells a server that does not answer from one that refused the query', async () => {
    const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const failure = await runQuery(connection, 'SELECT 1', null, down).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as SourceError).unreachable).toBe(true);
    expect((failure as SourceError).message).toBe(
      'ClickHouse at http://127.0.0.1:8123 does not answer: is the server running? (npm run history starts one)',
    );
    const refusing = (async () =>
      new Response(
        "Code: 81, e.displayText() = DB::Exception: Database market doesn't exist, e.what() = DB::Exception",
        {
          status: 404,
        },
      )) as typeof fetch;
    const refused = await runQuery(connection, 'SELECT 1', null, refusing).catch((error: unknown) => error);
    expect((refused as SourceError).unreachable).toBe(false);
    expect((refused as SourceError).message).toMatch(
      /has no database market: load the market with npm run history/,
    );
  });
});

function encode(rows: Array<[number, number, number, number, number, number]>): ArrayBuffer {
  const buffer = new ArrayBuffer(rows.length * BAR_ROW_BYTES);
  const view = new DataView(buffer);
  rows.forEach(([time, ...values], i) => {
    view.setUint32(i * BAR_ROW_BYTES, time, true);
    values.forEach((value, k) => {
      view.setFloat64(i * BAR_ROW_BYTES + 4 + k * 8, value, true);
    });
  });
  return buffer;
}

const barRowsArb = fc
  .array(
    fc.tuple(
      fc.integer({ min: 1, max: 86_400 }),
      fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
      fc.double({ min: 0.0001, max: 1e6, noNaN: true }),
      fc.double({ min: 0, max: 1e9, noNaN: true }),
    ),
    { maxLength: 200 },
  )
  .map((list) => {
    let time = 1_600_000_000;
    return list.map(([gap, a, b, volume]): [number, number, number, number, number, number] => {
      time += gap;
      return [time, a, Math.max(a, b), Math.min(a, b), b, volume];
    });
  });

describe('decodeBars', () => {
  const malformed = (problem: string) => new Error(problem);

  it('reads every RowBinary row into its columns', () => {
    fc.assert(
      fc.property(barRowsArb, (rows) => {
        const bars = decodeBars(encode(rows), malformed);
        expect(Array.from(bars.time)).toEqual(rows.map((r) => r[0]));
        expect(Array.from(bars.open)).toEqual(rows.map((r) => r[1]));
        expect(Array.from(bars.high)).toEqual(rows.map((r) => r[2]));
        expect(Array.from(bars.low)).toEqual(rows.map((r) => r[3]));
        expect(Array.from(bars.close)).toEqual(rows.map((r) => r[4]));
        expect(Array.from(bars.volume)).toEqual(rows.map((r) => r[5]));
      }),
    );
  });

  it('names the first malformed row', () => {
    expect(() => decodeBars(new ArrayBuffer(45), malformed)).toThrow(
      '45 bytes is not a whole number of 44-byte bars',
    );
    expect(() =>
      decodeBars(
        encode([
          [10, 1, 2, 1, 1, 1],
          [10, 1, 2, 1, 1, 1],
        ]),
        malformed,
      ),
    ).toThrow('bar 2 is not after the one before');
    expect(() => decodeBars(encode([[10, 3, 2, 1, 1, 1]]), malformed)).toThrow(
      'bar 1 has prices outside its high and low',
    );
    expect(() => decodeBars(encode([[10, Number.NaN, 2, 1, 1, 1]]), malformed)).toThrow(
      'bar 1 has prices outside',
    );
    expect(() => decodeBars(encode([[10, 1, 2, 1, 1, -1]]), malformed)).toThrow(
      'bar 1 has a negative volume',
    );
  });
});
