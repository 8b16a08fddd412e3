/**
 * Trading sessions: the hours and days an exchange trades, in its own time zone. Pure and shared by
 * the engine (resampling aligned to the session open, dropping bars outside it) and the app (shading
 * out-of-session time, a break at each session open). DST is the zone's: the open stays 09:30 local.
 */

export interface TradingSession {
  /** Shown to the user: `NYSE 09:30–16:00 New York`. */
  name: string;
  /** The exchange's IANA zone. */
  zone: string;
  /** Minutes after local midnight; open < close (sessions do not cross midnight). */
  open: number;
  close: number;
  /** ISO weekdays it trades: 1 Monday ... 7 Sunday. */
  days: readonly number[];
  /** Local dates (YYYY-MM-DD) it stays closed. */
  holidays?: readonly string[];
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Markets that never close (crypto, an imported file whose hours we do not know). */
export const AROUND_THE_CLOCK: TradingSession = {
  name: '24/7',
  zone: 'UTC',
  open: 0,
  close: 24 * 60,
  days: ALL_DAYS,
};

/** The New York Stock Exchange's regular session. */
export const NYSE: TradingSession = {
  name: 'NYSE 09:30–16:00 New York',
  zone: 'America/New_York',
  open: 9 * 60 + 30,
  close: 16 * 60,
  days: [1, 2, 3, 4, 5],
};

export function isAroundTheClock(session: TradingSession): boolean {
  return (
    session.open === 0 && session.close >= 24 * 60 && session.days.length === 7 && !session.holidays?.length
  );
}

const DAY = 86_400;

/** One formatter per zone: a DateTimeFormat costs far more than a format. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
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

/** The offset read from the runtime's zone data: a formatToParts, costly when asked once a bar. */
function offsetFromFormat(zone: string, time: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(time * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round(wall / 1000 - time);
}

const WEEK = 7 * DAY;

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

/** The UTC time of a wall-clock time in `zone`: `localDay` days after 1970-01-01, plus `minutes`. */
export function zonedTime(zone: string, localDay: number, minutes: number): number {
  const wall = localDay * DAY + minutes * 60;
  // The offset at the wall time read as UTC is right except within hours of a change: check once more.
  const first = wall - zoneOffset(zone, wall);
  return wall - zoneOffset(zone, first);
}

function isoDate(localDay: number): string {
  return new Date(localDay * DAY * 1000).toISOString().slice(0, 10);
}

/** Whether the session trades on this local day (days since 1970-01-01 in the zone). */
export function tradesOn(session: TradingSession, localDay: number): boolean {
  // 1970-01-01 was a Thursday (ISO 4).
  const weekday = ((((localDay + 3) % 7) + 7) % 7) + 1;
  if (!session.days.includes(weekday)) return false;
  return !session.holidays?.includes(isoDate(localDay));
}

/** One session: its open and close in UTC seconds. */
export interface SessionSpan {
  open: number;
  close: number;
}

/** The local day (in the session's zone) that `time` falls on. */
export function localDayOf(session: TradingSession, time: number): number {
  return Math.floor((time + zoneOffset(session.zone, time)) / DAY);
}

/** The session of a local day, or null when the market is closed that day. */
export function sessionOn(session: TradingSession, localDay: number): SessionSpan | null {
  if (!tradesOn(session, localDay)) return null;
  return {
    open: zonedTime(session.zone, localDay, session.open),
    close: zonedTime(session.zone, localDay, session.close),
  };
}

/** Every session that overlaps [from, to] (UTC seconds), in time order. */
export function sessionsBetween(session: TradingSession, from: number, to: number): SessionSpan[] {
  const spans: SessionSpan[] = [];
  const last = localDayOf(session, to);
  for (let day = localDayOf(session, from) - 1; day <= last + 1; day++) {
    const span = sessionOn(session, day);
    if (span && span.close > from && span.open <= to) spans.push(span);
  }
  return spans;
}

/**
 * Answers, for times in ascending order, whether each is in session and where its bucket grid is
 * anchored (the latest session open at or before it), computing each day's session once: a 10M-bar
 * pass asks the zone about once a day, not once a bar.
 */
export class SessionClock {
  private day = Number.NaN;
  private dayStart = Number.POSITIVE_INFINITY;
  private dayEnd = Number.NEGATIVE_INFINITY;
  private span: SessionSpan | null = null;
  private previousOpen: number | null = null;

  constructor(private readonly session: TradingSession) {}

  private locate(time: number): void {
    if (time >= this.dayStart && time < this.dayEnd) return;
    const day = localDayOf(this.session, time);
    this.day = day;
    this.dayStart = zonedTime(this.session.zone, day, 0);
    this.dayEnd = zonedTime(this.session.zone, day + 1, 0);
    this.span = sessionOn(this.session, day);
    this.previousOpen = null;
    for (let back = 1; back <= 14 && this.previousOpen === null; back++) {
      this.previousOpen = sessionOn(this.session, day - back)?.open ?? null;
    }
  }

  /** Whether the market is open at `time`: open <= time < close. */
  inSession(time: number): boolean {
    this.locate(time);
    return this.span !== null && time >= this.span.open && time < this.span.close;
  }

  /**
   * The latest session open at or before `time` (the local midnight when none is found in the two
   * weeks before): intraday buckets count from it, so a 1h bar starts at 09:30 where trading does.
   */
  anchor(time: number): number {
    this.locate(time);
    if (this.span && time >= this.span.open) return this.span.open;
    return this.previousOpen ?? this.dayStart;
  }

  /**
   * `anchor(time)` and the time it holds until (exclusive): the next session open or local midnight,
   * whichever comes first. A pass over sorted times asks again only past that time.
   */
  anchorSpan(time: number): { anchor: number; until: number } {
    this.locate(time);
    if (this.span && time >= this.span.open) return { anchor: this.span.open, until: this.dayEnd };
    const anchor = this.previousOpen ?? this.dayStart;
    return { anchor, until: this.span ? Math.min(this.span.open, this.dayEnd) : this.dayEnd };
  }

  /** `inSession(time)` and the time it holds until (exclusive): the next open, close or local midnight. */
  sessionSpan(time: number): { open: boolean; until: number } {
    this.locate(time);
    const span = this.span;
    if (!span || time >= span.close) return { open: false, until: this.dayEnd };
    if (time < span.open) return { open: false, until: span.open };
    return { open: true, until: Math.min(span.close, this.dayEnd) };
  }

  /** The local day of the last time asked about. */
  get localDay(): number {
    return this.day;
  }
}
