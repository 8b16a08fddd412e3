import type { BarColumns } from '../../core/bars/bar-columns';
import { formatTime, ProblemLog } from '../../core/csv-import/problems';
import type { CsvRepair } from '../../core/csv-import/types';
import { type DateOrder, decideDateOrder } from './date-format';
import type { RowReader } from './rows';

export interface RepairResult {
  series: BarColumns;
  repair: CsvRepair;
  rowsKept: number;
  /** Problems found over the whole column, each log in row order. */
  logs: ProblemLog[];
  /** The day/month order of `first/second/year` dates, or null when the column has none. */
  dateOrder: DateOrder | null;
}

/**
 * The checks that need the whole time column, and the repaired series. Proposes, never applies:
 * the caller shows the problems and stores `series` only when the user confirms.
 *
 * - `first/second/year` dates are read in one order for the column; rows invalid in it are skipped.
 * - A row earlier than the row before it is `unsorted`; a file entirely newest-first is one problem.
 * - Rows sharing a time are `duplicate-time`; the last in the file is kept.
 */
export function repairSeries(
  reader: RowReader,
  timeColumn: string,
  maxProblems: number,
  orderOverride?: 'day-first' | 'month-first',
): RepairResult {
  const n = reader.length;
  const dateLog = new ProblemLog(maxProblems);
  const orderLog = new ProblemLog(maxProblems);
  const duplicateLog = new ProblemLog(maxProblems);
  const rows = reader.rowNumber;
  let times: Float64Array = reader.time;
  let dateOrder: DateOrder | null = null;
  const dateSkips: number[] = [];

  // 1. One day/month order for the column; rows only valid in the other order are bad dates.
  let valid: Uint32Array;
  if (reader.dayFirstTime !== null) {
    dateOrder = orderOverride
      ? { dayFirst: orderOverride === 'day-first', assumed: false }
      : decideDateOrder(reader.maxFirst, reader.maxSecond, reader.numericDateSeparator);
    if (dateOrder.dayFirst) times = reader.dayFirstTime;
    const order = dateOrder.dayFirst ? 'day-first' : 'month-first';
    valid = new Uint32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (!Number.isNaN(times[i])) {
        valid[count++] = i;
      } else {
        const row = rows[i] as number;
        dateSkips.push(row);
        dateLog.add(
          'bad-date',
          row,
          timeColumn,
          () => `the date is not valid when read ${order} like the rest of the column`,
        );
      }
    }
    valid = valid.subarray(0, count);
  } else {
    valid = new Uint32Array(n);
    for (let i = 0; i < n; i++) valid[i] = i;
  }

  // 2. Order: compare each row with the previous good row.
  const m = valid.length;
  let descents = 0;
  let previousTime = m > 0 ? (times[valid[0] as number] as number) : 0;
  for (let j = 1; j < m; j++) {
    const t = times[valid[j] as number] as number;
    if (t < previousTime) descents++;
    previousTime = t;
  }
  if (descents > 0 && m >= 3 && descents === m - 1) {
    orderLog.add('unsorted', rows[valid[1] as number] as number, timeColumn, () => {
      return 'times run newest first (the whole file is in descending order)';
    });
  } else if (descents > 0) {
    for (let j = 1; j < m; j++) {
      const i = valid[j] as number;
      const previous = valid[j - 1] as number;
      const t = times[i] as number;
      const tPrevious = times[previous] as number;
      if (t < tPrevious) {
        orderLog.add('unsorted', rows[i] as number, timeColumn, () => {
          return `time ${formatTime(t)} is earlier than row ${rows[previous]} (${formatTime(tPrevious)})`;
        });
      }
    }
  }
  const order = descents > 0 ? sortByTime(valid, times) : valid;

  // 3. Duplicates: within a run of equal times (file order after the stable sort) keep the last.
  const kept = new Uint32Array(m);
  let keptCount = 0;
  const duplicateRows: number[] = [];
  const repeatedRows: number[] = [];
  const duplicateTimes: number[] = [];
  for (let j = 0; j < m; j++) {
    const i = order[j] as number;
    const t = times[i] as number;
    if (j > 0 && t === previousTime) {
      const previous = order[j - 1] as number;
      duplicateRows.push(rows[i] as number);
      repeatedRows.push(rows[previous] as number);
      duplicateTimes.push(t);
      // The later row of the time takes the earlier one's place.
      kept[keptCount - 1] = i;
    } else {
      kept[keptCount++] = i;
    }
    previousTime = t;
  }
  const byRow = duplicateRows.map((_, k) => k);
  if (descents > 0) byRow.sort((a, b) => (duplicateRows[a] as number) - (duplicateRows[b] as number));
  for (const k of byRow) {
    const row = duplicateRows[k] as number;
    duplicateLog.add('duplicate-time', row, timeColumn, () => {
      const time = formatTime(duplicateTimes[k] as number);
      return `time ${time} repeats row ${repeatedRows[k]}; the last one is kept`;
    });
  }

  return {
    series: buildSeries(reader, times, kept.subarray(0, keptCount)),
    repair: {
      sort: descents > 0,
      dropDuplicates: duplicateRows.length > 0 ? 'keep-last' : null,
      skipRows: mergeAscending(reader.skipRows, dateSkips),
    },
    rowsKept: keptCount,
    logs: [dateLog, orderLog, duplicateLog],
    dateOrder,
  };
}

/**
 * The rows `rows` (ascending) ordered by `times[row]`, rows of one time in their order: a stable sort.
 * A file out of order is mostly in order (a row or a block misplaced): its rows are split into their
 * ascending runs, which are merged pairwise, so a file with a few misplaced rows takes a pass or two
 * (mostly block copies) and any file at most log2(runs) passes, with no comparator call.
 */
export function sortByTime(rows: Uint32Array, times: Float64Array): Uint32Array {
  const n = rows.length;
  // Run starts, then n: where the time falls from one row to the next.
  const starts: number[] = [0];
  for (let j = 1; j < n; j++) {
    if ((times[rows[j] as number] as number) < (times[rows[j - 1] as number] as number)) starts.push(j);
  }
  starts.push(n);
  let from = rows.slice();
  let to = new Uint32Array(n);
  let bounds = starts;
  while (bounds.length > 2) {
    const next: number[] = [];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r] as number;
      const mid = bounds[r + 1] as number;
      const hi = (r + 2 < bounds.length ? bounds[r + 2] : mid) as number;
      mergeRuns(from, to, times, lo, mid, hi);
      next.push(lo);
    }
    next.push(n);
    [from, to] = [to, from];
    bounds = next;
  }
  return from;
}

/**
 * The first position in [lo, hi) of `rows` (ascending by time) whose time is above `t`, or `t` or above
 * when `orAt`; hi when none is.
 */
function firstPast(
  rows: Uint32Array,
  times: Float64Array,
  t: number,
  lo: number,
  hi: number,
  orAt: boolean,
): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const m = (a + b) >>> 1;
    const time = times[rows[m] as number] as number;
    if (time < t || (!orAt && time === t)) a = m + 1;
    else b = m;
  }
  return a;
}

/**
 * Merges the sorted runs [lo, mid) and [mid, hi) of `from` into `to`; ties take the left (earlier)
 * row. The rows of the left run up to the right run's first time, and those of the right run from
 * the left run's last time, are already in place and copied as blocks: only where the two runs
 * overlap (a misplaced row or block and its neighbours) are rows compared one by one.
 */
function mergeRuns(
  from: Uint32Array,
  to: Uint32Array,
  times: Float64Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  if (mid >= hi) {
    to.set(from.subarray(lo, mid), lo);
    return;
  }
  let i = firstPast(from, times, times[from[mid] as number] as number, lo, mid, false);
  const right = firstPast(from, times, times[from[mid - 1] as number] as number, mid, hi, true);
  to.set(from.subarray(lo, i), lo);
  let j = mid;
  let k = i;
  while (i < mid && j < right) {
    const a = from[i] as number;
    const b = from[j] as number;
    if ((times[b] as number) < (times[a] as number)) {
      to[k++] = b;
      j++;
    } else {
      to[k++] = a;
      i++;
    }
  }
  while (i < mid) to[k++] = from[i++] as number;
  while (j < right) to[k++] = from[j++] as number;
  to.set(from.subarray(right, hi), right);
}

/**
 * Where `kept` breaks its runs of consecutive rows (positions k with kept[k] !== kept[k - 1] + 1),
 * then its length; null once there are so many that copying row by row is as quick.
 */
function runStarts(kept: Uint32Array): number[] | null {
  const starts = [0];
  const most = kept.length >>> 4;
  for (let k = 1; k < kept.length; k++) {
    if (kept[k] !== (kept[k - 1] as number) + 1) {
      starts.push(k);
      if (starts.length > most) return null;
    }
  }
  starts.push(kept.length);
  return starts;
}

function buildSeries(reader: RowReader, times: Float64Array, kept: Uint32Array): BarColumns {
  // A file in order, or nearly, keeps long runs of rows: each is copied as a block.
  const starts = runStarts(kept);
  const pick = (source: Float64Array | null): Float64Array => {
    const out = new Float64Array(kept.length);
    if (source === null) return out;
    if (starts === null) {
      for (let k = 0; k < kept.length; k++) out[k] = source[kept[k] as number] as number;
      return out;
    }
    for (let r = 0; r + 1 < starts.length; r++) {
      const from = starts[r] as number;
      const row = kept[from] as number;
      out.set(source.subarray(row, row + (starts[r + 1] as number) - from), from);
    }
    return out;
  };
  const close = pick(reader.close);
  const bars = reader.open !== null;
  return {
    time: pick(times),
    open: bars ? pick(reader.open) : close.slice(),
    high: bars ? pick(reader.high) : close.slice(),
    low: bars ? pick(reader.low) : close.slice(),
    close,
    volume: pick(reader.volume),
  };
}

function mergeAscending(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a.slice();
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && (a[i] as number) < (b[j] as number))) out.push(a[i++] as number);
    else out.push(b[j++] as number);
  }
  return out;
}
