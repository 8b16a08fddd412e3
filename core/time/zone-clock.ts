/**
 * Wall clocks of time zones: the parts of a time in a zone, the zone's offset, and the UTC time of a
 * wall-clock time. Pure (Intl only), shared by the engine (sessions) and the app (CSV export, alert
 * times). `local` is the runtime's own zone; other names are IANA zones or `UTC`.
 */

const DAY = 86_400;

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

/** Whether the runtime's time zone data knows `name` as a zone (`America/New_York`, `US/Eastern`, `UTC`). */
export function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
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
 * Zone offsets change a couple of times a year, never twice within two weeks: when the offsets at two
 * times less than two weeks apart are equal, every time between has that offset too. Probing that far
 * ahead (and finding a change, when there is one, to the second), a pass over years of minute bars
 * reads the zone data about twice a fortnight the first time, and not at all once the spans are known.
 */
const PROBE = 13 * DAY;

/** A span of time [from, to) over which a zone's offset stays `offset`. */
interface SteadySpan {
  from: number;
  to: number;
  offset: number;
}

/** A zone's known spans, in time order and disjoint, and the one that answered last. */
interface ZoneSpans {
  spans: SteadySpan[];
  last: SteadySpan | null;
}

const zoneSpans = new Map<string, ZoneSpans>();

/** How far `zone`'s wall clock is ahead of UTC at `time` (UTC seconds), in seconds. */
export function zoneOffset(zone: string, time: number): number {
  if (zone === 'UTC') return 0;
  let known = zoneSpans.get(zone);
  if (!known) {
    known = { spans: [], last: null };
    zoneSpans.set(zone, known);
  }
  const last = known.last;
  if (last && time >= last.from && time < last.to) return last.offset;
  if (!Number.isFinite(time)) return offsetFromFormat(zone, time);
  const span = spanAt(known.spans, time) ?? learnSpan(zone, known.spans, Math.floor(time));
  known.last = span;
  return span.offset;
}

/** The known span holding `time`, if any (binary search). */
function spanAt(spans: readonly SteadySpan[], time: number): SteadySpan | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid] as SteadySpan).to <= time) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo];
  return span && span.from <= time ? span : undefined;
}

/** The offset at a whole second, from the spans known or the zone data. */
function offsetAt(zone: string, spans: readonly SteadySpan[], second: number): number {
  return spanAt(spans, second)?.offset ?? offsetFromFormat(zone, second);
}

/**
 * The first whole second in (below, above] whose offset is not `offset`, where `above`'s is not:
 * offsets change on whole seconds, at most once in the range.
 */
function changeAfter(zone: string, offset: number, below: number, above: number): number {
  let lo = below;
  let hi = above;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetFromFormat(zone, mid) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** Works out the span around the whole second `second` (up to PROBE each way) and keeps it. */
function learnSpan(zone: string, spans: SteadySpan[], second: number): SteadySpan {
  const offset = offsetFromFormat(zone, second);
  const before = second - PROBE;
  const after = second + PROBE;
  const offsetBefore = offsetAt(zone, spans, before);
  const from = offsetBefore === offset ? before : changeAfter(zone, offsetBefore, before, second);
  const to = offsetAt(zone, spans, after) === offset ? after + 1 : changeAfter(zone, offset, second, after);
  return keepSpan(spans, { from, to, offset });
}

/**
 * Adds a span to the list, merged with the spans it overlaps or touches at its offset: the list stays
 * in time order, disjoint, and one span a stretch of one offset (a pass asks it about twice a year).
 */
function keepSpan(spans: SteadySpan[], span: SteadySpan): SteadySpan {
  const merged = { ...span };
  const others: SteadySpan[] = [];
  for (const other of spans) {
    if (other.offset === span.offset && other.to >= merged.from && other.from <= merged.to) {
      merged.from = Math.min(merged.from, other.from);
      merged.to = Math.max(merged.to, other.to);
    } else if (other.to <= span.from || other.from >= span.to) {
      others.push(other);
    }
    // Otherwise it overlaps at another offset, which zone data never gives: the new reading stands.
  }
  const at = others.findIndex((other) => other.from >= merged.to);
  others.splice(at < 0 ? others.length : at, 0, merged);
  spans.splice(0, spans.length, ...others);
  return merged;
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
