import { CSV_PROBLEM_KINDS, type CsvProblem, type CsvProblemKind } from './types';

export const emptyProblemCounts = (): Record<CsvProblemKind, number> =>
  Object.fromEntries(CSV_PROBLEM_KINDS.map((kind) => [kind, 0])) as Record<CsvProblemKind, number>;

/**
 * Problems found in one pass over the rows, in row order: every problem is counted, but only the first
 * `cap` are kept, and their messages are only built while there is room (a file of a million bad rows
 * must not build a million strings).
 */
export class ProblemLog {
  readonly list: CsvProblem[] = [];
  readonly counts = emptyProblemCounts();

  constructor(private readonly cap: number) {}

  add(kind: CsvProblemKind, row: number, column: string | undefined, detail: () => string): void {
    this.counts[kind]++;
    if (this.list.length >= this.cap) return;
    const problem: CsvProblem = { kind, row, message: `Row ${row}: ${detail()}` };
    if (column !== undefined) problem.column = column;
    this.list.push(problem);
  }
}

/** The first `cap` problems of several row-ordered logs, in row order, and the summed counts. */
export function mergeProblemLogs(
  logs: readonly ProblemLog[],
  cap: number,
): { problems: CsvProblem[]; counts: Record<CsvProblemKind, number> } {
  const counts = emptyProblemCounts();
  for (const log of logs) {
    for (const kind of CSV_PROBLEM_KINDS) counts[kind] += log.counts[kind];
  }
  // Each log holds its own first `cap` by row, so the first `cap` of the union are among them.
  const problems = logs
    .flatMap((log) => log.list)
    .sort((a, b) => a.row - b.row)
    .slice(0, cap);
  return { problems, counts };
}

const MAX_DATE_SECONDS = 8.64e12;

/** A time for messages: `2020-01-03` at midnight, else `2020-01-03T09:30:00Z`. */
export function formatTime(seconds: number): string {
  if (!(Math.abs(seconds) <= MAX_DATE_SECONDS)) return String(seconds);
  const iso = new Date(seconds * 1000).toISOString();
  return seconds % 86400 === 0 ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** A cell for messages: quoted, shortened, or `empty`. */
export function formatCell(cell: string): string {
  const text = cell.trim();
  if (text === '') return 'empty';
  return text.length > 40 ? `'${text.slice(0, 37)}...'` : `'${text}'`;
}
