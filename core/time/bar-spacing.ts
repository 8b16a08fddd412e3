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
  return count > 1 && spanSpacing(first, last, count) < DAY_SECONDS;
}

/**
 * The average step between `count` bars from `first` to `last` (UTC seconds), closed hours and
 * weekends included; 0 for fewer than two bars.
 */
export function spanSpacing(first: number, last: number, count: number): number {
  return count > 1 ? (last - first) / (count - 1) : 0;
}

/** The average step between the first `count` bars at sorted `time`, as `spanSpacing` counts it. */
export function averageSpacing(time: ArrayLike<number>, count = time.length): number {
  return count > 1 ? spanSpacing(time[0] as number, time[count - 1] as number, count) : 0;
}

/** A bar spacing (seconds) in words: 'monthly', 'weekly', 'daily', '4-hour', '5-minute'. */
export function spacingAdjective(spacing: number): string {
  if (spacing >= 20 * DAY_SECONDS) return 'monthly';
  if (spacing >= 5 * DAY_SECONDS) return 'weekly';
  if (spacing >= 0.9 * DAY_SECONDS) return 'daily';
  if (spacing >= 3600) return `${Math.round(spacing / 3600)}-hour`;
  return `${Math.max(1, Math.round(spacing / 60))}-minute`;
}

/**
 * The usual step between bars (seconds): the median of the first 500 steps, so weekends and a market's
 * closed hours do not count; null for fewer than two bars.
 */
export function usualStep(time: ArrayLike<number>): number | null {
  const n = Math.min(time.length, 501);
  if (n < 2) return null;
  const steps: number[] = [];
  for (let i = 1; i < n; i++) steps.push((time[i] as number) - (time[i - 1] as number));
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1] as number;
}

/**
 * Return periods a year from the usual step: bars up to a few days apart count 252 trading days (as
 * daily bars do), wider ones by the calendar (12 for monthly bars). 1 for fewer than two bars.
 */
export function periodsPerYear(time: ArrayLike<number>): number {
  const step = usualStep(time);
  if (step === null) return 1;
  return step < 3 * DAY_SECONDS ? 252 : (365.25 * DAY_SECONDS) / step;
}
