/**
 * Whether a move of the price from one tick to the next meets an alert's condition. Pure: the alert
 * book (alert-book.ts) keeps the state; this decides one step.
 *
 * A crossing is read between the previous tick and this one, against the line's value at each tick's
 * time (a sloped line moves between them): up iff `prev < line(prevTime)` and `price >= line(time)`,
 * down iff `prev > line(prevTime)` and `price <= line(time)`. Touching the line from below counts as
 * crossing up; leaving it again does not count twice, since the move off starts on the line.
 *
 * A sloped line is straight along the chart's bars, as the chart draws it: its value at a time is
 * read at that time's bar position (`Position`, bar-timeline.ts), not in proportion to time.
 */
import type { AlertCondition, AlertLine, AlertShape } from './alert-types';

export interface PricePoint {
  /** UTC seconds. */
  readonly time: number;
  readonly price: number;
}

/**
 * Where a time falls along the chart's axis, increasing with time (a fractional bar index). By
 * default the time itself: bars evenly spaced in time, as a market that never closes has them.
 */
export type Position = (time: number) => number;

const IN_TIME: Position = (time) => time;

/** The line's price at `time`, or null where the line does not exist (before a segment, after it). */
export function lineValueAt(line: AlertLine, time: number, position: Position = IN_TIME): number | null {
  if (line.kind === 'level') return line.price;
  if (line.since !== null && time < line.since) return null;
  if (line.until !== null && time > line.until) return null;
  // Anchors at one time make a vertical line, which has no price at a time.
  if (line.t2 === line.t1) return null;
  if (line.p2 === line.p1) return line.p1;
  const x1 = position(line.t1);
  const x2 = position(line.t2);
  // Two anchors in one bar: the chart draws them one above the other.
  if (x2 === x1) return null;
  return line.p1 + ((line.p2 - line.p1) * (position(time) - x1)) / (x2 - x1);
}

export type Crossing = 'up' | 'down' | null;

/** How the move from `prev` to `next` crosses the line, if it does. */
export function crossingOf(
  line: AlertLine,
  prev: PricePoint,
  next: PricePoint,
  position: Position = IN_TIME,
): Crossing {
  const before = lineValueAt(line, prev.time, position);
  const after = lineValueAt(line, next.time, position);
  if (before === null || after === null) return null;
  if (prev.price < before && next.price >= after) return 'up';
  if (prev.price > before && next.price <= after) return 'down';
  return null;
}

/** Whether the point is inside the band (edges included); null where the band does not exist. */
export function insideBand(
  lower: AlertLine,
  upper: AlertLine,
  point: PricePoint,
  position: Position = IN_TIME,
): boolean | null {
  const a = lineValueAt(lower, point.time, position);
  const b = lineValueAt(upper, point.time, position);
  if (a === null || b === null) return null;
  // The user may draw a channel's parallel below its first line: the band is between, either way.
  return point.price >= Math.min(a, b) && point.price <= Math.max(a, b);
}

/** What a firing reports as its level: the line crossed, or the nearer band edge. */
export interface ConditionMet {
  readonly level: number;
}

/**
 * Whether the move from `prev` to `next` meets `condition` on `shape`: the level it met, or null.
 * Line conditions on a band and band conditions on a line never fire.
 */
export function conditionMet(
  condition: AlertCondition,
  shape: AlertShape,
  prev: PricePoint,
  next: PricePoint,
  position: Position = IN_TIME,
): ConditionMet | null {
  if (shape.kind === 'line') {
    const crossing = crossingOf(shape.line, prev, next, position);
    const met =
      crossing !== null &&
      (condition === 'crosses' ||
        (condition === 'crosses-up' && crossing === 'up') ||
        (condition === 'crosses-down' && crossing === 'down'));
    return met ? { level: lineValueAt(shape.line, next.time, position) ?? next.price } : null;
  }
  if (condition !== 'enters' && condition !== 'exits') return null;
  const was = insideBand(shape.lower, shape.upper, prev, position);
  const is = insideBand(shape.lower, shape.upper, next, position);
  if (was === null || is === null) return null;
  const met = condition === 'enters' ? !was && is : was && !is;
  if (!met) return null;
  const a = lineValueAt(shape.lower, next.time, position) ?? next.price;
  const b = lineValueAt(shape.upper, next.time, position) ?? next.price;
  // The edge the price came through (entering) or left by (exiting): the one nearer the price.
  const from = condition === 'enters' ? prev.price : next.price;
  return { level: Math.abs(from - a) <= Math.abs(from - b) ? a : b };
}
