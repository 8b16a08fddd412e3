/**
 * The import report in words: pure functions from the worker's summary to the dialog's sentences,
 * so the dialog only lays them out (and tests read them without a DOM).
 */
import type { CsvProblemKind } from '../../core/csv-import/types';
import { CSV_PROBLEM_KINDS } from '../../core/csv-import/types';
import type { CsvBarPreview, CsvImportSummary } from '../../core/protocol';

export const PROBLEM_KIND_LABELS: Readonly<Record<CsvProblemKind, string>> = {
  'missing-column': 'missing column',
  'not-a-number': 'not a number',
  'bad-date': 'bad date',
  unsorted: 'out of order',
  'duplicate-time': 'duplicate time',
  'high-below-low': 'high below low',
  'open-outside-range': 'open outside high–low',
  'close-outside-range': 'close outside high–low',
  'empty-row': 'empty row',
  'wrong-field-count': 'wrong number of fields',
  'no-volume': 'no volume (kept with 0)',
  'no-prices': 'no prices (skipped)',
};

const SHAPES: Readonly<Record<CsvImportSummary['shape'], string>> = {
  ohlcv: 'OHLC bars with volume',
  ohlc: 'OHLC bars',
  'time-value': 'time and value (a line)',
};

const DELIMITERS: Readonly<Record<string, string>> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'vertical bar',
  ' ': 'space',
};

const integer = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => integer.format(n);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `YYYY-MM-DD HH:mm` in a time zone (the Swedish locale writes dates the ISO way). */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
function zoned(zone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone === 'local' ? undefined : zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zonedFormats.set(zone, format);
  }
  return format;
}

/**
 * `2021-01-04` at midnight UTC (a daily bar: its date in any zone), else `2021-01-04 09:30` in `zone`
 * (the workspace's time zone; UTC by default).
 */
export function formatTime(seconds: number, zone = 'UTC'): string {
  const iso = new Date(seconds * 1000).toISOString();
  if (seconds % 86400 === 0) return iso.slice(0, 10);
  if (zone === 'UTC') return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  return zoned(zone).format(new Date(seconds * 1000));
}

export const describeShape = (summary: CsvImportSummary): string => SHAPES[summary.shape];

export function describeDelimiter(delimiter: string): string {
  return DELIMITERS[delimiter] ?? `“${delimiter}”`;
}

/** `Date → time, Open, High, Low, Close, Volume`: each column the import reads, by its header name. */
export function describeColumns(summary: CsvImportSummary): string {
  const { columns, columnNames } = summary;
  const name = (index: number | undefined, role: string): string | null => {
    if (index === undefined || index < 0) return null;
    const header = columnNames[index] ?? `column ${index + 1}`;
    return header.toLowerCase() === role ? header : `${header} → ${role}`;
  };
  return [
    name(columns.time, 'time'),
    name(columns.timeOfDay, 'time of day'),
    name(columns.open, 'open'),
    name(columns.high, 'high'),
    name(columns.low, 'low'),
    name(columns.close, 'close'),
    name(columns.value, 'value'),
    name(columns.volume, 'volume'),
  ]
    .filter((part): part is string => part !== null)
    .join(', ');
}

export function totalProblems(summary: CsvImportSummary): number {
  return CSV_PROBLEM_KINDS.reduce((sum, kind) => sum + summary.problemCounts[kind], 0);
}

/** `3 not a number`, ... for each kind that occurs, most frequent first. */
export function problemCountsText(summary: CsvImportSummary): { kind: CsvProblemKind; text: string }[] {
  return CSV_PROBLEM_KINDS.filter((kind) => summary.problemCounts[kind] > 0)
    .sort((a, b) => summary.problemCounts[b] - summary.problemCounts[a])
    .map((kind) => ({
      kind,
      text: `${formatCount(summary.problemCounts[kind])} ${PROBLEM_KIND_LABELS[kind]}`,
    }));
}

/** The problem's sentence without its `Row N: ` prefix, for a table that shows the row apart. */
export function problemDetail(message: string): string {
  return message.replace(/^Row \d+: /, '');
}

const MAX_LISTED_ROWS = 12;

function listRows(rows: readonly number[]): string {
  const listed = rows.slice(0, MAX_LISTED_ROWS).map(formatCount).join(', ');
  return rows.length > MAX_LISTED_ROWS
    ? `${listed} and ${formatCount(rows.length - MAX_LISTED_ROWS)} more`
    : listed;
}

/** The proposed repair as sentences; empty when the file needs none. */
export function describeRepair(summary: CsvImportSummary): string[] {
  const { repair, problemCounts } = summary;
  const steps: string[] = [];
  const skipped = repair.skipRows.length;
  if (skipped > 0) {
    steps.push(
      `Skip ${formatCount(skipped)} ${skipped === 1 ? 'row' : 'rows'} that cannot be read: ${skipped === 1 ? 'row' : 'rows'} ${listRows(repair.skipRows)}.`,
    );
  }
  if (repair.sort) steps.push('Sort the rows by time.');
  if (repair.dropDuplicates === 'keep-last') {
    const dropped = problemCounts['duplicate-time'];
    steps.push(
      `Where rows share a time, keep the last one in the file (${formatCount(dropped)} ${dropped === 1 ? 'row' : 'rows'} dropped).`,
    );
  }
  return steps;
}

/** Why the import cannot go ahead, or null when it can. */
export function importBlocker(summary: CsvImportSummary): string | null {
  if (summary.fatal) {
    return summary.notCsv ?? summary.problems[0]?.message ?? 'The file cannot be read as CSV.';
  }
  if (summary.rowsKept === 0) return 'No rows are left to import after the repair.';
  if (summary.dateOrderAssumed) return 'Choose how the dates are written: day first or month first.';
  return null;
}

export const confirmLabel = (summary: CsvImportSummary): string =>
  describeRepair(summary).length > 0 ? 'Apply repair and import' : 'Import';

const barNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A bar as it will be charted, for the import report: `2019-12-02 · O 3,143.85 H … L … C … V 1,000`. */
export function describeBar(bar: CsvBarPreview, zone = 'UTC'): string {
  const v = (n: number) => barNumber.format(n);
  return `${formatTime(bar.time, zone)} · O ${v(bar.open)} H ${v(bar.high)} L ${v(bar.low)} C ${v(bar.close)} V ${v(bar.volume)}`;
}
