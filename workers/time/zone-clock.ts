/**
 * Wall clocks of time zones: the parts of a time in a zone, the zone's offset, and the UTC time of a
 * wall-clock time. Pure (Intl only), shared by the engine (sessions) and the app (CSV export, alert
 * times). `local` is the runtime's own zone; other names are IANA zones or `UTC`.
 */

const DAY = 86_400;
const WEEK = 7 * DAY;

/** One formatter per zone: a DateTimeFormat costs far more than a format. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      ...(zone === 'local' ? {} : { timeZone: zone }),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a clock in `zone` shows at `time` (UTC seconds). */
export function wallClock(zone: string, time: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(time * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The offset read from the runtime's zone data: a formatToParts, costly when asked once a bar. */
function offsetFromFormat(zone: string, time: number): number {
  const c = wallClock(zone, time);
  return Math.round(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000 - time);
}

/**
 * A span of time over which a zone's offset is known to stay the same, per zone. Offsets change a
 * couple of times a year, never twice within two weeks: when the offset a week before and a week
 * after a time equals the offset at it, the whole fortnight has it, and a pass over years of minute
 * bars reads the zone data about once a week instead of once a day or a bar.
 */
const steady = new Map<string, { from: number; to: number; offset: number }>();

/** How far `zone`'s wall clock is ahead of UTC at `time` (UTC seconds), in seconds. */
export function zoneOffset(zone: string, time: number): number {
  if (zone === 'UTC') return 0;
  const known = steady.get(zone);
  if (known && time >= known.from && time <= known.to) return known.offset;
  const offset = offsetFromFormat(zone, time);
  if (offsetFromFormat(zone, time - WEEK) === offset && offsetFromFormat(zone, time + WEEK) === offset) {
    steady.set(zone, { from: time - WEEK, to: time + WEEK, offset });
  }
  return offset;
}

/**
 * The UTC time (seconds) a clock in `zone` shows as `wall` (seconds since 1970-01-01 00:00 read as
 * a wall time). A wall time skipped by a spring change reads as the time after it.
 */
export function wallToUtc(zone: string, wall: number): number {
  // The offset at the wall time read as UTC is right except within hours of a change: check once more.
  const first = wall - zoneOffset(zone, wall);
  return wall - zoneOffset(zone, first);
}
