/**
 * Calendar arithmetic on days counted from 1970-01-01 (the engine's local days: days since the epoch
 * in an exchange's zone): the day of a date and back, weekdays, the nth weekday of a month, Easter.
 * Pure integer arithmetic (proleptic Gregorian calendar), no Date: a calendar asks it for every year
 * it is asked about, and the weekday of every day a session clock crosses.
 */

/** ISO weekdays: 1 Monday ... 7 Sunday. */
export const MONDAY = 1;
export const WEDNESDAY = 3;
export const THURSDAY = 4;
export const FRIDAY = 5;
export const SATURDAY = 6;
export const SUNDAY = 7;

export interface CivilDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

// Howard Hinnant's days_from_civil and civil_from_days: years counted from March, so the leap day is
// a year's last, in 400-year eras of 146,097 days; 719,468 days lie from 0000-03-01 to 1970-01-01.
const ERA_DAYS = 146_097;
const EPOCH_SHIFT = 719_468;

/** The day number of a date (month 1 to 12): 1970-01-01 is 0. */
export function civilDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * ERA_DAYS + dayOfEra - EPOCH_SHIFT;
}

/** The date of a day number. */
export function civilDate(dayNumber: number): CivilDate {
  const z = dayNumber + EPOCH_SHIFT;
  const era = Math.floor(z / ERA_DAYS);
  const dayOfEra = z - era * ERA_DAYS;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1,
  };
}

/** The day number of an ISO date, `YYYY-MM-DD`. */
export function isoDay(iso: string): number {
  return civilDay(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
}

/** The ISO weekday of a day number: 1 Monday ... 7 Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/**
 * The `n`th `weekday` (ISO) of a month: n = 3 is the third, n = -1 the last (Memorial Day is the last
 * Monday of May).
 */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = civilDay(year, month, 1);
    return first + ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = (month === 12 ? civilDay(year + 1, 1, 1) : civilDay(year, month + 1, 1)) - 1;
  return last - ((isoWeekday(last) - weekday + 7) % 7) + (n + 1) * 7;
}

/** Easter Sunday of a year in the Gregorian calendar (the anonymous computus of Meeus, Jones, Butcher). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monthAndDay = h + l - 7 * m + 114;
  return civilDay(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1);
}
