/**
 * What a chart marks of its symbol's trading sessions, in time (pure, unit-tested): the out-of-session
 * stretches to shade and the session opens to draw a break at, for the times in view. The session
 * primitive turns them into pixels.
 */
import {
  type SessionSpan,
  sessionsBetween,
  type TradingSession,
} from '../../../core/sessions/trading-session';

export const OUT_OF_SESSION_MODES = ['show', 'shade', 'hide'] as const;
export type OutOfSession = (typeof OUT_OF_SESSION_MODES)[number];

export interface SessionMarks {
  /** Out-of-session stretches [from, to) overlapping the view. */
  closed: { from: number; to: number }[];
  /** Session opens in the view. */
  opens: number[];
}

const NONE: SessionMarks = { closed: [], opens: [] };

/**
 * The marks of the sessions around [from, to]; none when more than `most` sessions fall in view (a
 * year of days: the shading would be a grey comb and the breaks a wall of lines).
 */
export function sessionMarks(
  spans: readonly SessionSpan[],
  from: number,
  to: number,
  most: number,
): SessionMarks {
  if (spans.length === 0 || spans.length > most) return NONE;
  const closed: SessionMarks['closed'] = [];
  const opens: number[] = [];
  let previousClose = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    if (span.open > previousClose) closed.push({ from: Math.max(previousClose, from), to: span.open });
    if (span.open >= from && span.open <= to) opens.push(span.open);
    previousClose = span.close;
  }
  if (previousClose < to) closed.push({ from: previousClose, to });
  return { closed: closed.filter((c) => c.to > from && c.from < to), opens };
}

/**
 * The sessions of a view, remembered by view: a pan asks again only when the view reaches days not
 * seen (the zone's offsets are read once per day, not per frame).
 */
export class SessionSpans {
  private covered: { from: number; to: number } | null = null;
  private spans: SessionSpan[] = [];

  constructor(private readonly session: TradingSession) {}

  between(from: number, to: number): SessionSpan[] {
    const c = this.covered;
    if (!c || from < c.from || to > c.to) {
      // Ask a little wider than the view, so small pans are answered from memory.
      const margin = Math.max(86_400, (to - from) / 2);
      this.covered = { from: from - margin, to: to + margin };
      this.spans = sessionsBetween(this.session, this.covered.from, this.covered.to);
    }
    return this.spans.filter((s) => s.close > from - 86_400 && s.open <= to + 86_400);
  }
}
