/**
 * What the data worker is told about each active price alert, and what it says when one fires. The
 * main thread resolves an alert and the drawing it follows into this plain geometry (in the chart's
 * time, UTC seconds, and price), so the worker needs no knowledge of drawings. A sloped line is
 * evaluated along the bars of the chart the alert was set on, where that chart draws it.
 */

/** The five conditions: crossing a line (either way, up, down), or entering or leaving a band. */
export const ALERT_CONDITIONS = ['crosses', 'crosses-up', 'crosses-down', 'enters', 'exits'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Conditions on a line (a price level, a horizontal line, a trend line). */
export const LINE_CONDITIONS: readonly AlertCondition[] = ['crosses', 'crosses-up', 'crosses-down'];
/** Conditions on a band (a parallel channel, a rectangle). */
export const BAND_CONDITIONS: readonly AlertCondition[] = ['enters', 'exits'];

/**
 * A line in time and price. `level`: one price at every time. `sloped`: the line through two points,
 * counted from `from` (`since` the first anchor's time, or from `-Infinity` for an extended line) to
 * `until` (the second anchor's time for a segment, `Infinity` for a ray or an extended line).
 */
export type AlertLine =
  | { readonly kind: 'level'; readonly price: number }
  | {
      readonly kind: 'sloped';
      readonly t1: number;
      readonly p1: number;
      readonly t2: number;
      readonly p2: number;
      /** Earliest and latest time (UTC seconds) the line exists; `null` means unbounded that way. */
      readonly since: number | null;
      readonly until: number | null;
    };

/** What an alert watches: a line (crossing conditions) or a band between two lines (enter / exit). */
export type AlertShape =
  | { readonly kind: 'line'; readonly line: AlertLine }
  | { readonly kind: 'band'; readonly lower: AlertLine; readonly upper: AlertLine };

/**
 * The bars a chart lays out evenly, whatever time lies between them: its interval (null: the data's
 * own bars) and whether it leaves out bars outside the session. A sloped line runs straight across
 * these bars, not across time, so over a weekend or a night it rises by one bar's step.
 */
export interface AlertBars {
  readonly interval: string | null;
  readonly sessionOnly: boolean;
}

/** The data's own bars, all of them: what a chart shows before the user picks an interval. */
export const OWN_BARS: AlertBars = { interval: null, sessionOnly: false };

export interface AlertSpec {
  readonly id: string;
  readonly symbol: string;
  readonly condition: AlertCondition;
  readonly shape: AlertShape;
  /** The bars of the chart the alert was set on: sloped lines are evaluated along them. */
  readonly bars: AlertBars;
  /** Wall-clock ms after which the alert no longer fires; null: never. */
  readonly expiresAt: number | null;
  /** Tells one arming of the alert from the next (an edit re-arms it): wall-clock ms it was armed. */
  readonly armedAt: number;
}

/** One alert that fired, once. */
export interface AlertFired {
  readonly id: string;
  readonly armedAt: number;
  readonly symbol: string;
  readonly condition: AlertCondition;
  /** The tick that fired it: its time (UTC seconds) and price. */
  readonly time: number;
  readonly price: number;
  /** The level the price crossed (the line's or the band edge's value at that time). */
  readonly level: number;
  /** Wall-clock ms. */
  readonly firedAt: number;
}
