import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CsvImportProgress, type CsvProblemKind, createCsvImport, parseCsvText } from './import-csv';

/** The streaming tests import 60 000 rows several times; the default 5 s is too tight on a loaded machine. */
const STREAMING_TIMEOUT = 60_000;
const utcDay = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / 1000;
const csv = (...rows: string[]): string => `${rows.join('\n')}\n`;
const kindsAndRows = (text: string) => parseCsvText(text).problems.map((p) => [p.kind, p.row]);

describe('parseCsvText on the S&P 500 fixture', () => {
  it('imports 5105 daily bars with no problems and the right last close', () => {
    const text = readFileSync(new URL('../../fixtures/sp500-2000.csv', import.meta.url), 'utf8');
    const report = parseCsvText(text);
    expect(report).toMatchObject({
      shape: 'ohlcv',
      delimiter: ',',
      hasHeader: true,
      dateFormat: 'YYYY-MM-DD',
      rowsRead: 5105,
      rowsKept: 5105,
      fatal: false,
      problems: [],
      repair: { sort: false, dropDuplicates: null, skipRows: [] },
    });
    expect(Object.values(report.problemCounts).every((count) => count === 0)).toBe(true);
    const { time, open, high, low, close, volume } = report.series;
    expect(time[0]).toBe(utcDay(2000, 1, 3));
    expect([open[0], high[0], low[0], close[0], volume[0]]).toEqual([
      1469.25, 1478, 1438.359985, 1455.219971, 931800000,
    ]);
    expect(time.at(-1)).toBe(utcDay(2020, 4, 17));
    expect(close.at(-1)).toBe(2874.560059);
  });
});

describe('problems, each with its row number', () => {
  const header = 'date,open,high,low,close,volume';
  const good = (day: number) => `2020-01-${String(day).padStart(2, '0')},10,12,9,11,100`;

  it.each<[string, string, CsvProblemKind, string]>([
    ['a word', '2020-01-05,10,12,9,abc,100', 'not-a-number', "Row 5: close 'abc' is not a number"],
    ['NaN', '2020-01-05,NaN,12,9,11,100', 'not-a-number', "Row 5: open 'NaN' is not a number"],
    ['nan', '2020-01-05,10,nan,9,11,100', 'not-a-number', "Row 5: high 'nan' is not a number"],
    ['an empty cell', '2020-01-05,10,12,,11,100', 'not-a-number', 'Row 5: low is empty'],
    [
      'Infinity as a volume',
      '2020-01-05,10,12,9,11,Infinity',
      'no-volume',
      "Row 5: volume 'Infinity' is not a number; the bar is kept with a volume of 0",
    ],
    [
      'high below low',
      '2020-01-05,10,101.2,102.5,11,100',
      'high-below-low',
      'Row 5: high 101.2 is below low 102.5',
    ],
    [
      'open above high',
      '2020-01-05,13,12,9,11,100',
      'open-outside-range',
      'Row 5: open 13 is outside the low-high range 9 to 12',
    ],
    [
      'close below low',
      '2020-01-05,10,12,9,8,100',
      'close-outside-range',
      'Row 5: close 8 is outside the low-high range 9 to 12',
    ],
    ['a bad date', '2020-02-30,10,12,9,11,100', 'bad-date', "Row 5: '2020-02-30' is not a date or time"],
    [
      'missing columns',
      '2020-01-05,10,12',
      'missing-column',
      'Row 5: no low, close, volume columns (3 fields, expected 6)',
    ],
    [
      'a repeated time',
      '2020-01-03,10,12,9,11,100',
      'duplicate-time',
      'Row 5: time 2020-01-03 repeats row 4; the last one is kept',
    ],
    [
      'an earlier time',
      '2020-01-02T12:00:00Z,10,12,9,11,100',
      'unsorted',
      'Row 5: time 2020-01-02T12:00:00Z is earlier than row 4 (2020-01-03)',
    ],
  ])('reports %s', (_, row, kind, message) => {
    const report = parseCsvText(csv(header, good(1), good(2), good(3), row, good(6)));
    expect(report.problems).toEqual([expect.objectContaining({ kind, row: 5, message })]);
    expect(report.problemCounts[kind]).toBe(1);
    expect(report.rowsRead).toBe(5);
  });

  it('names the column of a problem', () => {
    const [problem] = parseCsvText(csv('Date,Open,High,Low,Close', '2020-01-02,1,2,1,x')).problems;
    expect(problem).toMatchObject({ column: 'Close' });
  });

  it('reports blank rows inside the file but not at its end', () => {
    expect(kindsAndRows(csv('date,value', '2020-01-01,1', '', ' , ', '2020-01-02,2', '', ''))).toEqual([
      ['empty-row', 3],
      ['empty-row', 4],
    ]);
  });

  it('reports extra fields without skipping the row', () => {
    const report = parseCsvText(csv('date,value', '2020-01-01,1,extra', '2020-01-02,2'));
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'wrong-field-count', row: 2 })]);
    expect(report.rowsKept).toBe(2);
  });

  it('reports a newest-first file once', () => {
    const report = parseCsvText(csv('date,value', '2020-01-03,3', '2020-01-02,2', '2020-01-01,1'));
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'unsorted', row: 3, message: expect.stringContaining('newest first') }),
    ]);
    expect([...report.series.close]).toEqual([1, 2, 3]);
  });

  it('lists problems in row order, capped, with every problem counted', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `2020-01-${String(30 - i).padStart(2, '0')},x`);
    const report = parseCsvText(csv('date,value', '2020-01-31,1', ...rows, '2020-01-01,1'), {
      maxProblems: 5,
    });
    expect(report.problems.map((p) => p.row)).toEqual([3, 4, 5, 6, 7]);
    expect(report.problemCounts['not-a-number']).toBe(30);
    expect(report.problemCounts.unsorted).toBe(1);
    expect(report.problems.every((p) => p.message.startsWith(`Row ${p.row}: `))).toBe(true);
  });
});

describe('the proposed repair', () => {
  it('sorts, keeps the last duplicate and skips bad rows, and leaves the decision to the caller', () => {
    const report = parseCsvText(
      csv(
        'date,open,high,low,close',
        '2020-01-03,1,2,1,1',
        '2020-01-01,5,6,4,5',
        '2020-01-02,1,0,2,1',
        '2020-01-01,7,8,6,7',
      ),
    );
    expect(report.repair).toEqual({ sort: true, dropDuplicates: 'keep-last', skipRows: [4] });
    expect(report.rowsRead).toBe(4);
    expect(report.rowsKept).toBe(2);
    expect([...report.series.time]).toEqual([utcDay(2020, 1, 1), utcDay(2020, 1, 3)]);
    expect([...report.series.open]).toEqual([7, 1]);
    expect([...report.series.volume]).toEqual([0, 0]);
  });

  it('copies the value into open, high, low and close as separate buffers', () => {
    const { series, shape } = parseCsvText(csv('date,price', '2020-01-01,1.5'));
    expect(shape).toBe('time-value');
    expect([series.open, series.high, series.low, series.close].map((a) => a[0])).toEqual([
      1.5, 1.5, 1.5, 1.5,
    ]);
    expect(
      new Set([series.open.buffer, series.high.buffer, series.low.buffer, series.close.buffer]).size,
    ).toBe(4);
  });
});

describe('day and month order', () => {
  const ambiguous = Array.from({ length: 100 }, (_, i) => `0${1 + (i % 9)}/01/2020,${i}`);

  it('decides from the whole column, even a day above 12 far below the first lines', () => {
    const report = parseCsvText(csv('date,value', ...ambiguous.slice(0, 9), '13/01/2020,5'));
    expect(report).toMatchObject({
      dateOrder: 'day-first',
      dateOrderAssumed: false,
      dateFormat: 'DD/MM/YYYY',
    });
    expect(report.series.time[0]).toBe(utcDay(2020, 1, 1));
    expect(report.series.time.at(-1)).toBe(utcDay(2020, 1, 13));
  });

  it('assumes US order for slashes and says so', () => {
    const report = parseCsvText(csv('date,value', '01/02/2020,1', '01/03/2020,2'));
    expect(report).toMatchObject({ dateOrder: 'month-first', dateOrderAssumed: true });
    expect(report.dateFormat).toBe('MM/DD/YYYY (assumed month first: no field above 12)');
    expect(report.series.time[0]).toBe(utcDay(2020, 1, 2));
  });

  it('assumes EU order for dots, and takes an override', () => {
    expect(parseCsvText(csv('date;value', '01.02.2020;1')).series.time[0]).toBe(utcDay(2020, 2, 1));
    expect(
      parseCsvText(csv('date;value', '01.02.2020;1'), { mapping: { dateOrder: 'month-first' } }).series
        .time[0],
    ).toBe(utcDay(2020, 1, 2));
  });

  it('reports rows that are only valid in the other order as bad dates', () => {
    const report = parseCsvText(csv('date,value', '13/01/2020,1', '01/14/2020,2', '14/01/2020,3'));
    expect(report.dateOrder).toBe('day-first');
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'bad-date', row: 3 })]);
    expect(report.repair.skipRows).toEqual([3]);
  });
});

describe('streaming', { timeout: STREAMING_TIMEOUT }, () => {
  const header = 'time,open,high,low,close,volume';
  const rows = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `${1577836800 + i * 60},${100 + (i % 7)},${110 + (i % 5)},${90 - (i % 3)},100,${i}`,
    );

  it('gives the same report for any piece size and emits monotonic progress', () => {
    const text = csv(header, ...rows(60_000));
    const whole = parseCsvText(text);
    expect(whole.rowsKept).toBe(60_000);
    for (const size of [1 << 20, 65_536, 4099, 7]) {
      const events: CsvImportProgress[] = [];
      const stream = createCsvImport({ onProgress: (p) => events.push(p) });
      for (let at = 0; at < text.length; at += size) stream.push(text.slice(at, at + size));
      expect(stream.finish()).toEqual(whole);
      expect(events.length).toBeGreaterThan(3);
      for (let i = 1; i < events.length; i++) {
        expect(events[i]?.rowsRead).toBeGreaterThanOrEqual(events[i - 1]?.rowsRead as number);
        expect(events[i]?.bytesRead).toBeGreaterThanOrEqual(events[i - 1]?.bytesRead as number);
      }
      expect(events.at(-1)).toEqual({ rowsRead: 60_000, bytesRead: text.length });
    }
  });

  it('gives the same report whatever file size it is told, too small, right or far too large', () => {
    // Rows out of order, a duplicate and a bad row, so that the repair copies the columns too.
    const lines = rows(20_000);
    [lines[500], lines[501]] = [lines[501] as string, lines[500] as string];
    lines[9000] = lines[8999] as string;
    lines[15_000] = 'nope,1,2,3,4,5';
    const text = csv(header, ...lines);
    const whole = parseCsvText(text);
    expect(whole.repair).toMatchObject({ sort: true, dropDuplicates: 'keep-last', skipRows: [15_002] });
    for (const totalBytes of [0, 100, text.length, 50 * text.length]) {
      expect(parseCsvText(text, { totalBytes })).toEqual(whole);
    }
  });

  it('counts the bytes the caller passes', () => {
    const events: CsvImportProgress[] = [];
    const stream = createCsvImport({ onProgress: (p) => events.push(p) });
    stream.push('date,value\n2020-01-01,1\n', 100);
    stream.push('2020-01-02,2\n', 50);
    stream.finish();
    expect(events).toEqual([{ rowsRead: 2, bytesRead: 150 }]);
  });

  it('reads a sample cut in the middle of a long first line', () => {
    const long = `date,${'x'.repeat(70_000)},value`;
    const report = parseCsvText(csv(long, '2020-01-01,a,1'));
    expect(report).toMatchObject({
      fatal: false,
      hasHeader: true,
      rowsKept: 1,
      columns: { time: 0, value: 2 },
    });
  });

  it('stops with a fatal problem on a record longer than 1 MB (an unclosed quote)', () => {
    const report = parseCsvText(csv(header, ...rows(3), `"${'y'.repeat(1_100_000)}`, ...rows(3)));
    expect(report).toMatchObject({
      fatal: true,
      rowsKept: 0,
      problems: [{ kind: 'wrong-field-count', row: 5 }],
    });
  });

  it('strips a byte-order mark, reads CRLF, quotes and a title line', () => {
    const text = '\uFEFFACME daily\r\n"Date","Close"\r\n"2020-01-01","1,234.5"\r\n2020-01-02,"2"\r\n';
    const report = parseCsvText(text);
    expect(report).toMatchObject({
      hasHeader: true,
      columnNames: ['Date', 'Close'],
      problems: [],
      rowsKept: 2,
    });
    expect([...report.series.close]).toEqual([1234.5, 2]);
  });

  it('joins a date and a time column', () => {
    const report = parseCsvText(
      csv('Date,Time,Open,High,Low,Close', '2020-01-02,09:30,1,2,0.5,1.5', '2020-01-02,09:31,1,2,0.5,1.5'),
    );
    expect([...report.series.time]).toEqual([
      utcDay(2020, 1, 2) + 9.5 * 3600,
      utcDay(2020, 1, 2) + 9.5 * 3600 + 60,
    ]);
    expect(report.dateFormat).toBe('YYYY-MM-DD, time of day in Time');
  });

  it('refuses to be fed after finishing', () => {
    const stream = createCsvImport();
    stream.finish();
    expect(() => stream.push('a')).toThrow('push() after finish()');
    expect(() => stream.finish()).toThrow('finish() called twice');
  });
});

describe('files that are not price CSVs', () => {
  it.each([
    ['empty', '', 'The file is empty.'],
    ['JSON', '{"bars": [{"t": 1, "c": 2}]}', 'No column of dates or times was found.'],
    ['prose', 'Dear user\nthis is a letter.\n', 'Only one column was found'],
    [
      'prose with commas',
      'Dear user,\nthis is, as you see, a letter.\n',
      'No column of dates or times was found.',
    ],
    ['binary', '\u0000\u0001PNG\r\n\u001a\n\u0000\u0000IHDR', 'Only one column was found'],
    ['a list of names', 'name,city\nAda,London\n', 'No column of dates or times was found.'],
  ])('%s gives a fatal problem, not an exception', (_, text, message) => {
    const report = parseCsvText(text);
    expect(report.fatal).toBe(true);
    expect(report.rowsKept).toBe(0);
    expect(report.series.time.length).toBe(0);
    expect(report.problems).toEqual([
      expect.objectContaining({ kind: 'missing-column', row: 1, fatal: true }),
    ]);
    expect(report.problems[0]?.message).toContain(message);
  });
});
