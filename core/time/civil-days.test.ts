import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilDate,
  civilDay,
  easterSunday,
  isoDay,
  isoWeekday,
  MONDAY,
  nthWeekday,
  SUNDAY,
  THURSDAY,
} from './civil-days';

const DAY_MS = 86_400_000;
const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe('day numbers of dates', () => {
  it('agree with Date.UTC both ways, leap days and centuries included', () => {
    fc.assert(
      fc.property(fc.integer({ min: civilDay(1600, 1, 1), max: civilDay(2400, 12, 31) }), (day) => {
        const date = new Date(day * DAY_MS);
        expect(civilDate(day)).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(civilDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(day);
        expect(isoWeekday(day)).toBe(date.getUTCDay() || 7);
      }),
      { numRuns: 2000 },
    );
    expect(civilDay(1970, 1, 1)).toBe(0);
    expect(iso(civilDay(2000, 2, 29))).toBe('2000-02-29');
    expect(civilDay(2100, 3, 1) - civilDay(2100, 2, 28)).toBe(1); // 2100 is not a leap year
    expect(iso(isoDay('2024-11-28'))).toBe('2024-11-28');
  });

  it('find the nth and the last weekday of a month', () => {
    expect(iso(nthWeekday(2024, 1, MONDAY, 3))).toBe('2024-01-15');
    expect(iso(nthWeekday(2024, 11, THURSDAY, 4))).toBe('2024-11-28');
    expect(iso(nthWeekday(2024, 9, MONDAY, 1))).toBe('2024-09-02');
    expect(iso(nthWeekday(2024, 5, MONDAY, -1))).toBe('2024-05-27');
    expect(iso(nthWeekday(2021, 5, MONDAY, -1))).toBe('2021-05-31');
    expect(iso(nthWeekday(2024, 12, SUNDAY, -1))).toBe('2024-12-29');
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 7 }),
        (year, month, weekday) => {
          const first = nthWeekday(year, month, weekday, 1);
          const last = nthWeekday(year, month, weekday, -1);
          for (const day of [first, last]) {
            expect(isoWeekday(day)).toBe(weekday);
            expect(civilDate(day).month).toBe(month);
          }
          expect(civilDate(first - 7).month).not.toBe(month);
          expect(civilDate(last + 7).month).not.toBe(month);
          expect(nthWeekday(year, month, weekday, 2)).toBe(first + 7);
        },
      ),
    );
  });
});

describe('Easter', () => {
  it('falls on the dates the churches published', () => {
    const known = {
      1818: '1818-03-22', // the earliest possible
      1961: '1961-04-02',
      2000: '2000-04-23',
      2008: '2008-03-23',
      2011: '2011-04-24',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2038: '2038-04-25', // the latest possible
      2100: '2100-03-28',
    };
    for (const [year, date] of Object.entries(known)) expect(iso(easterSunday(Number(year)))).toBe(date);
  });

  it('is a Sunday from March 22 to April 25', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const easter = easterSunday(year);
        expect(isoWeekday(easter)).toBe(SUNDAY);
        expect(easter).toBeGreaterThanOrEqual(civilDay(year, 3, 22));
        expect(easter).toBeLessThanOrEqual(civilDay(year, 4, 25));
      }),
    );
  });
});
