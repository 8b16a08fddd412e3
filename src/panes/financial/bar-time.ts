import { DAY_SECONDS, isIntradaySpan } from '../../data/bar-spacing';

/** Bar and annotation times (UTC seconds) as the legend, tooltip, axis labels and object tree write them. */

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});
const minuteFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** With the time of day for intraday bars, the date only for daily ones. */
export function formatBarTime(time: number, intraday: boolean): string {
  return (intraday ? minuteFormat : dayFormat).format(new Date(time * 1000));
}

/** Whether a series' bars are closer than a day apart on average (minute bars: the synthetic series). */
export function isIntraday(extent: { first: number; last: number; nativeCount: number }): boolean {
  return isIntradaySpan(extent.first, extent.last, extent.nativeCount);
}

/**
 * An annotation's time: daily bars stand at 00:00 UTC, so a time of day says the annotation is on an
 * intraday bar and is written with it (a vertical line on a minute chart needs its minute).
 */
export function formatAnnotationTime(time: number): string {
  return formatBarTime(time, time % DAY_SECONDS !== 0);
}
