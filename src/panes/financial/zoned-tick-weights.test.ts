import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_ZONES } from '../../../core/time/sample-zones';
import { wallClock } from '../../../core/time/zone-clock';
import { WEIGHT, zonedTickWeights } from './zoned-tick-weights';

const at = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

/** Hourly times from `start` (ISO, UTC) for `hours` hours. */
function hourly(start: string, hours: number): number[] {
  return Array.from({ length: hours }, (_, i) => at(start) + i * HOUR);
}

function weightsOf(times: number[], zone: string, from = 0): number[] {
  return zonedTickWeights((i) => times[i] as number, times.length, from, zone);
}

/** The times whose weight is at least `weight`, as ISO strings. */
function ticks(times: number[], zone: string, weight: number): string[] {
  const weights = weightsOf(times, zone);
  return times
    .filter((_, i) => (weights[i] as number) >= weight)
    .map((t) => new Date(t * 1000).toISOString());
}

describe('tick weights on a zone calendar', () => {
  it("puts New York's month tick on its own midnight, not on UTC's (Feb 28, 19:00)", () => {
    const times = hourly('2021-02-27T00:00:00Z', 72);
    expect(ticks(times, 'America/New_York', WEIGHT.month)).toEqual(['2021-03-01T05:00:00.000Z']);
    expect(ticks(times, 'UTC', WEIGHT.month)).toEqual(['2021-03-01T00:00:00.000Z']);
  });

  it('follows New York midnights across the spring change (05:00 UTC, then 04:00 UTC)', () => {
    const times = hourly('2021-03-13T12:00:00Z', 48);
    expect(ticks(times, 'America/New_York', WEIGHT.day)).toEqual([
      '2021-03-14T05:00:00.000Z',
      '2021-03-15T04:00:00.000Z',
    ]);
  });

  it('follows London and Sydney across their autumn changes', () => {
    const london = hourly('2021-10-30T12:00:00Z', 48);
    expect(ticks(london, 'Europe/London', WEIGHT.day)).toEqual([
      '2021-10-30T23:00:00.000Z',
      '2021-11-01T00:00:00.000Z',
    ]);
    // Sydney leaves daylight time on 2021-04-04 at 03:00 (UTC+11 to UTC+10).
    const sydney = hourly('2021-04-03T00:00:00Z', 48);
    expect(ticks(sydney, 'Australia/Sydney', WEIGHT.day)).toEqual([
      '2021-04-03T13:00:00.000Z',
      '2021-04-04T14:00:00.000Z',
    ]);
  });

  it('weighs a year change above a month, and hours by the largest step they cross', () => {
    const times = hourly('2021-12-31T22:00:00Z', 12);
    const weights = weightsOf(times, 'Asia/Kolkata');
    // 2021-12-31T18:30Z is midnight in Kolkata (+05:30): the first hour after it is the year's first.
    expect(weights[0]).toBe(WEIGHT.hour3);
    expect(Math.max(...weights)).toBe(WEIGHT.hour12);
    const newYear = hourly('2021-12-31T16:00:00Z', 6);
    expect(weightsOf(newYear, 'Asia/Kolkata')[3]).toBe(WEIGHT.year);
  });

  it('weighs only the points from `from` on, against the point before', () => {
    const times = hourly('2021-02-28T00:00:00Z', 12);
    const all = weightsOf(times, 'America/New_York');
    expect(weightsOf(times, 'America/New_York', 7)).toEqual(all.slice(7));
    expect(weightsOf(times, 'America/New_York', 12)).toEqual([]);
    expect(weightsOf([], 'America/New_York')).toEqual([]);
  });

  it('weighs a day or more exactly where the zone date changes (any times, any zone)', () => {
    const zones = fc.constantFrom(...SAMPLE_ZONES);
    const steps = fc.array(fc.integer({ min: 1, max: 40 * HOUR }), { minLength: 2, maxLength: 60 });
    const start = fc.integer({ min: at('1995-01-01T00:00:00Z'), max: at('2035-01-01T00:00:00Z') });
    fc.assert(
      fc.property(zones, start, steps, (zone, first, gaps) => {
        const times = [first];
        for (const gap of gaps) times.push((times[times.length - 1] as number) + gap);
        const weights = weightsOf(times, zone);
        const dateOf = (t: number) => {
          const c = wallClock(zone, t);
          return `${c.year}-${c.month}-${c.day}`;
        };
        for (let i = 1; i < times.length; i++) {
          const newDay = dateOf(times[i] as number) !== dateOf(times[i - 1] as number);
          expect((weights[i] as number) >= WEIGHT.day).toBe(newDay);
        }
      }),
    );
  });
});
