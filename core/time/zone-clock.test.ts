import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClock, zoneOffset } from './zone-clock';

const at = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

/**
 * The offset read straight from the zone data, for each time asked: what the spans must give. Read at
 * the whole second (the wall clock shows whole seconds; offsets change on them).
 */
function offsetRead(zone: string, time: number): number {
  const second = Math.floor(time);
  const c = wallClock(zone, second);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000 - second;
}

// Summer time both ways of the year, half and quarter hours, a zone that dropped summer time (2019).
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/Sao_Paulo',
] as const;

describe('zone offsets', () => {
  it('agree with the zone data at any time, asked in any order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: at('1990-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (zone, second, fraction) => {
          expect(zoneOffset(zone, second + fraction)).toBe(offsetRead(zone, second + fraction));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('change on the second the zone data changes, in a pass forward through the years', () => {
    for (const zone of ZONES) {
      let before = offsetRead(zone, at('2016-01-01T00:00:00Z'));
      for (let t = at('2016-01-01T00:00:00Z'); t < at('2020-01-01T00:00:00Z'); t += 6 * HOUR) {
        const offset = offsetRead(zone, t);
        expect(zoneOffset(zone, t)).toBe(offset);
        if (offset === before) continue;
        // A change within the last six hours: the second it happens, and the one before.
        let lo = t - 6 * HOUR;
        let change = t;
        while (change - lo > 1) {
          const mid = Math.floor((lo + change) / 2);
          if (offsetRead(zone, mid) === before) lo = mid;
          else change = mid;
        }
        expect(zoneOffset(zone, change - 1)).toBe(before);
        expect(zoneOffset(zone, change - 0.5)).toBe(before);
        expect(zoneOffset(zone, change)).toBe(offset);
        before = offset;
      }
    }
  });
});
