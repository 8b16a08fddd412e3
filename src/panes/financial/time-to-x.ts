/** Where a time falls on a chart's time axis, in CSS pixels: the one conversion annotations and labels use. */
import type { ITimeScaleApi, Logical, Time } from 'lightweight-charts';
import { timeToLogical } from './annotations/annotation-geometry';

/**
 * The x of time `t` (UTC seconds) among the bars `times` shown on `timeScale`, between bars when `t`
 * falls between them; null with no bars or off the axis.
 */
export function timeToX(timeScale: ITimeScaleApi<Time>, times: ArrayLike<number>, t: number): number | null {
  const logical = timeToLogical(times, t);
  // `Logical` is the library's branded bar index: a fractional index is a valid one.
  return logical === null ? null : timeScale.logicalToCoordinate(logical as Logical);
}
