import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvImportProgress, type CsvImportReport, createCsvImport, parseCsvText } from './import-csv';

/** Properties run for seconds, more on a loaded machine; the default 5 s is too tight. */
const PROPERTY_TIMEOUT = 60_000;
const SEED = 20261124;
// Shrinking a failure over files of 150 rows takes minutes; stop it after 20 s and report the case so far.
const LIMITS = { seed: SEED, interruptAfterTimeLimit: 20_000 };
const DAY = 86400;
const FROM_1990 = Date.UTC(1990, 0, 1) / 1000;
const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// ---- Writing valid files ------------------------------------------------------------------------

const DAILY_STYLES = [
  'iso-date',
  'us',
  'eu-dot',
  'eu-slash',
  'ymd-slash',
  'month-name',
  'day-month-name',
] as const;
const INTRADAY_STYLES = ['iso-datetime', 'iso-space', 'iso-offset', 'epoch-s', 'epoch-ms'] as const;
type DateStyle = (typeof DAILY_STYLES)[number] | (typeof INTRADAY_STYLES)[number];
type Shape = 'ohlcv' | 'ohlc' | 'time-value';

function writeTime(t: number, style: DateStyle, offsetMinutes: number): string {
  const local = new Date((t + (style === 'iso-offset' ? offsetMinutes * 60 : 0)) * 1000);
  const [y, mo, d] = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
  const clock = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  switch (style) {
    case 'iso-date':
      return `${y}-${pad(mo)}-${pad(d)}`;
    case 'us':
      return `${pad(mo)}/${pad(d)}/${y}`;
    case 'eu-dot':
      return `${pad(d)}.${pad(mo)}.${y}`;
    case 'eu-slash':
      return `${d}/${mo}/${y}`;
    case 'ymd-slash':
      return `${y}/${pad(mo)}/${pad(d)}`;
    case 'month-name':
      return `${MONTHS[mo - 1]} ${d} ${y}`;
    case 'day-month-name':
      return `${pad(d)}-${MONTHS[mo - 1]}-${y}`;
    case 'iso-datetime':
      return `${y}-${pad(mo)}-${pad(d)}T${clock}Z`;
    case 'iso-space':
      return `${y}-${pad(mo)}-${pad(d)} ${clock}`;
    case 'iso-offset':
      return `${y}-${pad(mo)}-${pad(d)}T${clock}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
    case 'epoch-s':
      return String(t);
    case 'epoch-ms':
      return String(Math.round(t * 1000));
  }
}

const NAMES = {
  time: ['date', 'Date', 'DATE', 'timestamp', 'Time', '<DATE>', 'Datetime'],
  open: ['open', 'Open', 'o', 'O', '<OPEN>'],
  high: ['high', 'High', 'h', 'H', '<HIGH>'],
  low: ['low', 'Low', 'l', 'L', '<LOW>'],
  close: ['close', 'Close', 'c', 'Close/Last', '<CLOSE>'],
  volume: ['volume', 'Volume', 'v', 'Vol.', '<VOL>'],
  value: ['value', 'price', 'Price', 'Last', 'close', 'Adj Close'],
};

const finite = fc
  .double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true })
  .map((x) => (x === 0 ? 0 : x));
/** low <= open, close <= high, and any volume. */
const bar = fc
  .tuple(finite, finite, finite, finite, fc.boolean(), finite)
  .map(([a, b, c, d, swap, volume]) => {
    const [low, x, y, high] = [a, b, c, d].sort((p, q) => p - q) as [number, number, number, number];
    return { open: swap ? y : x, high, low, close: swap ? x : y, volume: Math.abs(volume) };
  });

const validFile = fc
  .record({
    style: fc.constantFrom<DateStyle>(...DAILY_STYLES, ...INTRADAY_STYLES),
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    newline: fc.constantFrom('\n', '\r\n'),
    header: fc.boolean(),
    nameChoice: fc.nat(),
    shape: fc.constantFrom<Shape>('ohlcv', 'ohlc', 'time-value'),
    quoted: fc.boolean(),
    trailingNewline: fc.boolean(),
    bom: fc.boolean(),
    rows: fc.uniqueArray(
      fc.record({
        // From 1990 into 2025: rows after the end of next year are row problems, not round trips.
        step: fc.integer({ min: 0, max: 35 * 365 * DAY }),
        bar,
        offset: fc.integer({ min: -720, max: 840 }),
      }),
      {
        selector: (row) => row.step,
        minLength: 1,
        // Files longer than the 64 detection lines, so that pieces are also parsed after detection.
        maxLength: 150,
        size: 'max',
      },
    ),
  })
  .map((file) => {
    const daily = (DAILY_STYLES as readonly string[]).includes(file.style);
    const ms = file.style === 'epoch-ms';
    const rows = file.rows
      .map((row) => {
        if (daily) return { ...row, time: FROM_1990 + Math.floor(row.step / DAY) * DAY };
        // Whole milliseconds, divided once, exactly as the importer does.
        if (ms) return { ...row, time: ((FROM_1990 + row.step) * 1000 + row.offset + 720) / 1000 };
        return { ...row, time: FROM_1990 + row.step };
      })
      .sort((a, b) => a.time - b.time)
      .filter((row, i, all) => i === 0 || row.time !== all[i - 1]?.time);
    const roles =
      file.shape === 'time-value'
        ? ['time', 'value']
        : ['time', 'open', 'high', 'low', 'close', ...(file.shape === 'ohlcv' ? ['volume'] : [])];
    const cell = (text: string) => (file.quoted ? `"${text}"` : text);
    const lines = rows.map((row) =>
      roles
        .map((role) => {
          if (role === 'time') return cell(writeTime(row.time, file.style, row.offset));
          return cell(String(role === 'value' ? row.bar.close : row.bar[role as keyof typeof row.bar]));
        })
        .join(file.delimiter),
    );
    if (file.header) {
      const names = roles.map((role) => NAMES[role as keyof typeof NAMES]);
      lines.unshift(
        names
          .map((options) => cell(options[file.nameChoice % options.length] as string))
          .join(file.delimiter),
      );
    }
    const text =
      (file.bom ? '\uFEFF' : '') + lines.join(file.newline) + (file.trailingNewline ? file.newline : '');
    return { ...file, rows, text };
  });

// ---- Helpers ------------------------------------------------------------------------------------

function importInPieces(
  text: string,
  cuts: number[],
  onProgress?: (p: CsvImportProgress) => void,
): CsvImportReport {
  const stream = createCsvImport(onProgress ? { onProgress } : {});
  const positions = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const at of positions) {
    stream.push(text.slice(from, at));
    from = at;
  }
  stream.push(text.slice(from));
  return stream.finish();
}

/** Invariants of any report, whatever the input. */
function expectWellFormed(report: CsvImportReport): void {
  const { series, rowsKept, rowsRead, problems, repair } = report;
  for (const column of Object.values(series)) expect(column.length).toBe(rowsKept);
  expect(rowsKept).toBeLessThanOrEqual(rowsRead);
  for (let i = 1; i < rowsKept; i++)
    expect(series.time[i] as number).toBeGreaterThan(series.time[i - 1] as number);
  for (let i = 1; i < repair.skipRows.length; i++) {
    expect(repair.skipRows[i] as number).toBeGreaterThan(repair.skipRows[i - 1] as number);
  }
  for (const problem of problems) {
    expect(problem.row).toBeGreaterThanOrEqual(1);
    expect(problem.message).not.toContain('could not be read (');
    if (!problem.fatal) expect(problem.message.startsWith(`Row ${problem.row}: `)).toBe(true);
  }
  expect(report.fatal).toBe(problems.some((problem) => problem.fatal));
}

const csvCharacters = fc.string({
  unit: fc.constantFrom(
    ',',
    ';',
    '\t',
    '|',
    '"',
    '\n',
    '\r',
    ' ',
    '0',
    '1',
    '9',
    '.',
    '-',
    '/',
    ':',
    'a',
    'T',
    'Z',
    'e',
    'N',
  ),
  maxLength: 300,
});
const latin1Bytes = fc.uint8Array({ maxLength: 400 }).map((bytes) => String.fromCharCode(...bytes));
const cuts = fc.array(fc.nat(), { maxLength: 12 });

// ---- Properties ---------------------------------------------------------------------------------

describe('any text', { timeout: PROPERTY_TIMEOUT }, () => {
  it.each([
    ['fc.string', fc.string({ maxLength: 300 })],
    ['full Unicode', fc.string({ unit: 'binary', maxLength: 300 })],
    ['random bytes as latin1', latin1Bytes],
    ['CSV-like characters', csvCharacters],
  ])('%s never throws, gives a well-formed report, and the same in any pieces', (_, text) => {
    fc.assert(
      fc.property(text, cuts, (input, cutsAt) => {
        const whole = parseCsvText(input);
        expectWellFormed(whole);
        // A boolean, not toEqual: a failing run shrinks through hundreds of cases, and diffs are slow.
        expect(isDeepStrictEqual(importInPieces(input, cutsAt), whole)).toBe(true);
      }),
      { ...LIMITS, numRuns: 400 },
    );
  });
});

describe('valid files', { timeout: PROPERTY_TIMEOUT }, () => {
  it('round-trip values and times exactly, with any delimiter, date form, header, quoting and line end', () => {
    fc.assert(
      fc.property(validFile, (file) => {
        if (file.style === 'eu-slash') {
          // Without a day above 12 the column is ambiguous, and is read the US way by design.
          fc.pre(file.rows.some((row) => new Date(row.time * 1000).getUTCDate() > 12));
        }
        const report = parseCsvText(file.text);
        expect(report).toMatchObject({
          fatal: false,
          problems: [],
          shape: file.shape,
          delimiter: file.delimiter,
          hasHeader: file.header,
          rowsRead: file.rows.length,
          rowsKept: file.rows.length,
          repair: { sort: false, dropDuplicates: null, skipRows: [] },
        });
        const bars = file.rows.map((row) => row.bar);
        const { series } = report;
        expect([...series.time]).toEqual(file.rows.map((row) => row.time));
        expect([...series.close]).toEqual(bars.map((b) => b.close));
        if (file.shape === 'time-value') {
          expect([...series.open]).toEqual(bars.map((b) => b.close));
        } else {
          expect([...series.open]).toEqual(bars.map((b) => b.open));
          expect([...series.high]).toEqual(bars.map((b) => b.high));
          expect([...series.low]).toEqual(bars.map((b) => b.low));
        }
        expect([...series.volume]).toEqual(bars.map((b) => (file.shape === 'ohlcv' ? b.volume : 0)));
      }),
      { ...LIMITS, numRuns: 400 },
    );
  });

  it('give the same report when split anywhere, with monotonic progress ending at the totals', () => {
    fc.assert(
      fc.property(validFile, cuts, (file, cutsAt) => {
        const events: CsvImportProgress[] = [];
        const pieces = importInPieces(file.text, cutsAt, (p) => events.push(p));
        expect(isDeepStrictEqual(pieces, parseCsvText(file.text))).toBe(true);
        for (let i = 1; i < events.length; i++) {
          expect(events[i]?.rowsRead).toBeGreaterThanOrEqual(events[i - 1]?.rowsRead as number);
          expect(events[i]?.bytesRead).toBeGreaterThanOrEqual(events[i - 1]?.bytesRead as number);
        }
        expect(events.at(-1)).toEqual({ rowsRead: pieces.rowsRead, bytesRead: file.text.length });
      }),
      { ...LIMITS, numRuns: 300 },
    );
  });

  it('give the same report when split anywhere after junk is inserted anywhere', () => {
    const junk = fc.array(fc.record({ at: fc.nat(), text: csvCharacters }), { maxLength: 4 });
    fc.assert(
      fc.property(validFile, junk, cuts, (file, inserts, cutsAt) => {
        let text = file.text;
        for (const { at, text: piece } of inserts) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + piece + text.slice(i);
        }
        const whole = parseCsvText(text);
        expectWellFormed(whole);
        expect(isDeepStrictEqual(importInPieces(text, cutsAt), whole)).toBe(true);
      }),
      { ...LIMITS, numRuns: 300 },
    );
  });
});
