/**
 * Trading sessions: the hours and days an exchange trades, in its own time zone. Pure and shared by
 * the engine (resampling aligned to the session open, dropping bars outside it) and the app (shading
 * out-of-session time, a break at each session open). DST is the zone's: the open stays 09:30 local.
 * Holidays and early closes come from the exchange's calendar (a set of rules, nyse-calendar.ts).
 */

import { isoDay, isoWeekday } from '../time/civil-days';
import { wallToUtc, zoneOffset } from '../time/zone-clock';
import type { ExchangeCalendar } from './exchange-calendar';
import { NYSE_CALENDAR } from './nyse-calendar';

/**
 * The exchange calendars a session can name. A session names its calendar rather than holding it:
 * sessions are data that the catalog posts to the app, and a structured clone carries no functions.
 */
const CALENDARS = { NYSE: NYSE_CALENDAR } as const satisfies Record<string, ExchangeCalendar>;
export type CalendarName = keyof typeof CALENDARS;

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
  /** Its exchange's holidays, closures and early closes, for any year. */
  calendar?: CalendarName;
  /** Local dates (YYYY-MM-DD) it stays closed, besides its calendar's. */
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

/** The New York Stock Exchange's regular session, closed on its holidays and closing early on short days. */
export const NYSE: TradingSession = {
  name: 'NYSE 09:30–16:00 New York',
  zone: 'America/New_York',
  open: 9 * 60 + 30,
  close: 16 * 60,
  days: [1, 2, 3, 4, 5],
  calendar: 'NYSE',
};

export function isAroundTheClock(session: TradingSession): boolean {
  return (
    session.open === 0 &&
    session.close >= 24 * 60 &&
    session.days.length === 7 &&
    !session.calendar &&
    !session.holidays?.length
  );
}

const DAY = 86_400;

/** The UTC time of a wall-clock time in `zone`: `localDay` days after 1970-01-01, plus `minutes`. */
export function zonedTime(zone: string, localDay: number, minutes: number): number {
  return wallToUtc(zone, localDay * DAY + minutes * 60);
}

/** A session's own holiday list as local days, read once per list. */
const holidayDays = new WeakMap<readonly string[], ReadonlySet<number>>();
function holidaysOf(list: readonly string[]): ReadonlySet<number> {
  let days = holidayDays.get(list);
  if (!days) {
    days = new Set(list.map(isoDay));
    holidayDays.set(list, days);
  }
  return days;
}

/** Whether the session trades on this local day (days since 1970-01-01 in the zone). */
export function tradesOn(session: TradingSession, localDay: number): boolean {
  if (!session.days.includes(isoWeekday(localDay))) return false;
  if (session.calendar && CALENDARS[session.calendar].closedOn(localDay)) return false;
  return !(session.holidays && holidaysOf(session.holidays).has(localDay));
}

/** The session's close on a local day it trades, in minutes after local midnight: early on a short day. */
function closeOn(session: TradingSession, localDay: number): number {
  const early = session.calendar ? CALENDARS[session.calendar].earlyCloseOn(localDay) : undefined;
  return early === undefined ? session.close : Math.min(early, session.close);
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

/** The session of a local day (closing early on a short day), or null when the market is closed. */
export function sessionOn(session: TradingSession, localDay: number): SessionSpan | null {
  if (!tradesOn(session, localDay)) return null;
  return {
    open: zonedTime(session.zone, localDay, session.open),
    close: zonedTime(session.zone, localDay, closeOn(session, localDay)),
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

/** How many days back a session clock looks for the session open an intraday grid counts from. */
const LOOK_BACK_DAYS = 14;

/**
 * Answers, for times in ascending order, whether each is in session and where its bucket grid is
 * anchored (the latest session open at or before it), computing each day's session once: a 10M-bar
 * pass asks the zone about once a day, not once a bar.
 */
export class SessionClock {
  /** The local day located last, its start and end (UTC), and its session. */
  private day = Number.NaN;
  private dayStart = Number.POSITIVE_INFINITY;
  private dayEnd = Number.NEGATIVE_INFINITY;
  private span: SessionSpan | null = null;
  /** The latest session open in the two weeks before the day, and its local day. */
  private previousOpen: number | null = null;
  private previousOpenDay = Number.NaN;

  constructor(private readonly session: TradingSession) {}

  private locate(time: number): void {
    if (time >= this.dayStart && time < this.dayEnd) return;
    const day = localDayOf(this.session, time);
    if (day === this.day + 1) {
      // The next day, as a pass goes on: it starts where the day before ended, and the latest open
      // before it is the day before's, or the one before that while it is within two weeks.
      if (this.span) {
        this.previousOpen = this.span.open;
        this.previousOpenDay = this.day;
      } else if (day - this.previousOpenDay > LOOK_BACK_DAYS) {
        this.previousOpen = null;
      }
      this.dayStart = this.dayEnd;
    } else {
      this.dayStart = zonedTime(this.session.zone, day, 0);
      this.previousOpen = null;
      for (let back = 1; back <= LOOK_BACK_DAYS && this.previousOpen === null; back++) {
        this.previousOpen = sessionOn(this.session, day - back)?.open ?? null;
        this.previousOpenDay = day - back;
      }
    }
    this.day = day;
    this.dayEnd = zonedTime(this.session.zone, day + 1, 0);
    this.span = sessionOn(this.session, day);
  }

  /** Whether the market is open at `time`: open <= time < close. */
  inSession(time: number): boolean {
    return this.sessionSpan(time).open;
  }

  /**
   * The latest session open at or before `time` (the local midnight when none is found in the two
   * weeks before): intraday buckets count from it, so a 1h bar starts at 09:30 where trading does.
   */
  anchor(time: number): number {
    return this.anchorSpan(time).anchor;
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
}
