import { DAY_SECONDS, isIntradaySpan } from '../../../core/time/bar-spacing';

/** Bar and annotation times (UTC seconds) as the legend, tooltip, axis labels and object tree write them. */

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});

/** One formatter per zone and shape, made on first use (a DateTimeFormat costs far more than a format). */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string, shape: 'second' | 'minute' | 'clock' | 'day'): Intl.DateTimeFormat {
  const key = `${zone}|${shape}`;
  let format = formats.get(key);
  if (!format) {
    const timeZone = zone === 'local' ? undefined : zone;
    const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const date = { year: 'numeric', month: 'short', day: '2-digit' } as const;
    format = new Intl.DateTimeFormat(
      'en-US',
      shape === 'second'
        ? { timeZone, ...date, ...clock, second: '2-digit' }
        : shape === 'minute'
          ? { timeZone, ...date, ...clock }
          : shape === 'clock'
            ? { timeZone, ...clock }
            : { timeZone, ...date },
    );
    formats.set(key, format);
  }
  return format;
}

/**
 * With the time of day, in `zone`, for intraday bars; the date only for daily ones, which stand for
 * a calendar day whatever the zone (a daily bar at 00:00 UTC is that day in New York too).
 */
export function formatBarTime(time: number, intraday: boolean, zone = 'UTC'): string {
  return intraday
    ? formatIn(zone, 'minute').format(new Date(time * 1000))
    : dayFormat.format(new Date(time * 1000));
}

/**
 * A moment to the second in `zone`, written as bar times are ("Dec 05, 2026, 02:03:48"): when an alert
 * fired or expires, and anything else the workspace dates outside the bars.
 */
export function formatMoment(ms: number, zone = 'UTC'): string {
  return formatIn(zone, 'second').format(new Date(ms));
}

/**
 * A bar's time, and for a bar that merges many (a coarse level) the span it covers: "Jun 15, 2021,
 * 13:20 – Jun 17, 08:00" (the end written without what it shares with the start). An intraday span
 * ends at the next bar's time; a daily one on its last day.
 */
export function formatBarSpan(
  bar: { time: number; span?: { end: number; endIncluded: boolean } },
  intraday: boolean,
  zone = 'UTC',
  /** Between start and end: a dash on screen, ' to ' for a screen reader. */
  dash = ' – ',
): string {
  const start = formatBarTime(bar.time, intraday, zone);
  const span = bar.span;
  if (!span) return start;
  const end = intraday || span.endIncluded ? span.end : span.end - DAY_SECONDS;
  const day = (time: number) =>
    intraday ? formatIn(zone, 'day').format(new Date(time * 1000)) : dayFormat.format(new Date(time * 1000));
  const startDay = day(bar.time);
  const endDay = day(end);
  const endDate = endDay.slice(-4) === startDay.slice(-4) ? endDay.replace(/, \d{4}$/, '') : endDay;
  if (!intraday) return endDay === startDay ? start : `${start}${dash}${endDate}`;
  const clock = formatIn(zone, 'clock').format(new Date(end * 1000));
  return endDay === startDay ? `${start}${dash}${clock}` : `${start}${dash}${endDate}, ${clock}`;
}

/**
 * An axis label: for intraday bars the time of day in `zone`, or the day where the zone's day starts;
 * for daily bars lightweight-charts' own UTC day, month and year labels (`null`). The chart places
 * intraday day, month and year ticks on the first bar of the zone's day, month and year
 * (zoned-time-scale.ts), so a tick's type and the zone's calendar agree.
 */
export function axisTimeLabel(
  time: number,
  intraday: boolean,
  zone = 'UTC',
  tick: 'time' | 'day' | 'month' | 'year' = 'time',
): string | null {
  if (!intraday) return null;
  const date = new Date(time * 1000);
  if (tick === 'year') return formatIn(zone, 'day').format(date).slice(-4);
  if (tick === 'month') return formatIn(zone, 'day').format(date).slice(0, 3);
  const clock = formatIn(zone, 'clock').format(date);
  if (tick === 'day') {
    return formatIn(zone, 'day')
      .format(date)
      .replace(/, \d{4}$/, '');
  }
  if (clock !== '00:00') return clock;
  return formatIn(zone, 'day')
    .format(new Date(time * 1000))
    .replace(/, \d{4}$/, '');
}

/** Whether a series' bars are closer than a day apart on average (minute bars: the synthetic series). */
export function isIntraday(extent: { first: number; last: number; nativeCount: number }): boolean {
  return isIntradaySpan(extent.first, extent.last, extent.nativeCount);
}

/**
 * An annotation's time: daily bars stand at 00:00 UTC, so a time of day says the annotation is on an
 * intraday bar and is written with it (a vertical line on a minute chart needs its minute).
 */
export function formatAnnotationTime(time: number, zone = 'UTC'): string {
  return formatBarTime(time, time % DAY_SECONDS !== 0, zone);
}
