/**
 * Bar intervals (1m, 5m, 1h, 4h, 1D, 1W, 1M, or any N of a unit) and the bucket a time falls in.
 * Buckets are aligned in UTC: minutes and hours to multiples from midnight, days to midnight, weeks to
 * Monday, months to the first. Shared by the engine (resampling) and the app (parsing what is typed).
 */

export type IntervalUnit = 'm' | 'h' | 'D' | 'W' | 'M';

export interface Interval {
  count: number;
  unit: IntervalUnit;
}

const UNIT_SECONDS: Record<'m' | 'h' | 'D', number> = { m: 60, h: 3600, D: 86_400 };
const DAY = 86_400;

/**
 * `5`, `5m`, `4h`, `1D`, `1W`, `1M` (case matters for M: `m` is minutes), also `2d`, `1w`, and `60`
 * (a bare number is minutes, as traders type it). Null for anything else or a count out of 1..1440.
 */
export function parseInterval(text: string): Interval | null {
  const match = /^\s*(\d{1,4})\s*([mhdDwWM]?)\s*$/.exec(text);
  if (!match) return null;
  const count = Number(match[1]);
  if (count < 1 || count > 1440) return null;
  const raw = match[2] ?? '';
  const unit: IntervalUnit =
    raw === '' || raw === 'm'
      ? 'm'
      : raw === 'h'
        ? 'h'
        : raw === 'M'
          ? 'M'
          : raw.toUpperCase() === 'W'
            ? 'W'
            : 'D';
  return { count, unit };
}

/** The canonical text of an interval: `5m`, `4h`, `1D`, `1W`, `1M`. */
export function intervalText(interval: Interval): string {
  return `${interval.count}${interval.unit}`;
}

/** Roughly how long a bar of the interval lasts, in seconds (a month as 30 days): for comparisons. */
export function intervalSeconds(interval: Interval): number {
  if (interval.unit === 'W') return interval.count * 7 * DAY;
  if (interval.unit === 'M') return interval.count * 30 * DAY;
  return interval.count * UNIT_SECONDS[interval.unit];
}

/**
 * The start (UTC seconds) of the bucket after the one that starts at `start`: a bucket's length on,
 * or the midnight where sizes that do not divide a day start again; a month's buckets are 28 to 31
 * days long, so a month is stepped as 31 days and taken back to the first.
 */
export function nextBucketStart(start: number, interval: Interval): number {
  const step = interval.unit === 'M' ? interval.count * 31 * DAY : intervalSeconds(interval);
  return bucketStart(start + step, interval);
}

/** The start (UTC seconds) of the bucket that holds `time`. */
export function bucketStart(time: number, interval: Interval): number {
  const { count, unit } = interval;
  if (unit === 'm' || unit === 'h' || unit === 'D') {
    const size = count * UNIT_SECONDS[unit];
    if (unit !== 'D' && DAY % size === 0) return Math.floor(time / size) * size;
    // Sizes that do not divide a day (7h, 90m) start again each midnight, as charting platforms do.
    const midnight = Math.floor(time / DAY) * DAY;
    return unit === 'D'
      ? Math.floor(time / size) * size
      : midnight + Math.floor((time - midnight) / size) * size;
  }
  if (unit === 'W') {
    const day = Math.floor(time / DAY);
    // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
    const monday = day - ((((day + 3) % 7) + 7) % 7);
    const week = Math.floor(monday / 7);
    return (monday - (((week % count) + count) % count) * 7) * DAY;
  }
  const date = new Date(time * 1000);
  const months = date.getUTCFullYear() * 12 + date.getUTCMonth();
  const first = months - (months % count);
  return Date.UTC(Math.floor(first / 12), first % 12, 1) / 1000;
}
