import { describe, expect, it } from 'vitest';
import { DELIMITERS, detectDelimiter, detectHeader, detectLayout, detectNewline, roleOfName } from './detect';

const lines = (...rows: string[]): string => `${rows.join('\n')}\n`;

describe('detectNewline', () => {
  it('finds LF, CRLF and CR', () => {
    expect(detectNewline('a,b\nc,d\n')).toBe('\n');
    expect(detectNewline('a,b\r\nc,d\r\n')).toBe('\r\n');
    expect(detectNewline('a,b\rc,d\r')).toBe('\r');
    expect(detectNewline('a,b')).toBe('\n');
  });
});

describe('detectDelimiter', () => {
  const rows = [
    ['date', 'open', 'high', 'low', 'close'],
    ['2020-01-02', '1.5', '2', '1', '1.75'],
    ['2020-01-03', '1.75', '2.5', '1.5', '2'],
  ];

  it.each(DELIMITERS)('finds %j', (delimiter) => {
    const text = lines(...rows.map((row) => row.join(delimiter)));
    expect(detectDelimiter(text, '\n', true)).toBe(delimiter);
  });

  it('prefers semicolons over the commas of decimal commas', () => {
    const text = lines('01.02.2020;1,5;2,5;1,0;2,0;100', '02.02.2020;1,5;2,5;1,0;2,0;100');
    expect(detectDelimiter(text, '\n', true)).toBe(';');
  });

  it('is not fooled by delimiters inside quotes', () => {
    const text = lines(
      '"date";"note, with commas, many";"value"',
      '2020-01-02;"a, b, c";1',
      '2020-01-03;"d, e, f";2',
    );
    expect(detectDelimiter(text, '\n', true)).toBe(';');
  });
});

describe('column names', () => {
  it('knows the common names and variants', () => {
    const roles = [
      'Date',
      ' TIME ',
      'timestamp',
      '<DATE>',
      'o',
      'H',
      'l',
      'C',
      'v',
      'Close/Last',
      'Adj Close',
      'Adj. Close',
    ];
    expect(roles.map(roleOfName)).toEqual([
      'date',
      'time',
      'date',
      'date',
      'open',
      'high',
      'low',
      'close',
      'volume',
      'close',
      'adjClose',
      'adjClose',
    ]);
    expect(['Price', 'value', 'Last', 'Vol.', 'symbol'].map(roleOfName)).toEqual([
      'value',
      'value',
      'value',
      'volume',
      undefined,
    ]);
  });
});

describe('detectHeader', () => {
  const body = [['2020-01-02', '1', '2', '0.5', '1.5']];
  it('takes a mostly non-numeric first row with known names as the header', () => {
    expect(detectHeader(['date', 'o', 'h', 'l', 'c'], body)).toBe(true);
    expect(detectHeader(['Datum', 'Eröffnung', 'Hoch', 'Tief', 'Schluss'], body)).toBe(true);
  });
  it('takes a row of numbers and dates as data', () => {
    expect(detectHeader(['2020-01-01', '1', '2', '0.5', '1.5'], body)).toBe(false);
    expect(detectHeader(['date', '1', '2', '0.5', '1.5'], body)).toBe(false);
  });
});

describe('detectLayout', () => {
  it('maps the S&P 500 fixture header', () => {
    const layout = detectLayout(
      lines(
        'date,open,high,low,close,adjclose,volume',
        '2000-01-03,1469.25,1478,1438.36,1455.22,1455.22,931800000',
      ),
      true,
    );
    expect(layout).toMatchObject({
      delimiter: ',',
      hasHeader: true,
      firstRecord: 1,
      fieldCount: 7,
      shape: 'ohlcv',
      columns: { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 6 },
      fatal: null,
    });
  });

  it('maps Nasdaq exports (Close/Last first, dollar signs)', () => {
    const layout = detectLayout(
      lines('Date,Close/Last,Volume,Open,High,Low', '04/17/2020,$282.8,53812480,$284.69,$286.9,$276.86'),
      true,
    );
    expect(layout.columns).toEqual({ time: 0, close: 1, volume: 2, open: 3, high: 4, low: 5 });
  });

  it('uses Adj Close when there is no Close, and reads a single value column as time/value', () => {
    expect(detectLayout(lines('Date,Adj Close', '2020-01-02,3'), true)).toMatchObject({
      shape: 'time-value',
      columns: { time: 0, value: 1 },
    });
    expect(detectLayout(lines('timestamp\tprice', '1577836800\t3.5'), true)).toMatchObject({
      delimiter: '\t',
      shape: 'time-value',
      columns: { time: 0, value: 1 },
    });
  });

  it('notes a partial OHLC header and falls back to the close', () => {
    const layout = detectLayout(lines('date,open,close', '2020-01-02,1,2'), true);
    expect(layout.shape).toBe('time-value');
    expect(layout.notes).toEqual(['No high or low column: the file is read as time and value (the close).']);
  });

  it('infers columns without a header: time, then OHLC, then volume as the last number', () => {
    expect(detectLayout(lines('2020-01-02,1,2,0.5,1.5,1.4,1000'), true)).toMatchObject({
      hasHeader: false,
      shape: 'ohlcv',
      columns: { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 6 },
      columnNames: ['column 1', 'column 2', 'column 3', 'column 4', 'column 5', 'column 6', 'column 7'],
    });
    expect(detectLayout(lines('AAPL;1577836800000;3.5'), true)).toMatchObject({
      delimiter: ';',
      shape: 'time-value',
      columns: { time: 1, value: 2 },
    });
  });

  it('joins a separate time-of-day column (MetaTrader style)', () => {
    expect(detectLayout(lines('2020.01.02,09:30,1.1,1.2,1.0,1.15,100'), true).columns).toEqual({
      time: 0,
      timeOfDay: 1,
      open: 2,
      high: 3,
      low: 4,
      close: 5,
      volume: 6,
    });
    expect(
      detectLayout(lines('<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>', '20200102,093000,1,2,0.5,1.5'), true),
    ).toMatchObject({
      compactDates: true,
      columns: { time: 0, timeOfDay: 1 },
    });
  });

  it('detects decimal commas only with another delimiter', () => {
    const layout = detectLayout(
      lines('Datum;Eröffnung;Hoch;Tief;Schluss', '01.02.2020;1,5;2,5;1,0;2,0'),
      true,
    );
    expect(layout).toMatchObject({ delimiter: ';', decimalComma: true, shape: 'ohlc' });
    expect(detectLayout(lines('date;close', '2020-01-02;1.5'), true).decimalComma).toBe(false);
  });

  it('skips title lines above the header', () => {
    const layout = detectLayout(lines('Prices for ACME', '', 'Date,Close', '2020-01-02,1'), true);
    expect(layout).toMatchObject({ hasHeader: true, firstRecord: 3, columns: { time: 0, value: 1 } });
  });

  it('drops a volume column that is empty in the sample', () => {
    expect(
      detectLayout(lines('date,open,high,low,close,volume', '2020-01-02,1,2,0.5,1.5,'), true).shape,
    ).toBe('ohlc');
  });

  it('honours overrides', () => {
    const text = lines('2020-01-02|1|2', '2020-01-03|1|2');
    expect(detectLayout(text, true, { delimiter: '|', hasHeader: true })).toMatchObject({
      delimiter: '|',
      hasHeader: true,
      columnNames: ['2020-01-02', '1', '2'],
    });
  });

  it('explains why a file cannot be imported', () => {
    expect(detectLayout('', true).fatal).toBe('The file is empty.');
    expect(detectLayout('\n\n \n', true).fatal).toBe('The file is empty.');
    expect(detectLayout(lines('just one column', 'of prose'), true).fatal).toMatch(
      /^Only one column was found/,
    );
    expect(detectLayout('{"a": 1, "b": [1, 2, 3]}', true).fatal).toBe(
      'No column of dates or times was found.',
    );
    expect(detectLayout(lines('date,name', '2020-01-02,x'), true).fatal).toBe(
      'No column of numbers was found.',
    );
  });
});
