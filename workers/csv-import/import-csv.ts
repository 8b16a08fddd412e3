import Papa from 'papaparse';
import type { BarColumns } from '../../core/bars/bar-columns';
import { emptyProblemCounts, mergeProblemLogs } from '../../core/csv-import/problems';
import type {
  CsvImport,
  CsvImportOptions,
  CsvImportReport,
  CsvMapping,
  CsvProblem,
  CsvProblemKind,
} from '../../core/csv-import/types';
import { errorMessage } from '../../core/error-message';
import { describeDateFormat } from './date-format';
import { type CsvLayout, detectLayout, shapeKeyOf } from './detect';
import { repairSeries } from './repair';
import { RowReader } from './rows';

export type * from '../../core/csv-import/types';

/**
 * Streaming CSV import for the data engine: feed the file in pieces (`push`), then `finish` for the
 * report. Papaparse parses; this module holds back the first lines until the layout is detected,
 * carries a row cut by a piece boundary over to the next piece, and checks every row as it arrives.
 *
 * The report proposes a repair and carries the series *after* it, but applies nothing: the caller
 * shows the problems, and stores `series` only if the user confirms (cancelling drops the report).
 */

/** Detection waits for this many lines (or `SAMPLE_CHARS`), so the header has data rows to compare. */
const SAMPLE_LINES = 64;
const SAMPLE_CHARS = 64 * 1024;
/** With very long lines, detection still waits for a header and a few rows, up to `MAX_SAMPLE_CHARS`. */
const MIN_SAMPLE_LINES = 4;
const MAX_SAMPLE_CHARS = 4 << 20;
/** Large pushes are parsed in slices, bounding memory and allowing progress events in between. */
const SLICE_CHARS = 256 * 1024;
/** A record still open after this many characters means an unclosed quote or a non-CSV file. */
const MAX_RECORD_CHARS = 1 << 20;
const PROGRESS_ROWS = 10_000;
const PROGRESS_BYTES = 1 << 20;
const DEFAULT_MAX_PROBLEMS = 1000;
/** Columns sized up front hold at most this many rows (480 MB); past it they grow as they fill. */
const MAX_EXPECTED_ROWS = 1 << 23;

type Phase = 'detect' | 'parse' | 'stopped' | 'finished';

export function createCsvImport(options: CsvImportOptions = {}): CsvImport {
  return new StreamingCsvImport(options);
}

/** The whole text at once (tests, small files): `push(text)` then `finish()`. */
export function parseCsvText(text: string, options: CsvImportOptions = {}): CsvImportReport {
  const csvImport = createCsvImport(options);
  csvImport.push(text);
  return csvImport.finish();
}

class StreamingCsvImport implements CsvImport {
  private phase: Phase = 'detect';
  private sampleBuffer = '';
  private sampleNewlines = 0;
  private bomChecked = false;
  private pending = '';
  private newlineChar = '\n';
  private layout: CsvLayout | null = null;
  private parser: Papa.Parser | null = null;
  private reader: RowReader | null = null;
  private fatal: CsvProblem | null = null;
  private records = 0;
  private bytesRead = 0;
  private reportedRows = 0;
  private reportedBytes = 0;
  private readonly maxProblems: number;
  private mapping: CsvMapping = {};
  private shapeKey = '';
  private mappingSource: CsvImportReport['mappingSource'] = 'detected';

  constructor(private readonly options: CsvImportOptions) {
    this.maxProblems = Math.max(0, options.maxProblems ?? DEFAULT_MAX_PROBLEMS);
  }

  push(chunkText: string, chunkBytes = chunkText.length): void {
    if (this.phase === 'finished') throw new Error('CSV import: push() after finish()');
    this.bytesRead += chunkBytes;
    try {
      if (this.phase === 'detect') this.collectSample(chunkText);
      else if (this.phase === 'parse') this.feed(chunkText);
    } catch (error) {
      this.stopOnError(error);
    }
    this.progress(false);
  }

  finish(): CsvImportReport {
    if (this.phase === 'finished') throw new Error('CSV import: finish() called twice');
    let report: CsvImportReport;
    try {
      if (this.phase === 'detect') this.startParsing(true);
      if (this.phase === 'parse') this.parsePending(true);
      report = this.fatal === null ? this.buildReport() : this.fatalReport(this.fatal);
    } catch (error) {
      report = this.fatalReport(this.stopOnError(error));
    }
    this.phase = 'finished';
    this.progress(true);
    return report;
  }

  private collectSample(chunk: string): void {
    let text = chunk;
    if (!this.bomChecked && text.length > 0) {
      this.bomChecked = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.sampleBuffer += text;
    const newLine = text.includes('\n');
    if (newLine && this.sampleNewlines < SAMPLE_LINES) {
      for (
        let at = text.indexOf('\n');
        at !== -1 && this.sampleNewlines < SAMPLE_LINES;
        at = text.indexOf('\n', at + 1)
      ) {
        this.sampleNewlines++;
      }
    }
    const length = this.sampleBuffer.length;
    const crossed = (limit: number) => length >= limit && length - text.length < limit;
    if (
      this.sampleNewlines >= SAMPLE_LINES ||
      (length >= SAMPLE_CHARS && (newLine || crossed(SAMPLE_CHARS) || crossed(MAX_SAMPLE_CHARS)))
    ) {
      this.startParsing(false);
    }
  }

  /** Detects the layout once the sample is settled (always at the end), then parses what is buffered. */
  private startParsing(final: boolean): void {
    const prefix = samplePrefix(this.sampleBuffer, final);
    if (prefix === null) return;
    const buffered = this.sampleBuffer;
    this.sampleBuffer = '';
    const { sample, complete } = prefix;
    const { layout, mapping, source } = this.chooseLayout(sample, complete);
    this.layout = layout;
    this.mapping = mapping;
    this.mappingSource = source;
    if (layout.fatal !== null) {
      this.stop('missing-column', 1, layout.fatal);
      return;
    }
    this.reader = new RowReader(layout, this.maxProblems, this.expectedRows(sample));
    this.parser = new Papa.Parser({ delimiter: layout.delimiter, newline: layout.newline, quoteChar: '"' });
    this.newlineChar = layout.newline === '\r' ? '\r' : '\n';
    this.phase = 'parse';
    this.feed(buffered);
  }

  /**
   * Rows the file holds if its lines are as long as the sample's, with 5 % to spare (the columns
   * are copied out when the report is built, so spare room is not kept); 0 when the size is unknown.
   */
  private expectedRows(sample: string): number {
    const { totalBytes } = this.options;
    let lines = 0;
    for (let at = sample.indexOf('\n'); at !== -1; at = sample.indexOf('\n', at + 1)) lines++;
    if (totalBytes === undefined || lines === 0) return 0;
    return Math.min(MAX_EXPECTED_ROWS, Math.ceil((totalBytes / (sample.length / lines)) * 1.05));
  }

  /** The given mapping if any; else a mapping remembered for the file's detected shape; else detection. */
  private chooseLayout(sample: string, complete: boolean) {
    const detected = detectLayout(sample, complete);
    this.shapeKey = shapeKeyOf(detected);
    const given = this.options.mapping;
    if (given !== undefined) {
      return { layout: detectLayout(sample, complete, given), mapping: given, source: 'given' as const };
    }
    const remembered = this.options.remembered?.[this.shapeKey];
    if (remembered === undefined) return { layout: detected, mapping: {}, source: 'detected' as const };
    const layout = detectLayout(sample, complete, remembered);
    // A remembered mapping that no longer fits (a column gone) gives way to detection.
    return layout.fatal === null
      ? { layout, mapping: remembered, source: 'remembered' as const }
      : { layout: detected, mapping: {}, source: 'detected' as const };
  }

  private feed(text: string): void {
    for (let at = 0; at < text.length && this.phase === 'parse'; at += SLICE_CHARS) {
      const piece = text.length <= SLICE_CHARS ? text : text.slice(at, at + SLICE_CHARS);
      this.pending += piece;
      // A record can only end at a line end, so a piece without one cannot complete any.
      if (piece.includes(this.newlineChar) || this.pending.length > MAX_RECORD_CHARS)
        this.parsePending(false);
      this.progress(false);
    }
  }

  private parsePending(final: boolean): void {
    const parser = this.parser as Papa.Parser;
    const result = parser.parse(this.pending, 0, !final) as { data: string[][]; meta: { cursor: number } };
    this.readRows(result.data);
    this.pending = final ? '' : this.pending.slice(result.meta.cursor);
    if (this.pending.length > MAX_RECORD_CHARS) {
      const row = this.records + 1;
      this.stop(
        'wrong-field-count',
        row,
        `Row ${row}: a record runs past 1 MB (an unclosed quote?), so the file cannot be read as CSV.`,
      );
    }
  }

  private readRows(rows: readonly string[][]): void {
    const layout = this.layout as CsvLayout;
    const reader = this.reader as RowReader;
    const dataFrom = layout.firstRecord + (layout.hasHeader ? 1 : 0);
    for (const row of rows) {
      const record = ++this.records;
      if (record >= dataFrom) reader.read(row, record);
    }
  }

  private stop(kind: CsvProblemKind, row: number, message: string): CsvProblem {
    this.fatal = { kind, row, message, fatal: true };
    this.phase = 'stopped';
    this.pending = '';
    this.sampleBuffer = '';
    return this.fatal;
  }

  /** Never throw at the worker for a user's file: an internal failure becomes a fatal problem. */
  private stopOnError(error: unknown): CsvProblem {
    const reason = errorMessage(error);
    return this.stop('missing-column', 1, `The file could not be read (${reason}).`);
  }

  private progress(force: boolean): void {
    const rowsRead = this.reader?.rowsRead ?? 0;
    if (
      !force &&
      rowsRead - this.reportedRows < PROGRESS_ROWS &&
      this.bytesRead - this.reportedBytes < PROGRESS_BYTES
    ) {
      return;
    }
    this.reportedRows = rowsRead;
    this.reportedBytes = this.bytesRead;
    this.options.onProgress?.({ rowsRead, bytesRead: this.bytesRead });
  }

  private buildReport(): CsvImportReport {
    const layout = this.layout as CsvLayout;
    const reader = this.reader as RowReader;
    const timeName = layout.columnNames[layout.columns.time] ?? 'time';
    const result = repairSeries(reader, timeName, this.maxProblems, this.mapping.dateOrder);
    const { problems, counts } = mergeProblemLogs([reader.log, ...result.logs], this.maxProblems);
    const order = result.dateOrder;
    const numericFirst = reader.timeFamily === 'numeric-date';
    let dateFormat = describeDateFormat(
      reader.timeFamily,
      numericFirst ? reader.numericDateSeparator : reader.separator,
      order?.dayFirst ?? false,
      reader.hasTime,
    );
    if (layout.columns.timeOfDay !== undefined) {
      dateFormat += `, time of day in ${layout.columnNames[layout.columns.timeOfDay]}`;
    }
    if (order?.assumed)
      dateFormat += ` (assumed ${order.dayFirst ? 'day' : 'month'} first: no field above 12)`;
    return {
      ...this.describeLayout(layout),
      dateFormat,
      dateOrder: order === null ? null : order.dayFirst ? 'day-first' : 'month-first',
      dateOrderAssumed: order?.assumed ?? false,
      rowsRead: reader.rowsRead,
      rowsKept: result.rowsKept,
      fatal: false,
      problems,
      problemCounts: counts,
      repair: result.repair,
      series: result.series,
    };
  }

  private fatalReport(problem: CsvProblem): CsvImportReport {
    const problemCounts = emptyProblemCounts();
    problemCounts[problem.kind] = 1;
    return {
      ...this.describeLayout(this.layout),
      dateFormat: '',
      dateOrder: null,
      dateOrderAssumed: false,
      rowsRead: this.reader?.rowsRead ?? 0,
      rowsKept: 0,
      fatal: true,
      problems: [problem],
      problemCounts,
      repair: { sort: false, dropDuplicates: null, skipRows: [] },
      series: emptySeries(),
    };
  }

  private describeLayout(layout: CsvLayout | null) {
    return {
      shape: layout?.shape ?? 'time-value',
      shapeKey: this.shapeKey,
      mappingSource: this.mappingSource,
      columns: layout?.columns ?? { time: -1 },
      columnNames: layout?.columnNames ?? [],
      delimiter: layout?.delimiter ?? ',',
      hasHeader: layout?.hasHeader ?? false,
      decimalComma: layout?.decimalComma ?? false,
    } satisfies Partial<CsvImportReport>;
  }
}

/**
 * The text detection looks at, or null while more text could change it. In order: through the
 * `SAMPLE_LINES`-th line end if within `SAMPLE_CHARS`; else through the last line end within
 * `SAMPLE_CHARS` if that gives `MIN_SAMPLE_LINES` lines; else through the `MIN_SAMPLE_LINES`-th line
 * end if within `MAX_SAMPLE_CHARS`; else the first `MAX_SAMPLE_CHARS` (last line cut); at the end of
 * the file, all of it. A prefix is only returned once more text cannot change it, so the sample, and
 * so the report, never depends on how the file was split into pieces.
 */
function samplePrefix(text: string, final: boolean): { sample: string; complete: boolean } | null {
  const ends: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1 && at < MAX_SAMPLE_CHARS; at = text.indexOf('\n', at + 1)) {
    ends.push(at);
    if (ends.length === SAMPLE_LINES) break;
  }
  const through = (end: number) => ({ sample: text.slice(0, end + 1), complete: true });
  const last = ends[SAMPLE_LINES - 1];
  if (last !== undefined && last < SAMPLE_CHARS) return through(last);
  if (text.length >= SAMPLE_CHARS) {
    const within = ends.filter((end) => end < SAMPLE_CHARS);
    if (within.length >= MIN_SAMPLE_LINES) return through(within[within.length - 1] as number);
    const minimum = ends[MIN_SAMPLE_LINES - 1];
    if (minimum !== undefined) return through(minimum);
    if (text.length >= MAX_SAMPLE_CHARS) return { sample: text.slice(0, MAX_SAMPLE_CHARS), complete: false };
  }
  return final ? { sample: text, complete: true } : null;
}

const emptySeries = (): BarColumns => ({
  time: new Float64Array(0),
  open: new Float64Array(0),
  high: new Float64Array(0),
  low: new Float64Array(0),
  close: new Float64Array(0),
  volume: new Float64Array(0),
});
