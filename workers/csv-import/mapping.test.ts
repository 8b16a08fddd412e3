import { describe, expect, it } from 'vitest';
import { isCsvMapping } from '../../core/engine-args';
import { parseCsvText } from './import-csv';

/** No header; columns are time, close, high, low, open, volume: detection reads them as O H L C. */
const SWAPPED = [
  '2020-01-02,10.5,11,9,10,100',
  '2020-01-03,11.5,12,10,11,200',
  '2020-01-06,12.5,13,11,12,300',
].join('\n');

const RIGHT = { time: 0, close: 1, high: 2, low: 3, open: 4, volume: 5 };

describe('the user mapping', () => {
  it('reads the columns the user chose, and says the mapping was given', () => {
    const guessed = parseCsvText(SWAPPED);
    expect(guessed.series.open[0]).toBe(10.5);
    const mapped = parseCsvText(SWAPPED, { mapping: { hasHeader: false, columns: RIGHT } });
    expect(mapped.mappingSource).toBe('given');
    expect(mapped.shape).toBe('ohlcv');
    expect([mapped.series.open[0], mapped.series.close[0], mapped.series.volume[2]]).toEqual([10, 10.5, 300]);
    // The shape key is the detected file's, so the mapping is found again for the next such file.
    expect(mapped.shapeKey).toBe(guessed.shapeKey);
  });

  it('applies a mapping remembered for the file shape, and only for it', () => {
    const { shapeKey } = parseCsvText(SWAPPED);
    const remembered = { [shapeKey]: { hasHeader: false, columns: RIGHT } };
    const again = parseCsvText(SWAPPED, { remembered });
    expect(again.mappingSource).toBe('remembered');
    expect(again.series.open[0]).toBe(10);
    const other = parseCsvText(SWAPPED.replaceAll(',', ';'), { remembered });
    expect(other.mappingSource).toBe('detected');
  });

  it('refuses a chosen column that is not in the file, naming it; a remembered one gives way to detection', () => {
    const bad = parseCsvText(SWAPPED, { mapping: { columns: { time: 0, close: 9 } } });
    expect(bad.fatal).toBe(true);
    expect(bad.problems[0]?.message).toMatch(/close column is not in the file/);
    const { shapeKey } = parseCsvText(SWAPPED);
    const stale = parseCsvText(SWAPPED, { remembered: { [shapeKey]: { columns: { time: 0, close: 9 } } } });
    expect(stale.fatal).toBe(false);
    expect(stale.mappingSource).toBe('detected');
  });

  it('accepts only well-formed mappings from storage or the page', () => {
    expect(isCsvMapping({ delimiter: ';', hasHeader: true, columns: RIGHT, dateOrder: 'day-first' })).toBe(
      true,
    );
    expect(isCsvMapping({})).toBe(true);
    expect(isCsvMapping({ delimiter: ';;' })).toBe(false);
    expect(isCsvMapping({ columns: { time: -1 } })).toBe(false);
    expect(isCsvMapping({ columns: { time: 0, price: 1 } })).toBe(false);
    expect(isCsvMapping({ dateOrder: 'year-first' })).toBe(false);
    expect(isCsvMapping(null)).toBe(false);
  });
});
