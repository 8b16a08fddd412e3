/** The public shapes of a CSV import: what the worker sends back to the import dialog. */
import type { BarColumns } from '../bars/bar-columns';

export type CsvShape = 'ohlcv' | 'ohlc' | 'time-value';

export type CsvProblemKind =
  | 'missing-column'
  | 'not-a-number'
  | 'bad-date'
  | 'unsorted'
  | 'duplicate-time'
  | 'high-below-low'
  | 'open-outside-range'
  | 'close-outside-range'
  | 'empty-row'
  | 'wrong-field-count'
  /** A bar's volume is not a number: the bar is kept with a volume of 0. */
  | 'no-volume'
  /** A dated row with no price at all (Yahoo Finance writes `null` throughout on such days): skipped. */
  | 'no-prices';

export const CSV_PROBLEM_KINDS: readonly CsvProblemKind[] = [
  'missing-column',
  'not-a-number',
  'bad-date',
  'unsorted',
  'duplicate-time',
  'high-below-low',
  'open-outside-range',
  'close-outside-range',
  'empty-row',
  'wrong-field-count',
  'no-volume',
  'no-prices',
];

export interface CsvProblem {
  kind: CsvProblemKind;
  /**
   * 1-based record number in the file, the header being 1. It is the line number unless a quoted
   * field spans lines. A problem with the whole file (see `fatal`) names row 1.
   */
  row: number;
  /** The column's header name (or `column N` without a header). */
  column?: string;
  /** A sentence for the user, e.g. `Row 14: high 101.2 is below low 102.5`. */
  message: string;
  /** The file cannot be imported at all (not a CSV, no time column, ...). */
  fatal?: true;
}

/** 0-based column indexes in the file. */
export interface CsvColumns {
  time: number;
  /** A separate time-of-day column added to `time` (e.g. `Date,Time,Open,...`). */
  timeOfDay?: number;
  open?: number;
  high?: number;
  low?: number;
  close?: number;
  volume?: number;
  value?: number;
}

/**
 * The repair the import proposes. `series` in the report is the data *after* this repair, but nothing
 * is applied to the user's workspace by the import: the dialog shows the problems and the repair, and
 * only when the user confirms does the caller store `series`; cancelling discards the report.
 */
export interface CsvRepair {
  /** Rows are not in ascending time order; the series is sorted (stable, by time then row). */
  sort: boolean;
  /** Rows share a time; only the last such row in the file is kept. */
  dropDuplicates: 'keep-last' | null;
  /** Rows left out because they have a problem (bad date, not a number, high below low, ...), ascending. */
  skipRows: number[];
}

/**
 * How to read a file, as the user set it in the import dialog: every field overrides detection. It is
 * remembered per file shape (`CsvImportReport.shapeKey`) and applied to the next file of that shape.
 */
export interface CsvMapping {
  delimiter?: string;
  hasHeader?: boolean;
  columns?: CsvColumns;
  dateOrder?: 'day-first' | 'month-first';
}

export interface CsvImportReport {
  shape: CsvShape;
  /** The file's shape, as detected (delimiter, header, column names or count): a remembered mapping's key. */
  shapeKey: string;
  /** Where the reading came from: detection, a mapping remembered for this shape, or the one passed in. */
  mappingSource: 'detected' | 'remembered' | 'given';
  columns: CsvColumns;
  /** Header cells as written, or `column N` without a header. */
  columnNames: string[];
  delimiter: string;
  hasHeader: boolean;
  /** E.g. `YYYY-MM-DD`, `DD.MM.YYYY`, `MM/DD/YYYY HH:MM:SS`, `epoch milliseconds`. */
  dateFormat: string;
  /** For `first/second/year` dates: whether the column was read day-first; null for other forms. */
  dateOrder: 'day-first' | 'month-first' | null;
  /** The day/month order is the separator's convention because no field exceeded 12. */
  dateOrderAssumed: boolean;
  /** Numbers were read with a decimal comma (`12,5`). */
  decimalComma: boolean;
  /** Data rows read (not counting the header, blank rows and title lines above the header). */
  rowsRead: number;
  /** Rows in `series`, after the proposed repair. */
  rowsKept: number;
  /** The file cannot be imported; `problems` holds the reason (kind `missing-column` or `wrong-field-count`). */
  fatal: boolean;
  /** The first `maxProblems` problems in row order. */
  problems: CsvProblem[];
  /** All problems, including those beyond the list's cap. */
  problemCounts: Record<CsvProblemKind, number>;
  repair: CsvRepair;
  /**
   * Times in UTC seconds ascending. For `time-value` files open = high = low = close = value (separate
   * buffers, so each may be transferred) and volume is 0; `ohlc` files have volume 0.
   */
  series: BarColumns;
}

export interface CsvImportProgress {
  rowsRead: number;
  /** Sum of the byte counts given to `push` (each defaults to the chunk's length in characters). */
  bytesRead: number;
}

export interface CsvImportOptions {
  /** Called every ~10 000 rows or 1 MB, and once at the end; both counts never decrease. */
  onProgress?: (progress: CsvImportProgress) => void;
  /** Length cap of `problems` (counts are not capped). Default 1000. */
  maxProblems?: number;
  /** Overrides detection, as the user corrected it in the dialog. */
  mapping?: CsvMapping;
  /** Mappings the user chose for earlier files, by shape key: applied when this file has that shape. */
  remembered?: Readonly<Record<string, CsvMapping>>;
  /**
   * The file's size in bytes, when known: the columns are then sized up front for the rows the file
   * holds at the sample's bytes per line, instead of growing by doubling (a fifth of the checks' time
   * on a million rows). A wrong size only costs that growing.
   */
  totalBytes?: number;
}

export interface CsvImport {
  /** Feeds the next piece of the file; pieces may split rows, quotes or `\r\n` anywhere. */
  push(chunkText: string, chunkBytes?: number): void;
  /** Ends the input and returns the report. Never throws for any input text. */
  finish(): CsvImportReport;
}
