/**
 * An exchange's days off and short days beyond its weekly hours, asked by local day (days since
 * 1970-01-01 in the exchange's zone). A calendar is rules (code) that give a year's dates; each year is
 * worked out once and kept as sets, so a session clock asking once a local day pays a lookup.
 */
import { civilDate } from '../time/civil-days';

/** A day of the calendar and what it is (`Thanksgiving Day`, `Hurricane Sandy`). */
export interface CalendarDay {
  day: number;
  name: string;
}

/** A short day: the exchange closes at `close` minutes after local midnight. */
export interface EarlyClose extends CalendarDay {
  close: number;
}

/** One year of a calendar: the weekdays it stays closed and the days it closes early. */
export interface CalendarYear {
  closed: readonly CalendarDay[];
  earlyCloses: readonly EarlyClose[];
}

export interface ExchangeCalendar {
  /** Whether the exchange stays closed all this local day (a holiday or a closure, not a weekend). */
  closedOn(localDay: number): boolean;
  /** The close of a short day, in minutes after local midnight; undefined on a day of regular hours. */
  earlyCloseOn(localDay: number): number | undefined;
}

interface YearTable {
  closed: Set<number>;
  earlyCloses: Map<number, number>;
}

/** A calendar from the rules of a year, each year's days computed on first use and kept. */
export function yearlyCalendar(yearOf: (year: number) => CalendarYear): ExchangeCalendar {
  const years = new Map<number, YearTable>();
  const tableOf = (localDay: number): YearTable => {
    const year = civilDate(localDay).year;
    let table = years.get(year);
    if (!table) {
      const { closed, earlyCloses } = yearOf(year);
      table = {
        closed: new Set(closed.map((c) => c.day)),
        earlyCloses: new Map(earlyCloses.map((e) => [e.day, e.close])),
      };
      years.set(year, table);
    }
    return table;
  };
  return {
    closedOn: (localDay) => tableOf(localDay).closed.has(localDay),
    earlyCloseOn: (localDay) => tableOf(localDay).earlyCloses.get(localDay),
  };
}
