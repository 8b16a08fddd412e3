import { describe, expect, it } from 'vitest';
import { emptyProblemCounts } from '../../core/csv-import/problems';
import type { CsvImportSummary } from '../../core/protocol';
import {
  confirmLabel,
  describeColumns,
  describeDelimiter,
  describeRepair,
  formatBytes,
  formatTime,
  importBlocker,
  problemCountsText,
  problemDetail,
  totalProblems,
} from './csv-import-text';

function summary(patch: Partial<CsvImportSummary> = {}): CsvImportSummary {
  return {
    importId: 'a',
    fileName: 'prices.csv',
    fileBytes: 100,
    encoding: 'utf-8',
    notCsv: null,
    proposedSymbol: 'PRICES',
    first: null,
    last: null,
    lastClose: null,
    firstBar: null,
    lastBar: null,
    shape: 'ohlcv',
    shapeKey: '","|header|date,open,high,low,close,volume',
    mappingSource: 'detected',
    columns: { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5 },
    columnNames: ['Date', 'Open', 'High', 'Low', 'Close', 'Volume'],
    delimiter: ',',
    hasHeader: true,
    dateFormat: 'YYYY-MM-DD',
    dateOrder: null,
    dateOrderAssumed: false,
    decimalComma: false,
    rowsRead: 10,
    rowsKept: 10,
    fatal: false,
    problems: [],
    problemCounts: emptyProblemCounts(),
    repair: { sort: false, dropDuplicates: null, skipRows: [] },
    ...patch,
  };
}

describe('csv import text', () => {
  it('names the columns it reads, with their role when the header says something else', () => {
    expect(describeColumns(summary())).toBe('Date → time, Open, High, Low, Close, Volume');
    expect(
      describeColumns(
        summary({ shape: 'time-value', columns: { time: 1, value: 0 }, columnNames: ['px', 'when'] }),
      ),
    ).toBe('when → time, px → value');
    expect(describeDelimiter('\t')).toBe('tab');
    expect(describeDelimiter('#')).toBe('“#”');
  });

  it('describes a clean file as needing no repair', () => {
    const clean = summary();
    expect(describeRepair(clean)).toEqual([]);
    expect(confirmLabel(clean)).toBe('Import');
    expect(importBlocker(clean)).toBeNull();
    expect(totalProblems(clean)).toBe(0);
  });

  it('describes the proposed repair in words, with the rows it skips', () => {
    const counts = { ...emptyProblemCounts(), 'not-a-number': 2, 'duplicate-time': 1, unsorted: 3 };
    const bad = summary({
      problemCounts: counts,
      repair: { sort: true, dropDuplicates: 'keep-last', skipRows: [3, 5] },
      rowsKept: 7,
    });
    expect(describeRepair(bad)).toEqual([
      'Skip 2 rows that cannot be read: rows 3, 5.',
      'Sort the rows by time.',
      'Where rows share a time, keep the last one in the file (1 row dropped).',
    ]);
    expect(confirmLabel(bad)).toBe('Apply repair and import');
    expect(problemCountsText(bad).map((c) => c.text)).toEqual([
      '3 out of order',
      '2 not a number',
      '1 duplicate time',
    ]);
    expect(totalProblems(bad)).toBe(6);
    const many = summary({ repair: { sort: false, dropDuplicates: null, skipRows: [...Array(20).keys()] } });
    expect(describeRepair(many)[0]).toBe(
      'Skip 20 rows that cannot be read: rows 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 8 more.',
    );
  });

  it('says why a file cannot be imported', () => {
    expect(importBlocker(summary({ fatal: true, notCsv: 'This file is a PNG image, not CSV text.' }))).toBe(
      'This file is a PNG image, not CSV text.',
    );
    const problems = [
      {
        kind: 'missing-column' as const,
        row: 1,
        message: 'No column of numbers was found.',
        fatal: true as const,
      },
    ];
    expect(importBlocker(summary({ fatal: true, problems }))).toBe('No column of numbers was found.');
    expect(importBlocker(summary({ rowsKept: 0 }))).toBe('No rows are left to import after the repair.');
  });

  it('formats sizes, times and row messages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_800)).toBe('13 kB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatTime(Date.UTC(2021, 0, 4) / 1000)).toBe('2021-01-04');
    expect(formatTime(Date.UTC(2021, 0, 4, 9, 30) / 1000)).toBe('2021-01-04 09:30');
    // In the workspace's zone: intraday times move (here across New York's spring change), dates do not.
    expect(formatTime(Date.UTC(2024, 2, 10, 6, 59) / 1000, 'America/New_York')).toBe('2024-03-10 01:59');
    expect(formatTime(Date.UTC(2024, 2, 10, 7, 0) / 1000, 'America/New_York')).toBe('2024-03-10 03:00');
    expect(formatTime(Date.UTC(2021, 0, 4) / 1000, 'Asia/Tokyo')).toBe('2021-01-04');
    expect(problemDetail('Row 14: high 101.2 is below low 102.5')).toBe('high 101.2 is below low 102.5');
  });
});
