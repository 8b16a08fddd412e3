/** Binary searches over sorted numbers (bar times, x values): shared by the engine and the panes. */

/** Index of the first element >= t in a sorted array (binary search), within [lo, hi) when given. */
export function lowerBound(sorted: ArrayLike<number>, t: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first element > t in a sorted array (binary search). */
export function upperBound(sorted: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
