/**
 * The New York Stock Exchange's holidays and early closes as its rules, for any year: the ten
 * holidays of NYSE Rule 7.2 moved off weekends the NYSE's way, the unscheduled closures of 2000 to
 * 2030 a trader knows, and the 13:00 closes around Independence Day, Thanksgiving and Christmas. The
 * rules are those in force since 1998 (Martin Luther King Jr. Day's first year; Juneteenth from 2022),
 * applied as they are to earlier years, which the NYSE's own older calendars do not all match.
 */
import {
  civilDay,
  easterSunday,
  FRIDAY,
  isoDay,
  isoWeekday,
  MONDAY,
  nthWeekday,
  SATURDAY,
  SUNDAY,
  THURSDAY,
  WEDNESDAY,
} from '../time/civil-days';
import { type CalendarDay, type EarlyClose, yearlyCalendar } from './exchange-calendar';

/** Early closes are at 13:00 New York. */
export const NYSE_EARLY_CLOSE = 13 * 60;

/** A holiday on a Saturday is taken the Friday before, on a Sunday the Monday after. */
function observed(day: number): number {
  const weekday = isoWeekday(day);
  return weekday === SATURDAY ? day - 1 : weekday === SUNDAY ? day + 1 : day;
}

/** The regular holidays of a year (weekdays, as observed), in date order. */
export function nyseHolidays(year: number): CalendarDay[] {
  const holidays: CalendarDay[] = [];
  const add = (day: number, name: string) => holidays.push({ day, name });
  // On a Saturday, New Year's Day is not taken on the Friday before: that is the last trading day
  // of the year before, which closes its books (2021-12-31 traded).
  const newYear = civilDay(year, 1, 1);
  if (isoWeekday(newYear) !== SATURDAY) add(observed(newYear), "New Year's Day");
  if (year >= 1998) add(nthWeekday(year, 1, MONDAY, 3), 'Martin Luther King Jr. Day');
  add(nthWeekday(year, 2, MONDAY, 3), "Washington's Birthday");
  add(easterSunday(year) - 2, 'Good Friday');
  add(nthWeekday(year, 5, MONDAY, -1), 'Memorial Day');
  if (year >= 2022) add(observed(civilDay(year, 6, 19)), 'Juneteenth National Independence Day');
  add(observed(civilDay(year, 7, 4)), 'Independence Day');
  add(nthWeekday(year, 9, MONDAY, 1), 'Labor Day');
  add(nthWeekday(year, 11, THURSDAY, 4), 'Thanksgiving Day');
  add(observed(civilDay(year, 12, 25)), 'Christmas Day');
  return holidays;
}

/** Closures outside the rules: events and national days of mourning, 2000 to 2030. */
const SPECIAL_CLOSURES: readonly (readonly [iso: string, name: string])[] = [
  ['2001-09-11', 'September 11 attacks'],
  ['2001-09-12', 'September 11 attacks'],
  ['2001-09-13', 'September 11 attacks'],
  ['2001-09-14', 'September 11 attacks'],
  ['2004-06-11', 'National day of mourning for Ronald Reagan'],
  ['2007-01-02', 'National day of mourning for Gerald Ford'],
  ['2012-10-29', 'Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy'],
  ['2018-12-05', 'National day of mourning for George H. W. Bush'],
  ['2025-01-09', 'National day of mourning for Jimmy Carter'],
];

/** Early closes outside the rules. */
const SPECIAL_EARLY_CLOSES: readonly (readonly [iso: string, name: string])[] = [
  ['2003-12-26', 'Day after Christmas'],
];

function specialDays(list: typeof SPECIAL_CLOSURES, year: number): CalendarDay[] {
  return list
    .filter(([iso]) => Number(iso.slice(0, 4)) === year)
    .map(([iso, name]) => ({ day: isoDay(iso), name }));
}

/** Every weekday the NYSE stays closed in a year: its holidays and the special closures. */
export function nyseClosures(year: number): CalendarDay[] {
  return [...nyseHolidays(year), ...specialDays(SPECIAL_CLOSURES, year)].sort((a, b) => a.day - b.day);
}

/** The days the NYSE closes at 13:00 in a year. */
export function nyseEarlyCloses(year: number): EarlyClose[] {
  const days: CalendarDay[] = [];
  // The day before Independence Day, when July 4 is a Tuesday to Friday (on a Saturday, July 3 is the
  // holiday itself). Until 2012 a Wednesday July 3 traded whole and Friday July 5 closed early instead.
  const july3 = civilDay(year, 7, 3);
  const weekday = isoWeekday(july3);
  if (weekday <= THURSDAY && (weekday !== WEDNESDAY || year >= 2013)) {
    days.push({ day: july3, name: 'Day before Independence Day' });
  }
  if (weekday === WEDNESDAY && year < 2013) days.push({ day: july3 + 2, name: 'Day after Independence Day' });
  days.push({ day: nthWeekday(year, 11, THURSDAY, 4) + 1, name: 'Day after Thanksgiving' });
  // Christmas Eve, Monday to Thursday (on a Friday it is Christmas Day's holiday).
  const christmasEve = civilDay(year, 12, 24);
  if (isoWeekday(christmasEve) < FRIDAY) days.push({ day: christmasEve, name: 'Christmas Eve' });
  days.push(...specialDays(SPECIAL_EARLY_CLOSES, year));
  const closed = new Set(nyseClosures(year).map((c) => c.day));
  return days
    .filter((d) => !closed.has(d.day))
    .sort((a, b) => a.day - b.day)
    .map((d) => ({ ...d, close: NYSE_EARLY_CLOSE }));
}

/** The NYSE calendar the sessions ask (trading-session.ts). */
export const NYSE_CALENDAR = yearlyCalendar((year) => ({
  closed: nyseClosures(year),
  earlyCloses: nyseEarlyCloses(year),
}));
