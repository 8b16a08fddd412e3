/** Where a time falls on a chart's time axis, in CSS pixels: the one conversion annotations and labels use. */
import type { ITimeScaleApi, Logical, Time } from 'lightweight-charts';
import { timeToLogical } from '../../../core/bars/bar-position';

/**
 * The x of time `t` (UTC seconds) among the bars `times` shown on `timeScale`, between bars when `t`
 * falls between them; null with no bars or off the axis.
 */
export function timeToX(
  timeScale: Pick<ITimeScaleApi<Time>, 'logicalToCoordinate'>,
  times: ArrayLike<number>,
  t: number,
): number | null {
  const logical = timeToLogical(times, t);
  if (logical === null) return null;
  // lightweight-charts places whole bar indexes only (a fractional one comes back as x = 0): a time
  // between two bars is placed between theirs, the axis being linear in the index.
  const before = Math.floor(logical);
  const x0 = timeScale.logicalToCoordinate(before as Logical);
  if (x0 === null || logical === before) return x0;
  const x1 = timeScale.logicalToCoordinate((before + 1) as Logical);
  return x1 === null ? null : x0 + (logical - before) * (x1 - x0);
}
