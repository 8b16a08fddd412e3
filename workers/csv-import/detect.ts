import Papa from 'papaparse';
import type { CsvColumns, CsvMapping, CsvShape } from '../../core/csv-import/types';
import { createTimeCellReading, parseTimeOfDay, readTimeCell } from './dates';
import { hasDecimalComma, hasDecimalPoint, looksNumeric, parseNumberCell } from './numbers';

/**
 * Detection from the first lines of a file: delimiter, line ending, header, and which column holds
 * what. Parsing is papaparse's; this module only decides how to read its rows.
 */

export type Newline = '\n' | '\r\n' | '\r';

export interface CsvLayout {
  delimiter: string;
  newline: Newline;
  hasHeader: boolean;
  /** 1-based record number of the header (or first data row); blank or title lines come before it. */
  firstRecord: number;
  /** Fields per row: the header's, or the most common count without a header. */
  fieldCount: number;
  shape: CsvShape;
  columns: CsvColumns;
  columnNames: string[];
  decimalComma: boolean;
  /** 8-digit integers in the time column are `YYYYMMDD`, not epoch seconds. */
  compactDates: boolean;
  /** Non-fatal header remarks, reported as `missing-column` problems of the header row. */
  notes: string[];
  /** Why the file cannot be imported, or null. */
  fatal: string | null;
}

export type LayoutOverrides = Omit<CsvMapping, 'dateOrder'>;

/**
 * A file's shape as detection sees it, before any mapping: the delimiter and the header's column
 * names, or the column count and the first row's kinds of cell without a header. Files exported by
 * one platform share it, so a mapping the user chose is applied to the next file of that shape.
 */
export function shapeKeyOf(layout: CsvLayout): string {
  const columns = layout.hasHeader ? layout.columnNames.map(normalizeName).join(',') : `${layout.fieldCount}`;
  return `${JSON.stringify(layout.delimiter)}|${layout.hasHeader ? 'header' : 'no header'}|${columns}`;
}

export const DELIMITERS: readonly string[] = [',', ';', '\t', '|'];
/** Rows of the sample used to judge columns. */
export const SAMPLE_ROWS = 50;

type Role = 'date' | 'time' | 'open' | 'high' | 'low' | 'close' | 'adjClose' | 'volume' | 'value';

const NAME_ROLES: ReadonlyMap<string, Role> = new Map<string, Role>([
  ...['date', 'datetime', 'timestamp', 'dt', 'ts', 'day', 'unix', 'unixtime', 'epoch', 'tradedate'].map(
    (name) => [name, 'date'] as const,
  ),
  ['time', 'time'],
  ...['open', 'o', 'openprice', 'opening'].map((name) => [name, 'open'] as const),
  ...['high', 'h', 'highprice'].map((name) => [name, 'high'] as const),
  ...['low', 'l', 'lowprice'].map((name) => [name, 'low'] as const),
  ...['close', 'c', 'closelast', 'closeprice', 'closing'].map((name) => [name, 'close'] as const),
  ...['adjclose', 'adjustedclose', 'adjcloseprice'].map((name) => [name, 'adjClose'] as const),
  ...['volume', 'v', 'vol', 'tickvolume', 'tickvol'].map((name) => [name, 'volume'] as const),
  ...['value', 'price', 'last', 'lastprice', 'y', 'val', 'rate'].map((name) => [name, 'value'] as const),
]);

/** `Adj. Close`, `<CLOSE>`, `Close/Last`, ` open ` all reduce to letters and digits, lower case. */
const normalizeName = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

export const roleOfName = (cell: string): Role | undefined => NAME_ROLES.get(normalizeName(cell));

const reading = createTimeCellReading();

function timeFamilyOf(cell: string, compactDates = false): string {
  readTimeCell(cell, compactDates, reading);
  return Number.isNaN(reading.monthFirst) && Number.isNaN(reading.dayFirst) ? 'none' : reading.family;
}

const isBlank = (cell: string): boolean => cell.trim() === '';
const isBlankRow = (row: readonly string[]): boolean => row.every(isBlank);
const isTyped = (cell: string): boolean => looksNumeric(cell) || timeFamilyOf(cell) !== 'none';

export function detectNewline(sample: string): Newline {
  const lf = sample.indexOf('\n');
  const cr = sample.indexOf('\r');
  if (cr === -1 || (lf !== -1 && lf < cr)) return '\n';
  return sample.charCodeAt(cr + 1) === 10 ? '\r\n' : '\r';
}

/** All records of the sample; without `complete` the last one may be cut off, so it is dropped. */
export function parseSample(
  sample: string,
  delimiter: string,
  newline: Newline,
  complete: boolean,
): string[][] {
  const rows = Papa.parse<string[]>(sample, { delimiter, newline, quoteChar: '"' }).data;
  return complete || rows.length < 2 ? rows : rows.slice(0, -1);
}

/** Papa's guess among `, ; tab |`, kept unless another delimiter splits the lines more consistently. */
export function detectDelimiter(sample: string, newline: Newline, complete: boolean): string {
  const guessed = Papa.parse<string[]>(sample, {
    newline,
    delimitersToGuess: [...DELIMITERS],
    preview: SAMPLE_ROWS,
  }).meta.delimiter;
  const candidates = DELIMITERS.includes(guessed)
    ? [guessed, ...DELIMITERS.filter((d) => d !== guessed)]
    : DELIMITERS;
  let best = candidates[0] as string;
  let bestScore = 0;
  for (const delimiter of candidates) {
    const rows = parseSample(sample, delimiter, newline, complete)
      .filter((row) => !isBlankRow(row))
      .slice(0, SAMPLE_ROWS);
    const score = delimiterScore(rows);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** Consistent field counts of at least two, cells that are numbers or dates, and known header names. */
function delimiterScore(rows: readonly string[][]): number {
  const fieldCount = modalLength(rows);
  if (fieldCount < 2) return 0;
  const consistency = rows.filter((row) => row.length === fieldCount).length / rows.length;
  const body = rows.length > 1 ? rows.slice(1) : rows;
  let cells = 0;
  let typed = 0;
  for (const row of body) {
    for (const cell of row) {
      cells++;
      if (isTyped(cell)) typed++;
    }
  }
  const header = rows[0] ?? [];
  const known = header.filter((cell) => roleOfName(cell) !== undefined).length / header.length;
  return consistency * (1 + typed / Math.max(1, cells) + known);
}

function modalLength(rows: readonly string[][]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const row of rows) {
    const count = (counts.get(row.length) ?? 0) + 1;
    counts.set(row.length, count);
    if (count > bestCount || (count === bestCount && row.length > best)) {
      best = row.length;
      bestCount = count;
    }
  }
  return best;
}

/** A first row that is mostly text, with a known column name or above rows of numbers and dates. */
export function detectHeader(first: readonly string[], body: readonly string[][]): boolean {
  const textual = first.filter((cell) => !isBlank(cell) && !isTyped(cell)).length;
  if (textual * 2 <= first.length) return false;
  if (first.some((cell) => roleOfName(cell) !== undefined)) return true;
  let cells = 0;
  let typed = 0;
  for (const row of body) {
    for (const cell of row) {
      cells++;
      if (isTyped(cell)) typed++;
    }
  }
  return typed * 2 >= cells;
}

const fatalLayout = (delimiter: string, newline: Newline, fatal: string): CsvLayout => ({
  delimiter,
  newline,
  hasHeader: false,
  firstRecord: 1,
  fieldCount: 0,
  shape: 'time-value',
  columns: { time: -1 },
  columnNames: [],
  decimalComma: false,
  compactDates: false,
  notes: [],
  fatal,
});

/** Decides how to read the file from its first lines (`sample`; `complete` when it ends at a line end). */
export function detectLayout(sample: string, complete: boolean, overrides: LayoutOverrides = {}): CsvLayout {
  const newline = detectNewline(sample);
  const delimiter =
    overrides.delimiter && !Papa.BAD_DELIMITERS.includes(overrides.delimiter)
      ? overrides.delimiter
      : detectDelimiter(sample, newline, complete);
  const records = parseSample(sample, delimiter, newline, complete);
  if (records.every(isBlankRow)) return fatalLayout(delimiter, newline, 'The file is empty.');
  const firstIndex = records.findIndex((row) => row.length >= 2);
  if (firstIndex === -1) {
    return fatalLayout(
      delimiter,
      newline,
      'Only one column was found: expected a time column and one or more price columns. Is this a CSV file?',
    );
  }
  const first = records[firstIndex] as string[];
  const rest = records
    .slice(firstIndex + 1)
    .filter((row) => !isBlankRow(row))
    .slice(0, SAMPLE_ROWS);
  const hasHeader = overrides.hasHeader ?? detectHeader(first, rest);
  const body = hasHeader ? rest : [first, ...rest].slice(0, SAMPLE_ROWS);
  const fieldCount = hasHeader ? first.length : modalLength(body);
  const columnNames = hasHeader
    ? first.map((name, i) => name.trim() || `column ${i + 1}`)
    : Array.from({ length: fieldCount }, (_, i) => `column ${i + 1}`);
  const layout: CsvLayout = {
    ...fatalLayout(delimiter, newline, ''),
    hasHeader,
    firstRecord: firstIndex + 1,
    fieldCount,
    columnNames,
    fatal: null,
  };
  const cellsOf = (column: number): string[] =>
    body.map((row) => row[column] ?? '').filter((cell) => !isBlank(cell));
  if (overrides.columns !== undefined) return takeChosenColumns(layout, overrides.columns, cellsOf);
  return assignColumns(layout, hasHeader ? first : null, cellsOf);
}

/** The columns the user chose, checked against the file: each must exist, and a time column is needed. */
function takeChosenColumns(
  layout: CsvLayout,
  columns: CsvColumns,
  cellsOf: (column: number) => string[],
): CsvLayout {
  const width = layout.fieldCount;
  const roles = Object.entries(columns).filter(([, index]) => index !== undefined);
  const outside = roles.find(([, index]) => !(Number.isInteger(index) && index >= 0 && index < width));
  if (outside) return { ...layout, fatal: `The ${outside[0]} column is not in the file (it has ${width}).` };
  const ohlc = [columns.open, columns.high, columns.low, columns.close];
  const complete = ohlc.every((index) => index !== undefined);
  if (!complete && columns.value === undefined && columns.close === undefined) {
    return { ...layout, fatal: 'Choose a close (or value) column, or all of open, high, low and close.' };
  }
  const chosen: CsvColumns = complete
    ? { ...columns, value: undefined }
    : { time: columns.time, timeOfDay: columns.timeOfDay, value: columns.value ?? columns.close };
  const timeCells = cellsOf(chosen.time);
  return {
    ...layout,
    columns: chosen,
    shape: chosen.value !== undefined ? 'time-value' : chosen.volume !== undefined ? 'ohlcv' : 'ohlc',
    compactDates:
      timeCells.length > 0 &&
      timeCells.every(
        (cell) => /^\s*(\d{8}|\d{12})\s*$/.test(cell) && timeFamilyOf(cell, true) === 'yyyymmdd',
      ),
    decimalComma: layout.delimiter !== ',' && detectDecimalComma(chosen, cellsOf),
  };
}

function assignColumns(
  layout: CsvLayout,
  header: readonly string[] | null,
  cellsOf: (column: number) => string[],
): CsvLayout {
  const width = Math.max(layout.fieldCount, header?.length ?? 0);
  const named = new Map<Role, number>();
  header?.forEach((cell, i) => {
    const role = roleOfName(cell);
    if (role !== undefined && !named.has(role)) named.set(role, i);
  });
  // By position only `HH:MM` counts; a column named `time` may also hold `HHMM` or `HHMMSS`.
  const isTimeOfDayColumn = (column: number, named: boolean): boolean => {
    const cells = cellsOf(column);
    const ok = cells.filter(
      (cell) => (named || cell.includes(':')) && !Number.isNaN(parseTimeOfDay(cell)),
    ).length;
    return cells.length > 0 && ok >= 0.8 * cells.length;
  };

  const columns: CsvColumns = { time: -1 };
  const date = named.get('date');
  const clock = named.get('time');
  if (date !== undefined) {
    columns.time = date;
    if (clock !== undefined && isTimeOfDayColumn(clock, true)) columns.timeOfDay = clock;
  } else if (clock !== undefined) {
    columns.time = clock;
  } else {
    columns.time = inferTimeColumn(width, cellsOf);
    const next = columns.time + 1;
    if (
      columns.time >= 0 &&
      next < width &&
      (header === null || !roleOfName(header[next] ?? '')) &&
      isTimeOfDayColumn(next, false)
    ) {
      columns.timeOfDay = next;
    }
  }
  if (columns.time < 0) return { ...layout, fatal: 'No column of dates or times was found.' };
  const timeCells = cellsOf(columns.time);
  layout.compactDates =
    timeCells.length > 0 &&
    timeCells.every((cell) => /^\s*(\d{8}|\d{12})\s*$/.test(cell) && timeFamilyOf(cell, true) === 'yyyymmdd');

  const [open, high, low] = [named.get('open'), named.get('high'), named.get('low')];
  const ohl = open !== undefined && high !== undefined && low !== undefined;
  // Beside open, high and low, a `Price` or `Last` column is the close (Investing.com's `Price`).
  const close = named.get('close') ?? named.get('adjClose') ?? (ohl ? named.get('value') : undefined);
  if (ohl && close !== undefined) {
    Object.assign(columns, { open, high, low, close });
    const volume = named.get('volume');
    // A volume column with no number in the sample (empty, or `NaN` throughout, as TradingView writes
    // for a symbol without volume) is left out: the file is OHLC bars.
    if (volume !== undefined && cellsOf(volume).some(looksNumeric)) columns.volume = volume;
    else if (volume !== undefined && cellsOf(volume).length > 0) {
      const name = header?.[volume]?.trim() || 'volume';
      layout.notes.push(`The ${name} column holds no numbers: the bars are imported without volume.`);
    }
  } else if (close !== undefined || named.has('value')) {
    columns.value = close ?? named.get('value');
    const missing = (['open', 'high', 'low'] as const).filter((role) => !named.has(role));
    if (missing.length > 0 && missing.length < 3) {
      layout.notes.push(`No ${missing.join(' or ')} column: the file is read as time and value (the close).`);
    }
  } else {
    const taken = new Set([columns.time, columns.timeOfDay]);
    const numeric = Array.from({ length: width }, (_, i) => i).filter((i) => {
      const cells = cellsOf(i);
      return !taken.has(i) && cells.length > 0 && cells.filter(looksNumeric).length >= 0.8 * cells.length;
    });
    if (numeric.length === 0) return { ...layout, columns, fatal: 'No column of numbers was found.' };
    if (numeric.length >= 4) {
      const [o, h, l, c] = numeric as [number, number, number, number];
      Object.assign(columns, { open: o, high: h, low: l, close: c });
      const volume = numeric
        .slice(4)
        .find((column, i, after) => i === after.length - 1 || !isPriceColumn(column, l, h, cellsOf));
      if (volume !== undefined) columns.volume = volume;
    } else {
      columns.value = numeric[0] as number;
    }
  }
  layout.columns = columns;
  layout.shape = columns.value !== undefined ? 'time-value' : columns.volume !== undefined ? 'ohlcv' : 'ohlc';
  layout.decimalComma = layout.delimiter !== ',' && detectDecimalComma(columns, cellsOf);
  return layout;
}

/**
 * Whether a column after the close holds prices (an adjusted close): every sampled cell within its
 * row's low and high. Without a header, the volume is the first number after the close that is not a
 * price, else the last: MetaTrader's last column, Binance's sixth of twelve, the last after Yahoo's
 * adjusted close.
 */
function isPriceColumn(
  column: number,
  low: number,
  high: number,
  cellsOf: (column: number) => string[],
): boolean {
  const cells = cellsOf(column);
  const lows = cellsOf(low);
  const highs = cellsOf(high);
  if (cells.length === 0 || lows.length !== cells.length || highs.length !== cells.length) return false;
  const number = (cell: string) => {
    const value = parseNumberCell(cell, false);
    return Number.isNaN(value) ? parseNumberCell(cell, true) : value;
  };
  return cells.every((cell, i) => {
    const value = number(cell);
    return value >= number(lows[i] as string) && value <= number(highs[i] as string);
  });
}

/** The first column of dates (most cells), else the first of epoch-like integers or `YYYYMMDD`. */
function inferTimeColumn(width: number, cellsOf: (column: number) => string[]): number {
  const share = (column: number, test: (cell: string) => boolean): boolean => {
    const cells = cellsOf(column);
    return cells.length > 0 && cells.filter(test).length >= 0.8 * cells.length;
  };
  for (let i = 0; i < width; i++) {
    if (share(i, (cell) => ['iso', 'numeric-date', 'month-name'].includes(timeFamilyOf(cell)))) return i;
  }
  for (let i = 0; i < width; i++) {
    const epochLike = (cell: string): boolean =>
      timeFamilyOf(cell, true) === 'yyyymmdd' ||
      (timeFamilyOf(cell).startsWith('epoch') && Math.abs(+cell) >= 1e8);
    if (share(i, epochLike)) return i;
  }
  return -1;
}

function detectDecimalComma(columns: CsvColumns, cellsOf: (column: number) => string[]): boolean {
  let comma = 0;
  let point = 0;
  for (const column of [columns.open, columns.high, columns.low, columns.close, columns.value]) {
    if (column === undefined) continue;
    for (const cell of cellsOf(column)) {
      if (hasDecimalComma(cell)) comma++;
      else if (hasDecimalPoint(cell)) point++;
    }
  }
  return comma > 0 && comma >= point;
}
