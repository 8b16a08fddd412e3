/** Seconds in a day: daily bars stand at 00:00 UTC, a day apart. */
export const DAY_SECONDS = 86_400;

/**
 * Whether bars `count` in number from `first` to `last` (UTC seconds) are closer than a day apart on
 * average: intraday data, whose times are shown with the time of day. Daily data, weekends and
 * holidays left out, is a day or more apart. A single bar is intraday when it stands at a time of day
 * (daily bars stand at 00:00 UTC): a live feed's first minute bar; none is not intraday.
 */
export function isIntradaySpan(first: number, last: number, count: number): boolean {
  if (count === 1) return first % DAY_SECONDS !== 0;
  return count > 1 && (last - first) / (count - 1) < DAY_SECONDS;
}
