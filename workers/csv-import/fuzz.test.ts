/**
 * The reader against damaged files: real exports with random edits (characters dropped, inserted or
 * doubled, lines repeated, swapped or cut). Whatever the damage, reading never throws, and every data
 * row is accounted for: kept in the series, or named in the report as a row left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvText } from './import-csv';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (i: number) => new Date(Date.UTC(2021, 0, 4) + i * 86_400_000);
const iso = (i: number) => day(i).toISOString().slice(0, 10);
const compact = (i: number) => iso(i).replaceAll('-', '');

const EXPORTS = [
  [
    'Date,Open,High,Low,Close,Volume',
    ...Array.from({ length: 40 }, (_, i) => `${iso(i)},${10 + i},${11 + i},${9 + i},${10.5 + i},${100 * i}`),
  ],
  Array.from({ length: 40 }, (_, i) => `${compact(i)} 000000;${10 + i};${11 + i};${9 + i};${10.5 + i};${i}`),
  [
    'Datum;Eröffnung;Hoch;Tief;Schluss',
    ...Array.from(
      { length: 40 },
      (_, i) =>
        `${pad(day(i).getUTCDate())}.${pad(day(i).getUTCMonth() + 1)}.2021;${10 + i},5;${12 + i};${9 + i};${11 + i},25`,
    ),
  ],
  ['time,value', ...Array.from({ length: 40 }, (_, i) => `${day(i).getTime()},${(i * 1.5).toFixed(2)}`)],
  [
    '"Date","Close/Last","Volume","Open","High","Low"',
    ...Array.from(
      { length: 40 },
      (_, i) =>
        `"${pad(day(i).getUTCMonth() + 1)}/${pad(day(i).getUTCDate())}/2021","$${20 + i}","${1000 + i}","$${19 + i}","$${21 + i}","$${18 + i}"`,
    ),
  ],
].map((lines) => lines.join('\n'));

type Edit =
  | { kind: 'drop'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'repeat-line'; line: number }
  | { kind: 'swap-lines'; a: number; b: number }
  | { kind: 'cut'; at: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.string({
      unit: fc.constantFrom(
        ',',
        ';',
        '"',
        '\n',
        '\r',
        '\t',
        ' ',
        '.',
        '-',
        '/',
        ':',
        'x',
        'é',
        '0',
        '9',
        '\uFEFF',
      ),
      minLength: 1,
      maxLength: 6,
    }),
  }),
  fc.record({ kind: fc.constant('repeat-line' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
);

function damage(text: string, edit: Edit): string {
  const lines = text.split('\n');
  switch (edit.kind) {
    case 'drop': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + text.slice(at + edit.length);
    }
    case 'insert': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + edit.text + text.slice(at);
    }
    case 'repeat-line': {
      const i = edit.line % lines.length;
      return [...lines.slice(0, i + 1), lines[i] ?? '', ...lines.slice(i + 1)].join('\n');
    }
    case 'swap-lines': {
      const a = edit.a % lines.length;
      const b = edit.b % lines.length;
      const next = [...lines];
      [next[a], next[b]] = [next[b] ?? '', next[a] ?? ''];
      return next.join('\n');
    }
    case 'cut':
      return text.slice(0, edit.at % (text.length + 1));
  }
}

describe('damaged files', () => {
  it('never throw, and every data row is kept or named as left out', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXPORTS),
        fc.array(editArb, { minLength: 1, maxLength: 12 }),
        (file, edits) => {
          const text = edits.reduce(damage, file);
          const report = parseCsvText(text, { maxProblems: Number.POSITIVE_INFINITY });
          if (report.fatal) {
            // A file that cannot be read at all says why, in one problem.
            expect(report.problems.length).toBeGreaterThan(0);
            return;
          }
          const skipped = report.repair.skipRows.length;
          const duplicates = report.problemCounts['duplicate-time'];
          expect(report.rowsKept + skipped + duplicates).toBe(report.rowsRead);
          expect(report.series.time.length).toBe(report.rowsKept);
          const named = new Set(report.problems.map((p) => p.row));
          for (const row of report.repair.skipRows) expect(named.has(row)).toBe(true);
          for (let i = 1; i < report.series.time.length; i++) {
            expect(report.series.time[i]).toBeGreaterThan(report.series.time[i - 1] as number);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
