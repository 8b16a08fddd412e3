import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvProblemKind, parseCsvText } from './import-csv';

/** Properties run for seconds, more on a loaded machine; the default 5 s is too tight. */
const PROPERTY_TIMEOUT = 60_000;
const SEED = 20261125;
const DAY = 86400;
const FROM_1990 = Date.UTC(1990, 0, 1) / 1000;

const DEFECTS = {
  'not-a-number': 'not-a-number',
  'high-below-low': 'high-below-low',
  'open-outside': 'open-outside-range',
  'close-outside': 'close-outside-range',
  missing: 'missing-column',
  'bad-date': 'bad-date',
  duplicate: 'duplicate-time',
  unsorted: 'unsorted',
} as const satisfies Record<string, CsvProblemKind>;
type Defect = keyof typeof DEFECTS;
const SKIPPING: readonly Defect[] = [
  'not-a-number',
  'high-below-low',
  'open-outside',
  'close-outside',
  'missing',
  'bad-date',
];

const price = fc.integer({ min: 100, max: 100_000 }).map((cents) => cents / 100);
const defectiveFile = fc
  .record({
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    bars: fc.array(fc.tuple(price, price, price, price), { minLength: 8, maxLength: 120, size: 'max' }),
    defects: fc.array(
      fc.record({
        at: fc.nat(),
        defect: fc.constantFrom(...(Object.keys(DEFECTS) as Defect[])),
        junk: fc.constantFrom('NaN', 'nan', '', 'abc', '1.2.3', 'Infinity'),
      }),
      { maxLength: 8 },
    ),
  })
  .map(({ delimiter, bars, defects }) => {
    // Defects on rows 2.. of the data, never next to each other, so each one's previous row is good.
    const chosen = new Map<number, (typeof defects)[number]>();
    for (const d of defects) {
      const at = 1 + (d.at % (bars.length - 1));
      if (!chosen.has(at) && !chosen.has(at - 1) && !chosen.has(at + 1)) chosen.set(at, d);
    }
    const rows = bars.map(([a, b, c, d], i) => {
      const [low, x, y, high] = [a, b, c, d].sort((p, q) => p - q) as [number, number, number, number];
      return { i, time: FROM_1990 + 2 * i * DAY, open: x, high, low, close: y, volume: i * 10 };
    });
    const lines = rows.map((row) => {
      const defect = chosen.get(row.i);
      const cells: (string | number)[] = [row.time, row.open, row.high, row.low, row.close, row.volume];
      const write = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
      let date = write(row.time);
      switch (defect?.defect) {
        case 'not-a-number':
          cells[4] = defect.junk;
          break;
        case 'high-below-low':
          cells[2] = row.low - 1;
          break;
        case 'open-outside':
          cells[1] = row.high + 1;
          break;
        case 'close-outside':
          cells[4] = row.low - 1;
          break;
        case 'bad-date':
          date = '2021-02-29';
          break;
        case 'duplicate':
          row.time -= 2 * DAY;
          date = write(row.time);
          break;
        case 'unsorted':
          row.time -= 3 * DAY;
          date = write(row.time);
          break;
      }
      cells[0] = date;
      return (defect?.defect === 'missing' ? cells.slice(0, 2) : cells).join(delimiter);
    });
    const text = `${['Date', 'Open', 'High', 'Low', 'Close', 'Volume'].join(delimiter)}\n${lines.join('\n')}\n`;
    return { text, rows, chosen };
  });

describe('bad rows', { timeout: PROPERTY_TIMEOUT }, () => {
  it('are each reported with the right kind and row, and the repair sorts, keeps the last duplicate, skips bad rows', () => {
    fc.assert(
      fc.property(defectiveFile, ({ text, rows, chosen }) => {
        const report = parseCsvText(text);
        const rowOf = (i: number) => i + 2; // the header is row 1
        const expected = [...chosen.entries()]
          .sort(([a], [b]) => a - b)
          .map(([i, d]) => [DEFECTS[d.defect], rowOf(i)]);
        expect(report.problems.map((p) => [p.kind, p.row])).toEqual(expected);
        for (const kind of Object.values(DEFECTS)) {
          expect(report.problemCounts[kind]).toBe(expected.filter(([k]) => k === kind).length);
        }
        const defectOf = (i: number) => chosen.get(i)?.defect;
        const skipped = rows.filter((row) => SKIPPING.includes(defectOf(row.i) as Defect));
        expect(report.repair).toEqual({
          sort: rows.some((row) => defectOf(row.i) === 'unsorted'),
          dropDuplicates: rows.some((row) => defectOf(row.i) === 'duplicate') ? 'keep-last' : null,
          skipRows: skipped.map((row) => rowOf(row.i)),
        });
        // The model: good rows, stably sorted by time, the last of equal times kept.
        const good = rows.filter((row) => !skipped.includes(row)).sort((a, b) => a.time - b.time);
        const kept = good.filter((row, k) => good[k + 1]?.time !== row.time);
        expect(report.rowsKept).toBe(kept.length);
        expect([...report.series.time]).toEqual(kept.map((row) => row.time));
        expect([...report.series.close]).toEqual(kept.map((row) => row.close));
        expect([...report.series.volume]).toEqual(kept.map((row) => row.volume));
      }),
      { seed: SEED, numRuns: 400, interruptAfterTimeLimit: 20_000 },
    );
  });
});
