import type { TimeFamily } from './dates';

/** Column-wide decisions about a time column: the day/month order and the format's name. */

export interface DateOrder {
  dayFirst: boolean;
  /** True when no field exceeded 12, so the order is the separator's convention, not evidence. */
  assumed: boolean;
}

/**
 * The day/month order of a whole column of `first/second/year` dates: any first field above 12 means
 * day-first, else any second field above 12 means month-first; otherwise `/` is read the US way
 * (month-first) and `.` or `-` the European way (day-first), and the order is marked as assumed.
 */
export function decideDateOrder(maxFirst: number, maxSecond: number, separator: string): DateOrder {
  if (maxFirst > 12) return { dayFirst: true, assumed: false };
  if (maxSecond > 12) return { dayFirst: false, assumed: false };
  return { dayFirst: separator !== '/', assumed: true };
}

/** A short name of the column's format for the import dialog, such as `DD.MM.YYYY HH:MM`. */
export function describeDateFormat(
  family: TimeFamily,
  separator: string,
  dayFirst: boolean,
  hasTime: boolean,
): string {
  const clock = hasTime ? ' HH:MM:SS' : '';
  switch (family) {
    case 'iso':
      return separator === '-'
        ? hasTime
          ? 'ISO 8601 date-time'
          : 'YYYY-MM-DD'
        : `YYYY${separator}MM${separator}DD${clock}`;
    case 'numeric-date':
      return (dayFirst ? `DD${separator}MM${separator}YYYY` : `MM${separator}DD${separator}YYYY`) + clock;
    case 'month-name':
      return `date with month name (e.g. Jan 2 2020)${clock}`;
    case 'epoch-seconds':
      return 'epoch seconds';
    case 'epoch-milliseconds':
      return 'epoch milliseconds';
    case 'epoch-microseconds':
      return 'epoch microseconds';
    case 'yyyymmdd':
      if (!hasTime) return 'YYYYMMDD';
      return separator === ':' ? 'YYYYMMDD HH:MM:SS' : 'YYYYMMDD HHMMSS';
    default:
      return 'unknown';
  }
}
