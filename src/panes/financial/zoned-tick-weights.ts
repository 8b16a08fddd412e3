import { zoneOffset } from '../../../core/time/zone-clock';

/**
 * Tick-mark weights of bar times read on a zone's wall clock. lightweight-charts ranks each time
 * point by the largest calendar unit that changed since the point before (a year, a month, a day,
 * then 12/6/3/1 hours, 30/5/1 minutes, a second) and places its labels on the heaviest points that
 * fit; it reads the units in UTC, so in New York a month tick falls on Feb 28 at 19:00 and is read
 * as "Feb". Weighed on the zone's clock, the month tick is the first bar of March in New York.
 *
 * The weights are lightweight-charts' own values (its `TickMarkWeight`), so its label spacing and
 * its tick-mark types (time, day, month, year) work unchanged.
 */

export const WEIGHT = {
  year: 70,
  month: 60,
  day: 50,
  hour12: 33,
  hour6: 32,
  hour3: 31,
  hour1: 30,
  minute30: 22,
  minute5: 21,
  minute1: 20,
  second: 10,
  lessThanSecond: 0,
} as const;

const INTRADAY: readonly [seconds: number, weight: number][] = [
  [12 * 3600, WEIGHT.hour12],
  [6 * 3600, WEIGHT.hour6],
  [3 * 3600, WEIGHT.hour3],
  [3600, WEIGHT.hour1],
  [1800, WEIGHT.minute30],
  [300, WEIGHT.minute5],
  [60, WEIGHT.minute1],
  [1, WEIGHT.second],
];

/** The weight of a wall-clock time (seconds, read as UTC) after the wall-clock time `previous`. */
export function wallClockWeight(current: number, previous: number): number {
  const a = new Date(current * 1000);
  const b = new Date(previous * 1000);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return WEIGHT.year;
  if (a.getUTCMonth() !== b.getUTCMonth()) return WEIGHT.month;
  if (a.getUTCDate() !== b.getUTCDate()) return WEIGHT.day;
  for (const [seconds, weight] of INTRADAY) {
    if (Math.floor(current / seconds) !== Math.floor(previous / seconds)) return weight;
  }
  return WEIGHT.lessThanSecond;
}

/**
 * The weights of the `n` times `timeAt(0..n-1)` (UTC seconds, ascending) from index `from` on, read
 * in `zone` (only those and the one before are read: a live bar added at the end costs one). The
 * first time has no time before it: as lightweight-charts does, it is weighed against a time one
 * average step earlier.
 */
export function zonedTickWeights(
  timeAt: (index: number) => number,
  n: number,
  from: number,
  zone: string,
): number[] {
  const weights: number[] = [];
  if (n === 0 || from >= n) return weights;
  const wall = (t: number) => t + zoneOffset(zone, t);
  const first = timeAt(0);
  const step = n > 1 ? Math.ceil((timeAt(n - 1) - first) / (n - 1)) : 0;
  let previous = from === 0 ? wall(first - step) : wall(timeAt(from - 1));
  for (let i = from; i < n; i++) {
    const current = wall(timeAt(i));
    weights.push(wallClockWeight(current, previous));
    previous = current;
  }
  return weights;
}
