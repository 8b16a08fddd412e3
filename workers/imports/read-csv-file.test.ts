import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../csv-import/import-csv';
import { readCsvFile } from './read-csv-file';

const TEXT = [
  'Datum;Eröffnung;Hoch;Tief;Schluss',
  '02.01.2020;1,5;2,5;1,25;2',
  '03.01.2020;2;3;1,75;2,5',
  '06.01.2020;2,5;3,5;2;3',
].join('\r\n');

describe('readCsvFile', () => {
  it('gives the same report whatever the chunk size, even when chunks split a character', async () => {
    const whole = parseCsvText(TEXT);
    const bytes = new TextEncoder().encode(`\ufeff${TEXT}`);
    for (const chunkBytes of [1, 2, 3, 7, 64, 1 << 20]) {
      const progress: number[] = [];
      const { report, encoding } = await readCsvFile(new Blob([bytes]), {
        chunkBytes,
        onProgress: (p) => progress.push(p.bytesRead),
      });
      expect(encoding).toBe('utf-8');
      expect(report.columnNames).toEqual(['Datum', 'Eröffnung', 'Hoch', 'Tief', 'Schluss']);
      expect({ ...report, series: null }).toEqual({ ...whole, series: null });
      expect(Array.from(report.series.close)).toEqual([2, 2.5, 3]);
      expect(progress.at(-1)).toBe(bytes.length);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    }
  });

  it('reads UTF-16 and Windows-1252 files', async () => {
    const utf16 = new Uint8Array(2 + TEXT.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < TEXT.length; i++) utf16[2 + 2 * i] = TEXT.charCodeAt(i);
    const wide = await readCsvFile(new Blob([utf16]), { chunkBytes: 5 });
    expect(wide.encoding).toBe('utf-16le');
    expect(wide.report.columnNames[1]).toBe('Eröffnung');
    expect(wide.report.rowsKept).toBe(3);

    const latin = Uint8Array.from(TEXT, (c) => c.charCodeAt(0));
    const ansi = await readCsvFile(new Blob([latin]));
    expect(ansi.encoding).toBe('windows-1252');
    expect(ansi.report.columnNames[1]).toBe('Eröffnung');
  });

  it('reports a binary file without parsing it', async () => {
    const result = await readCsvFile(new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])]));
    expect(result.notCsv).toBe('This file is a PDF document, not CSV text.');
    expect(result.report).toMatchObject({ fatal: true, rowsRead: 0, rowsKept: 0 });
    expect(result.report.problems).toEqual([
      { kind: 'missing-column', row: 1, message: 'This file is a PDF document, not CSV text.', fatal: true },
    ]);
  });
});
