import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilDate, civilDay, isoDay, isoWeekday, SATURDAY } from '../time/civil-days';
import {
  NYSE_CALENDAR,
  NYSE_EARLY_CLOSE,
  nyseClosures,
  nyseEarlyCloses,
  nyseHolidays,
} from './nyse-calendar';

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const datesOf = (days: { day: number }[]) => days.map((d) => iso(d.day));

describe('NYSE holidays', () => {
  it('are the ones the NYSE published, moved off weekends its way', () => {
    const published: Record<number, string[]> = {
      // New Year's Day 2022 is a Saturday: not taken on Friday 2021-12-31. Christmas 2021 is a
      // Saturday: taken on Friday the 24th. Independence Day 2021 is a Sunday: taken on Monday the 5th.
      2021: ['01-01', '01-18', '02-15', '04-02', '05-31', '07-05', '09-06', '11-25', '12-24'],
      // Juneteenth's first year, on a Sunday: taken on Monday the 20th.
      2022: ['01-17', '02-21', '04-15', '05-30', '06-20', '07-04', '09-05', '11-24', '12-26'],
      // New Year's Day on a Sunday: taken on Monday the 2nd.
      2023: ['01-02', '01-16', '02-20', '04-07', '05-29', '06-19', '07-04', '09-04', '11-23', '12-25'],
      2024: ['01-01', '01-15', '02-19', '03-29', '05-27', '06-19', '07-04', '09-02', '11-28', '12-25'],
      2025: ['01-01', '01-20', '02-17', '04-18', '05-26', '06-19', '07-04', '09-01', '11-27', '12-25'],
      // Independence Day on a Saturday: taken on Friday July 3.
      2026: ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
      2020: ['01-01', '01-20', '02-17', '04-10', '05-25', '07-03', '09-07', '11-26', '12-25'],
      // New Year's Day 2011 is a Saturday: eight holidays that year.
      2011: ['01-17', '02-21', '04-22', '05-30', '07-04', '09-05', '11-24', '12-26'],
    };
    for (const [year, dates] of Object.entries(published)) {
      expect(datesOf(nyseHolidays(Number(year)))).toEqual(dates.map((d) => `${year}-${d}`));
    }
    expect(nyseHolidays(2024).map((h) => h.name)).toEqual([
      "New Year's Day",
      'Martin Luther King Jr. Day',
      "Washington's Birthday",
      'Good Friday',
      'Memorial Day',
      'Juneteenth National Independence Day',
      'Independence Day',
      'Labor Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
    // Martin Luther King Jr. Day from 1998 only.
    expect(datesOf(nyseHolidays(1997))).not.toContain('1997-01-20');
    expect(datesOf(nyseHolidays(1998))).toContain('1998-01-19');
  });

  it('add the closures no rule gives', () => {
    const closures = [2001, 2004, 2007, 2012, 2018, 2025].flatMap((year) => datesOf(nyseClosures(year)));
    for (const date of [
      '2001-09-11',
      '2001-09-12',
      '2001-09-13',
      '2001-09-14',
      '2004-06-11',
      '2007-01-02',
      '2012-10-29',
      '2012-10-30',
      '2018-12-05',
      '2025-01-09',
    ]) {
      expect(closures).toContain(date);
    }
    expect(nyseClosures(2024)).toEqual(nyseHolidays(2024));
  });

  it('fall on weekdays, inside their year, nine or ten a year but one when New Year is a Saturday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1998, max: 2400 }), (year) => {
        const holidays = nyseHolidays(year).map((h) => h.day);
        for (const day of holidays) {
          expect(isoWeekday(day)).toBeLessThan(SATURDAY);
          expect(civilDate(day).year).toBe(year);
        }
        expect(new Set(holidays).size).toBe(holidays.length);
        const regular = year >= 2022 ? 10 : 9;
        const newYearOnSaturday = isoWeekday(civilDay(year, 1, 1)) === SATURDAY;
        expect(holidays.length).toBe(regular - (newYearOnSaturday ? 1 : 0));
      }),
      { numRuns: 200 },
    );
  });
});

describe('NYSE early closes', () => {
  it('are at 13:00 on the days the NYSE published', () => {
    const published: Record<number, string[]> = {
      2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
      2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
      // Christmas Eve is a Sunday.
      2023: ['2023-07-03', '2023-11-24'],
      // July 3 is the Independence Day holiday itself (July 4 is a Saturday).
      2020: ['2020-11-27', '2020-12-24'],
      2026: ['2026-11-27', '2026-12-24'],
      // A Wednesday July 3: early since 2013; before, the Friday after closed early instead.
      2019: ['2019-07-03', '2019-11-29', '2019-12-24'],
      2002: ['2002-07-05', '2002-11-29', '2002-12-24'],
      2003: ['2003-07-03', '2003-11-28', '2003-12-24', '2003-12-26'],
    };
    for (const [year, dates] of Object.entries(published)) {
      const early = nyseEarlyCloses(Number(year));
      expect(datesOf(early)).toEqual(dates);
      expect(early.every((e) => e.close === NYSE_EARLY_CLOSE && e.close === 13 * 60)).toBe(true);
    }
  });

  it('fall on weekdays the exchange trades, the day after Thanksgiving and at most two more a year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1998, max: 2400 }), (year) => {
        const closed = new Set(nyseClosures(year).map((c) => c.day));
        const early = nyseEarlyCloses(year);
        expect(early.map((e) => e.name)).toContain('Day after Thanksgiving');
        // 2003 had a fourth, unscheduled: the day after Christmas.
        expect(early.length).toBeLessThanOrEqual(year === 2003 ? 4 : 3);
        for (const { day } of early) {
          expect(isoWeekday(day)).toBeLessThan(SATURDAY);
          expect(closed.has(day)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the NYSE calendar', () => {
  it('answers any day as its year lists say', () => {
    fc.assert(
      fc.property(fc.integer({ min: civilDay(1998, 1, 1), max: civilDay(2100, 12, 31) }), (day) => {
        const { year } = civilDate(day);
        expect(NYSE_CALENDAR.closedOn(day)).toBe(nyseClosures(year).some((c) => c.day === day));
        expect(NYSE_CALENDAR.earlyCloseOn(day)).toBe(nyseEarlyCloses(year).find((e) => e.day === day)?.close);
      }),
      { numRuns: 500 },
    );
    expect(NYSE_CALENDAR.closedOn(isoDay('2024-11-28'))).toBe(true);
    expect(NYSE_CALENDAR.closedOn(isoDay('2021-12-31'))).toBe(false);
    expect(NYSE_CALENDAR.earlyCloseOn(isoDay('2024-11-29'))).toBe(13 * 60);
    expect(NYSE_CALENDAR.earlyCloseOn(isoDay('2024-11-27'))).toBeUndefined();
  });
});
