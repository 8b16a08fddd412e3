import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../core/protocol';
import { SAMPLE_ZONES } from '../../core/time/sample-zones';
import { wallClock } from '../../core/time/zone-clock';
import { parseCsvText } from '../csv-import/import-csv';
import { barsCsvParts, isoInZone } from './bars-csv';

const barsCsv = (...args: Parameters<typeof barsCsvParts>) => [...barsCsvParts(...args)].join('');

function barsOf(times: number[], closes: number[]): BarsResult {
  const column = (values: number[]) => Float64Array.from(values);
  return {
    symbol: 'T',
    level: 0,
    factor: 1,
    time: column(times),
    open: column(closes),
    high: column(closes.map((c) => c + 1.125)),
    low: column(closes.map((c) => c - 0.5)),
    close: column(closes),
    volume: column(closes.map((_, i) => 100 + i)),
    first: times[0] ?? 0,
    last: times.at(-1) ?? 0,
    nativeCount: times.length,
  };
}

describe('visible data as CSV', () => {
  it('writes intraday times in the zone with its offset, across a DST change', () => {
    // 2024-03-10: New York moves from UTC-5 to UTC-4 at 02:00 local.
    expect(isoInZone(Date.UTC(2024, 2, 8, 14, 30) / 1000, 'America/New_York')).toBe(
      '2024-03-08T09:30:00-05:00',
    );
    expect(isoInZone(Date.UTC(2024, 2, 11, 13, 30) / 1000, 'America/New_York')).toBe(
      '2024-03-11T09:30:00-04:00',
    );
    expect(isoInZone(Date.UTC(2024, 2, 11, 13, 30) / 1000, 'UTC')).toBe('2024-03-11T13:30:00+00:00');
  });

  it('writes only the bars asked for, daily ones as dates, prices in full', () => {
    const day = 86_400;
    const bars = barsOf([0, day, 2 * day, 3 * day], [10.123456, 11, 12, 13]);
    expect(barsCsv(bars, 1, 2, false, 'America/New_York')).toBe(
      'time,open,high,low,close,volume\n1970-01-02,11,12.125,10.5,11,101\n1970-01-03,12,13.125,11.5,12,102\n',
    );
    expect(barsCsv(bars, 0, 0, false, 'UTC')).toContain(
      '1970-01-01,10.123456,11.248456,9.623456,10.123456,100',
    );
  });

  it("writes every instant at the zone's wall clock, as the zone data has it", () => {
    const zones = fc.constantFrom(...SAMPLE_ZONES);
    // 1990 to 2040, to the second: the DST changes of each zone included.
    const times = fc.integer({ min: 631_152_000, max: 2_208_988_800 });
    fc.assert(
      fc.property(zones, times, (zone, time) => {
        const c = wallClock(zone, time);
        const two = (n: number) => String(n).padStart(2, '0');
        const wall = `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;
        return isoInZone(time, zone).startsWith(wall);
      }),
      { numRuns: 2000 },
    );
  });

  it('says how many bars each row merges where the rows are merged bars', () => {
    const bars = { ...barsOf([0, 3600, 7200], [1, 2, 3]), factor: 60 };
    expect(barsCsv(bars, 0, 1, true, 'UTC')).toBe(
      'time,open,high,low,close,volume,bars\n1970-01-01T00:00:00+00:00,1,2.125,0.5,1,100,60\n' +
        '1970-01-01T01:00:00+00:00,2,3.125,1.5,2,101,60\n',
    );
  });

  it('writes a series of closes only as time and close, which reads back as a series of closes', () => {
    const day = 86_400;
    const bars = { ...barsOf([0, day, 2 * day], [10.5, 11, 12.25]), closesOnly: true };
    const csv = barsCsv(bars, 0, 2, false, 'UTC');
    expect(csv).toBe('time,close\n1970-01-01,10.5\n1970-01-02,11\n1970-01-03,12.25\n');
    const report = parseCsvText(csv);
    expect(report.shape).toBe('time-value');
    expect(Array.from(report.series.close)).toEqual([10.5, 11, 12.25]);
  });

  it('reads back through our own CSV import to the same bars, in any zone', () => {
    const zones = fc.constantFrom(...SAMPLE_ZONES);
    const minutes = fc.uniqueArray(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(zones, minutes, (zone, steps) => {
        const times = steps.sort((a, b) => a - b).map((m) => 1_700_000_000 + m * 60);
        const bars = barsOf(
          times,
          times.map((_, i) => 100 + i / 8),
        );
        const report = parseCsvText(barsCsv(bars, 0, times.length - 1, true, zone));
        expect(report.problems).toEqual([]);
        expect(Array.from(report.series.time)).toEqual(times);
        expect(Array.from(report.series.close)).toEqual(Array.from(bars.close));
        expect(Array.from(report.series.volume)).toEqual(Array.from(bars.volume));
      }),
      { numRuns: 40 },
    );
  });
});
