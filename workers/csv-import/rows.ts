import { formatCell, ProblemLog } from '../../core/csv-import/problems';
import {
  createTimeCellReading,
  isImportableTime,
  LAST_IMPORT_YEAR,
  parseTimeOfDay,
  readTimeCell,
  type TimeFamily,
} from './dates';
import type { CsvLayout } from './detect';
import { parseNumberCell } from './numbers';

const INITIAL_CAPACITY = 1024;

function grow(array: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(capacity);
  next.set(array);
  return next;
}

const isBlank = (cell: string): boolean =>
  cell.length === 0 || (cell.charCodeAt(0) <= 32 && cell.trim() === '');

/**
 * Checks each data row on its own (time, numbers, high/low) and stores the good ones in columns
 * that grow by doubling; bad rows are only counted, listed and skipped. Checks that need the whole
 * column (day/month order, sort order, duplicates) are left to `repairSeries`.
 */
export class RowReader {
  length = 0;
  time: Float64Array;
  /** The time read day-first, kept only once a `first/second/year` date is met. */
  dayFirstTime: Float64Array | null = null;
  open: Float64Array | null;
  high: Float64Array | null;
  low: Float64Array | null;
  close: Float64Array;
  volume: Float64Array | null;
  rowNumber: Float64Array;

  rowsRead = 0;
  readonly skipRows: number[] = [];
  readonly log: ProblemLog;
  /** Evidence for the day/month order: the largest first and second fields of `a/b/year` dates. */
  maxFirst = 0;
  maxSecond = 0;
  /** The first good time cell's form, for the report's date format. */
  timeFamily: TimeFamily = 'none';
  separator = '';
  hasTime = false;
  /** The separator of the first `a/b/year` date, whose convention decides an ambiguous order. */
  numericDateSeparator = '';

  private readonly reading = createTimeCellReading();
  private readonly pendingEmpty: number[] = [];
  private readonly timeColumn: number;
  private readonly clockColumn: number;
  private readonly openColumn: number;
  private readonly highColumn: number;
  private readonly lowColumn: number;
  private readonly closeColumn: number;
  private readonly volumeColumn: number;
  private readonly requiredWidth: number;

  /** `expectedRows` sizes the columns (they grow by doubling past it). */
  constructor(
    private readonly layout: CsvLayout,
    maxProblems: number,
    expectedRows = 0,
  ) {
    const { columns } = layout;
    const bars = layout.shape !== 'time-value';
    const capacity = Math.max(INITIAL_CAPACITY, expectedRows);
    this.time = new Float64Array(capacity);
    this.close = new Float64Array(capacity);
    this.rowNumber = new Float64Array(capacity);
    this.open = bars ? new Float64Array(capacity) : null;
    this.high = bars ? new Float64Array(capacity) : null;
    this.low = bars ? new Float64Array(capacity) : null;
    this.volume = columns.volume !== undefined ? new Float64Array(capacity) : null;
    this.timeColumn = columns.time;
    this.clockColumn = columns.timeOfDay ?? -1;
    this.openColumn = columns.open ?? -1;
    this.highColumn = columns.high ?? -1;
    this.lowColumn = columns.low ?? -1;
    this.closeColumn = (bars ? columns.close : columns.value) ?? -1;
    this.volumeColumn = columns.volume ?? -1;
    this.requiredWidth =
      1 +
      Math.max(
        this.timeColumn,
        this.clockColumn,
        this.openColumn,
        this.highColumn,
        this.lowColumn,
        this.closeColumn,
        this.volumeColumn,
      );
    this.log = new ProblemLog(maxProblems);
    for (const note of layout.notes) {
      this.log.add('missing-column', layout.firstRecord, undefined, () => note);
    }
  }

  /** One record of the file after the header; `rowNumber` is its 1-based record number. */
  read(row: readonly string[], rowNumber: number): void {
    if (isBlank(row[0] as string) && row.every(isBlank)) {
      // Reported only once a data row follows, so that blank lines at the end are not problems.
      this.pendingEmpty.push(rowNumber);
      return;
    }
    if (this.pendingEmpty.length > 0) this.flushEmptyRows();
    this.rowsRead++;
    if (row.length < this.requiredWidth) {
      this.reportMissingColumn(row.length, rowNumber);
      this.skipRows.push(rowNumber);
      return;
    }
    const { fieldCount } = this.layout;
    if (row.length !== fieldCount) {
      this.log.add(
        'wrong-field-count',
        rowNumber,
        undefined,
        () => `has ${row.length} fields, expected ${fieldCount}`,
      );
    }
    let ok = this.readTime(row, rowNumber);
    const closeValue = parseNumberCell(row[this.closeColumn] as string, this.layout.decimalComma);
    if (Number.isNaN(closeValue) && this.priceless(row)) {
      // One problem for the row, not one per column: a day the exporter had no prices for.
      if (ok) this.reportPriceless(row, rowNumber);
      this.skipRows.push(rowNumber);
      return;
    }
    const close = Number.isNaN(closeValue) ? this.number(row, this.closeColumn, rowNumber) : closeValue;
    let open = 0;
    let high = 0;
    let low = 0;
    let volume = 0;
    if (this.open !== null) {
      open = this.number(row, this.openColumn, rowNumber);
      high = this.number(row, this.highColumn, rowNumber);
      low = this.number(row, this.lowColumn, rowNumber);
      if (!this.checkRange(open, high, low, close, rowNumber)) ok = false;
    }
    if (this.volume !== null) volume = this.volumeOf(row, rowNumber);
    if (!ok || Number.isNaN(open) || Number.isNaN(high) || Number.isNaN(low) || Number.isNaN(close)) {
      this.skipRows.push(rowNumber);
      return;
    }
    if (this.length === this.time.length) this.grow();
    const i = this.length++;
    this.time[i] = this.reading.monthFirst;
    if (this.dayFirstTime !== null) this.dayFirstTime[i] = this.reading.dayFirst;
    if (this.open !== null) {
      this.open[i] = open;
      (this.high as Float64Array)[i] = high;
      (this.low as Float64Array)[i] = low;
    }
    this.close[i] = close;
    if (this.volume !== null) this.volume[i] = volume;
    this.rowNumber[i] = rowNumber;
  }

  /** Reads the time (plus a time-of-day column) into `this.reading`; false, reported, when invalid. */
  private readTime(row: readonly string[], rowNumber: number): boolean {
    const cell = row[this.timeColumn] as string;
    const reading = readTimeCell(cell, this.layout.compactDates, this.reading);
    const monthFirstOk = isImportableTime(reading.monthFirst);
    const dayFirstOk = isImportableTime(reading.dayFirst);
    if (!monthFirstOk && !dayFirstOk) {
      const isTime = !Number.isNaN(reading.monthFirst) || !Number.isNaN(reading.dayFirst);
      this.log.add('bad-date', rowNumber, this.nameOf(this.timeColumn), () =>
        isTime
          ? `${formatCell(cell)} is outside the years 1900 to ${LAST_IMPORT_YEAR}`
          : `${formatCell(cell)} is not a date or time`,
      );
      return false;
    }
    if (!monthFirstOk) reading.monthFirst = Number.NaN;
    if (!dayFirstOk) reading.dayFirst = Number.NaN;
    if (reading.family === 'numeric-date') {
      if (dayFirstOk && reading.first > this.maxFirst) this.maxFirst = reading.first;
      if (monthFirstOk && reading.second > this.maxSecond) this.maxSecond = reading.second;
      if (this.dayFirstTime === null) {
        this.dayFirstTime = this.time.slice();
        this.numericDateSeparator = reading.separator;
      }
    }
    if (this.timeFamily === 'none') {
      this.timeFamily = reading.family;
      this.separator = reading.separator;
      this.hasTime = reading.hasTime;
    }
    if (this.clockColumn < 0) return true;
    const clockCell = row[this.clockColumn] as string;
    const clock = parseTimeOfDay(clockCell);
    if (Number.isNaN(clock)) {
      const name = this.nameOf(this.clockColumn);
      this.log.add('bad-date', rowNumber, name, () => `${formatCell(clockCell)} is not a time of day`);
      return false;
    }
    reading.monthFirst += clock;
    reading.dayFirst += clock;
    return true;
  }

  /**
   * The bar's volume; 0, reported, when the cell is not a number. Platforms write `NaN`, `null`, `-` or
   * nothing where they have no volume (TradingView's export writes `NaN`): the prices still make a bar.
   */
  private volumeOf(row: readonly string[], rowNumber: number): number {
    const cell = row[this.volumeColumn] as string;
    const value = parseNumberCell(cell, this.layout.decimalComma);
    if (!Number.isNaN(value)) return value;
    this.log.add('no-volume', rowNumber, this.nameOf(this.volumeColumn), () =>
      isBlank(cell)
        ? 'volume is empty; the bar is kept with a volume of 0'
        : `volume ${formatCell(cell)} is not a number; the bar is kept with a volume of 0`,
    );
    return 0;
  }

  /**
   * Whether none of an OHLC row's four prices is a number (the close is known not to). A file of one
   * value a row reports a bad value by its column, as any bad cell.
   */
  private priceless(row: readonly string[]): boolean {
    if (this.open === null) return false;
    const { decimalComma } = this.layout;
    return [this.openColumn, this.highColumn, this.lowColumn].every((column) =>
      Number.isNaN(parseNumberCell(row[column] as string, decimalComma)),
    );
  }

  private reportPriceless(row: readonly string[], rowNumber: number): void {
    // Only OHLC rows are priceless (see priceless).
    const columns = [this.openColumn, this.highColumn, this.lowColumn, this.closeColumn];
    const cells = columns.map((column) => row[column] as string);
    const first = cells[0] as string;
    const same = cells.every((cell) => cell.trim() === first.trim());
    this.log.add('no-prices', rowNumber, undefined, () =>
      !same
        ? 'no prices; the row is skipped'
        : isBlank(first)
          ? 'no prices (every price is empty); the row is skipped'
          : `no prices (${formatCell(first)} in every column); the row is skipped`,
    );
  }

  /** The cell as a number, or NaN after reporting it. */
  private number(row: readonly string[], column: number, rowNumber: number): number {
    const cell = row[column] as string;
    const value = parseNumberCell(cell, this.layout.decimalComma);
    if (Number.isNaN(value)) {
      const role = this.roleOf(column);
      this.log.add('not-a-number', rowNumber, this.nameOf(column), () =>
        isBlank(cell) ? `${role} is empty` : `${role} ${formatCell(cell)} is not a number`,
      );
    }
    return value;
  }

  private checkRange(open: number, high: number, low: number, close: number, rowNumber: number): boolean {
    if (high < low) {
      this.log.add(
        'high-below-low',
        rowNumber,
        this.nameOf(this.highColumn),
        () => `high ${high} is below low ${low}`,
      );
      return false;
    }
    let ok = true;
    if (open < low || open > high) {
      this.log.add('open-outside-range', rowNumber, this.nameOf(this.openColumn), () => {
        return `open ${open} is outside the low-high range ${low} to ${high}`;
      });
      ok = false;
    }
    if (close < low || close > high) {
      this.log.add('close-outside-range', rowNumber, this.nameOf(this.closeColumn), () => {
        return `close ${close} is outside the low-high range ${low} to ${high}`;
      });
      ok = false;
    }
    return ok;
  }

  private reportMissingColumn(fields: number, rowNumber: number): void {
    const missing = [
      this.timeColumn,
      this.clockColumn,
      this.openColumn,
      this.highColumn,
      this.lowColumn,
      this.closeColumn,
      this.volumeColumn,
    ]
      .filter((column) => column >= fields)
      .sort((a, b) => a - b);
    const names = missing.map((column) => this.nameOf(column));
    this.log.add('missing-column', rowNumber, names[0], () => {
      const what = names.length === 1 ? `no ${names[0]} column` : `no ${names.join(', ')} columns`;
      return `${what} (${fields} field${fields === 1 ? '' : 's'}, expected ${this.layout.fieldCount})`;
    });
  }

  private flushEmptyRows(): void {
    for (const row of this.pendingEmpty) this.log.add('empty-row', row, undefined, () => 'the row is empty');
    this.pendingEmpty.length = 0;
  }

  private nameOf(column: number): string {
    return this.layout.columnNames[column] ?? `column ${column + 1}`;
  }

  private roleOf(column: number): string {
    if (column === this.openColumn) return 'open';
    if (column === this.highColumn) return 'high';
    if (column === this.lowColumn) return 'low';
    if (column === this.volumeColumn) return 'volume';
    return this.open === null ? 'value' : 'close';
  }

  private grow(): void {
    const capacity = this.time.length * 2;
    this.time = grow(this.time, capacity);
    if (this.dayFirstTime !== null) this.dayFirstTime = grow(this.dayFirstTime, capacity);
    if (this.open !== null) this.open = grow(this.open, capacity);
    if (this.high !== null) this.high = grow(this.high, capacity);
    if (this.low !== null) this.low = grow(this.low, capacity);
    this.close = grow(this.close, capacity);
    if (this.volume !== null) this.volume = grow(this.volume, capacity);
    this.rowNumber = grow(this.rowNumber, capacity);
  }
}
