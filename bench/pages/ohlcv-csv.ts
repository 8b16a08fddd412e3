/**
 * A seeded one-minute OHLCV CSV as a `File`, the shape of a real export (`Date,Open,High,Low,Close,
 * Volume`, ISO date-times), with a handful of deliberately bad rows so the import reports problems and
 * proposes a repair (skip, sort, keep the last of a duplicate time). A million rows is about 53 MB.
 */
import { seededRandom } from './harness';

const HEADER = 'Date,Open,High,Low,Close,Volume\n';
const START_MS = Date.UTC(2020, 0, 2);
const MINUTE_MS = 60_000;
/** Rows per string part: the Blob copies the parts, so the page never holds one 53 MB string. */
const ROWS_PER_PART = 10_000;

/** What the generator broke, by 1-based record number (the header is record 1). */
export interface BadRows {
  notANumber: number;
  badDate: number;
  highBelowLow: number;
  wrongFieldCount: number;
  /** Repeats the previous row's time: the import keeps the last of the two. */
  duplicateTime: number;
  /** Swapped with the row before it: the import sorts the whole series. */
  unsorted: number;
}

export interface GeneratedCsv {
  file: File;
  rows: number;
  bytes: number;
  bad: BadRows;
  /** Rows a correct import keeps: every row but the four unreadable ones and one of the duplicates. */
  expectedKept: number;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

function isoMinute(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

export function generateOhlcvCsv(rows: number, seed: number, name = 'bench-1m.csv'): GeneratedCsv {
  const random = seededRandom(seed);
  // Spread over the file, away from its first lines (layout detection reads those).
  const at = (fraction: number) => Math.max(200, Math.floor(rows * fraction));
  const bad: BadRows = {
    notANumber: at(0.11),
    badDate: at(0.27),
    highBelowLow: at(0.43),
    wrongFieldCount: at(0.59),
    duplicateTime: at(0.71),
    unsorted: at(0.87),
  };
  const byRecord = new Map<number, keyof BadRows>(
    Object.entries(bad).map(([kind, record]) => [record, kind as keyof BadRows]),
  );
  const parts: string[] = [HEADER];
  let lines: string[] = [];
  // Four-digit prices, as for an index: about 53 bytes a row.
  let close = 1000;
  for (let i = 0; i < rows; i++) {
    const record = i + 2;
    const open = close;
    close = Math.max(1, open * (1 + (random() - 0.5) * 0.004));
    let high = Math.max(open, close) * (1 + random() * 0.001);
    const low = Math.min(open, close) * (1 - random() * 0.001);
    const volume = Math.floor(100 + random() * 5000);
    const kind = byRecord.get(record);
    if (kind === 'highBelowLow') high = low * 0.99;
    const minute = kind === 'duplicateTime' ? i - 1 : i;
    const date = kind === 'badDate' ? '2020-13-45 25:00:00' : isoMinute(START_MS + minute * MINUTE_MS);
    const closeText = kind === 'notANumber' ? 'n/a' : close.toFixed(2);
    const tail = kind === 'wrongFieldCount' ? '' : `,${volume}`;
    const line = `${date},${open.toFixed(2)},${high.toFixed(2)},${low.toFixed(2)},${closeText}${tail}`;
    const previous = lines.pop();
    // The unsorted row goes before the one above it in the file.
    if (previous === undefined) lines.push(line);
    else if (kind === 'unsorted') lines.push(line, previous);
    else lines.push(previous, line);
    if (lines.length === ROWS_PER_PART) {
      parts.push(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) parts.push(`${lines.join('\n')}\n`);
  const file = new File(parts, name, { type: 'text/csv' });
  return { file, rows, bytes: file.size, bad, expectedKept: rows - 5 };
}
