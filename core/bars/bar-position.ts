/**
 * Where a time falls among bars, as a fractional bar index: the x a chart lays out, since charts
 * space bars evenly whatever time lies between them (a weekend, a night out of session). Linear
 * between two bars and, outside them, along the first or last two. Charts place drawings with it and
 * the engine evaluates alerts on sloped lines with it, so an alert fires where its line is drawn.
 */

/** Fractional bar index of time `t` in sorted `times` (linear between bars, extrapolated outside). */
export function timeToLogical(times: ArrayLike<number>, t: number): number | null {
  const n = times.length;
  if (n === 0) return null;
  if (n === 1) return 0;
  let lo = 0;
  let hi = n - 1;
  if (t <= (times[0] as number)) {
    lo = 0;
    hi = 1;
  } else if (t >= (times[n - 1] as number)) {
    lo = n - 2;
    hi = n - 1;
  } else {
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if ((times[mid] as number) <= t) lo = mid;
      else hi = mid;
    }
  }
  const t0 = times[lo] as number;
  const t1 = times[hi] as number;
  return t1 === t0 ? lo : lo + (t - t0) / (t1 - t0);
}

/** The time at a fractional bar index (inverse of timeToLogical). */
export function logicalToTime(times: ArrayLike<number>, logical: number): number | null {
  const n = times.length;
  if (n === 0) return null;
  if (n === 1) return times[0] as number;
  const lo = Math.max(0, Math.min(n - 2, Math.floor(logical)));
  const t0 = times[lo] as number;
  const t1 = times[lo + 1] as number;
  return t0 + (logical - lo) * (t1 - t0);
}
