/**
 * Sparklines of the watchlist rows: the trend a row's recent closes show, the words that tell it
 * (the cell's accessible name), and the polyline that draws it in a cell. Pure, so it is unit-tested.
 */

export type Trend = 'up' | 'down' | 'flat';

export interface SparklineSummary {
  trend: Trend;
  /** Change from the first to the last close of the sparkline, percent. */
  changePercent: number;
  /** Finite closes in the sparkline. */
  count: number;
  /** What one close stands for, for the description: `trading days`, `weeks`, `months`... */
  unit: string;
}

const DAY = 86_400;

/** The period one close spans, from the sparkline's first and last times (UTC seconds). */
export function periodUnit(from: number, to: number, count: number): string {
  if (count < 2 || !(to > from)) return 'closes';
  const spacing = (to - from) / (count - 1);
  // Minute bars (a live symbol's watchlist row); other intraday bars are counted as bars.
  if (spacing <= 90) return 'minutes';
  if (spacing < 0.75 * DAY) return 'intraday bars';
  // Daily bars skip weekends and holidays: about 1.45 calendar days between trading-day closes.
  if (spacing < 3 * DAY) return 'trading days';
  if (spacing < 10 * DAY) return 'weeks';
  if (spacing < 45 * DAY) return 'months';
  return 'closes';
}

export function summarize(closes: ArrayLike<number>, from: number, to: number): SparklineSummary {
  let first = Number.NaN;
  let last = Number.NaN;
  let count = 0;
  for (let i = 0; i < closes.length; i++) {
    const value = closes[i] as number;
    if (!Number.isFinite(value)) continue;
    if (count === 0) first = value;
    last = value;
    count++;
  }
  const changePercent = count > 1 && first !== 0 ? (last / first - 1) * 100 : 0;
  // Below half a hundredth of a percent the description would read "0.0%": call it flat.
  const trend: Trend = Math.abs(changePercent) < 0.005 ? 'flat' : changePercent > 0 ? 'up' : 'down';
  return { trend, changePercent, count, unit: periodUnit(from, to, count) };
}

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The cell's accessible name, e.g. `SPX trend, up 3.2% over 60 trading days`. */
export function describeTrend(symbol: string, summary: SparklineSummary): string {
  if (summary.count < 2) return `${symbol} trend: not enough closes`;
  const amount = `${percent.format(Math.abs(summary.changePercent))}%`;
  const span = `over ${summary.count} ${summary.unit}`;
  return summary.trend === 'flat'
    ? `${symbol} trend, flat ${span}`
    : `${symbol} trend, ${summary.trend} ${amount} ${span}`;
}

export interface CellRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * x, y pixel pairs of the closes across `rect` (inset by `padding`), the lowest close at the bottom
 * and the highest at the top; non-finite closes are skipped. A constant series is a level line.
 */
export function sparklinePoints(
  closes: ArrayLike<number>,
  rect: CellRect,
  padding = { x: 4, y: 5 },
): number[] {
  const n = closes.length;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = closes[i] as number;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!(max >= min)) return [];
  const left = rect.x + padding.x;
  const width = Math.max(1, rect.width - 2 * padding.x);
  const top = rect.y + padding.y;
  const height = Math.max(1, rect.height - 2 * padding.y);
  const points: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = closes[i] as number;
    if (!Number.isFinite(v)) continue;
    const x = n > 1 ? left + (i * width) / (n - 1) : left + width / 2;
    const y = max > min ? top + ((max - v) / (max - min)) * height : top + height / 2;
    points.push(x, y);
  }
  return points;
}
