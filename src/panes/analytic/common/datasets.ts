/**
 * The analytic panes' datasets, derived from what the data engine serves (quotes and close series of
 * the fixture symbols). Pure functions over plain arrays, so each is unit-tested without a worker.
 */

import { periodsPerYear } from '../../../../core/time/bar-spacing';

/** The fixture symbols the analytic panes show, in legend order. */
export const FIXTURE_SYMBOLS = ['SPX', 'AAPL', 'AMZN', 'GOOG', 'IBM', 'MSFT'] as const;

/**
 * A sample portfolio over the fixture symbols (units held; SPX as index units, like a tracker fund).
 * Chosen so that no weight dwarfs the others.
 */
export const PORTFOLIO_UNITS: Readonly<Record<string, number>> = {
  SPX: 8,
  AAPL: 90,
  AMZN: 150,
  GOOG: 40,
  IBM: 160,
  MSFT: 800,
};

export interface CloseSeries {
  symbol: string;
  /** UTC seconds, ascending. */
  time: ArrayLike<number>;
  close: ArrayLike<number>;
}

export interface Holding {
  symbol: string;
  units: number;
  price: number;
  value: number;
  /** Share of the portfolio's value, 0..1. */
  weight: number;
}

/** Value and weight of each holding at its last price; symbols without a price are left out. */
export function portfolioHoldings(
  lastPrices: Readonly<Record<string, number>>,
  units: Readonly<Record<string, number>> = PORTFOLIO_UNITS,
): Holding[] {
  const rows = Object.entries(units)
    .filter(([symbol]) => Number.isFinite(lastPrices[symbol]))
    .map(([symbol, n]) => ({ symbol, units: n, price: lastPrices[symbol] as number }))
    .map((h) => ({ ...h, value: h.units * h.price }));
  const total = rows.reduce((sum, h) => sum + h.value, 0);
  return rows.map((h) => ({ ...h, weight: total > 0 ? h.value / total : 0 }));
}

/** Simple returns between consecutive closes, in percent. */
export function returnsPercent(close: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 1; i < close.length; i++) {
    const previous = close[i - 1] as number;
    if (previous > 0) out.push(((close[i] as number) / previous - 1) * 100);
  }
  return out;
}

export interface RiskReturn {
  symbol: string;
  /** Annualised standard deviation of log returns, in percent. */
  risk: number;
  /** Annualised mean log return, in percent. */
  return: number;
}

export function riskReturn(series: CloseSeries): RiskReturn {
  const n = series.close.length;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let i = 1; i < n; i++) {
    const previous = series.close[i - 1] as number;
    const current = series.close[i] as number;
    if (!(previous > 0 && current > 0)) continue;
    const r = Math.log(current / previous);
    sum += r;
    sumSquares += r * r;
    count++;
  }
  if (count === 0) return { symbol: series.symbol, risk: 0, return: 0 };
  const mean = sum / count;
  const variance = Math.max(0, sumSquares / count - mean * mean);
  const perYear = periodsPerYear(series.time);
  return { symbol: series.symbol, risk: 100 * Math.sqrt(variance * perYear), return: 100 * mean * perYear };
}

/** `YYYY-MM` of a UTC time in seconds. */
export function monthKey(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 7);
}

/** The last close of each calendar month, keyed `YYYY-MM`, in time order. */
export function monthEndCloses(series: CloseSeries): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < series.close.length; i++)
    out.set(monthKey(series.time[i] as number), series.close[i] as number);
  return out;
}

export interface ReturnPair {
  month: string;
  /** The benchmark's monthly return, percent. */
  x: number;
  /** The symbol's monthly return, percent. */
  y: number;
}

/** Monthly returns of `symbol` against `benchmark`, over the months both have (and their previous month). */
export function monthlyReturnPairs(benchmark: CloseSeries, symbol: CloseSeries): ReturnPair[] {
  const a = monthEndCloses(benchmark);
  const b = monthEndCloses(symbol);
  const months = [...b.keys()].filter((m) => a.has(m));
  const pairs: ReturnPair[] = [];
  for (let i = 1; i < months.length; i++) {
    const m0 = months[i - 1] as string;
    const m1 = months[i] as string;
    const a0 = a.get(m0) as number;
    const b0 = b.get(m0) as number;
    if (!(a0 > 0 && b0 > 0)) continue;
    pairs.push({
      month: m1,
      x: ((a.get(m1) as number) / a0 - 1) * 100,
      y: ((b.get(m1) as number) / b0 - 1) * 100,
    });
  }
  return pairs;
}

/** The last close of each calendar year (UTC) in `years`; NaN for a year the series does not reach. */
export function yearEndCloses(series: CloseSeries, years: readonly number[]): number[] {
  const last = new Map<number, number>();
  for (let i = 0; i < series.close.length; i++) {
    last.set(new Date((series.time[i] as number) * 1000).getUTCFullYear(), series.close[i] as number);
  }
  return years.map((y) => last.get(y) ?? Number.NaN);
}

/** The calendar years every series reaches (the last one may be partial: its last close stands for it). */
export function commonYears(series: readonly CloseSeries[]): number[] {
  if (series.length === 0) return [];
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.POSITIVE_INFINITY;
  for (const s of series) {
    const n = s.time.length;
    if (n === 0) return [];
    first = Math.max(first, new Date((s.time[0] as number) * 1000).getUTCFullYear());
    last = Math.min(last, new Date((s.time[n - 1] as number) * 1000).getUTCFullYear());
  }
  const years: number[] = [];
  for (let y = first; y <= last; y++) years.push(y);
  return years;
}

export interface Histogram {
  /** bins + 1 ascending edges; bin i is [edges[i], edges[i + 1]), the last one closed. */
  edges: number[];
  counts: number[];
}

/** Equal-width bins over the finite values; `bins` defaults to the Freedman-Diaconis rule (10..80). */
export function histogram(values: readonly number[], bins?: number): Histogram {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  const n = finite.length;
  if (n === 0) return { edges: [], counts: [] };
  const min = finite[0] as number;
  const max = finite[n - 1] as number;
  let count = bins ?? 0;
  if (!count) {
    const q = (p: number) => finite[Math.min(n - 1, Math.floor(p * (n - 1)))] as number;
    const width = (2 * (q(0.75) - q(0.25))) / Math.cbrt(n);
    count = width > 0 ? Math.ceil((max - min) / width) : 1;
    count = Math.min(80, Math.max(10, count));
  }
  if (max === min) return { edges: [min - 0.5, max + 0.5], counts: [n] };
  const width = (max - min) / count;
  const edges = Array.from({ length: count + 1 }, (_, i) => (i === count ? max : min + i * width));
  const counts = new Array<number>(count).fill(0);
  for (const v of finite) {
    const bin = Math.min(count - 1, Math.floor((v - min) / width));
    counts[bin] = (counts[bin] as number) + 1;
  }
  return { edges, counts };
}

export interface GaugeReading {
  value: number;
  min: number;
  max: number;
  /** The mean of the range's closes: where the price would sit if it reverted. */
  target: number;
  /** Change from the previous close, percent. */
  changePercent: number;
}

/** The last close within the range of recent closes (e.g. a quote's 60-day sparkline). */
export function gaugeReading(closes: ArrayLike<number>, changePercent: number): GaugeReading | null {
  const values = Array.from(closes).filter(Number.isFinite);
  const value = values[values.length - 1];
  if (value === undefined) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const target = values.reduce((s, v) => s + v, 0) / values.length;
  return { value, min, max, target, changePercent };
}

export interface AlignedMonths {
  /** UTC seconds of the first day of each month that every series has. */
  time: number[];
  /** Per series, its month-end close in each of those months. */
  closes: number[][];
}

/** Month-end closes of several series over the months they all have, in time order. */
export function alignMonths(series: readonly CloseSeries[]): AlignedMonths {
  const maps = series.map(monthEndCloses);
  const first = maps[0];
  if (!first) return { time: [], closes: [] };
  const months = [...first.keys()].filter((m) => maps.every((map) => map.has(m))).sort();
  return {
    time: months.map((m) => Date.parse(`${m}-01T00:00:00Z`) / 1000),
    closes: maps.map((map) => months.map((m) => map.get(m) as number)),
  };
}

/**
 * Annualised volatility (percent) of log returns over holding periods of `months` months, from a
 * month-end close series (overlapping periods): a volatility term structure, shaped like a yield curve.
 */
export function horizonVolatility(closes: readonly number[], months: number): number {
  const returns: number[] = [];
  for (let i = 0; i + months < closes.length; i++) {
    const start = closes[i] as number;
    const end = closes[i + months] as number;
    if (start > 0 && end > 0) returns.push(Math.log(end / start));
  }
  if (returns.length < 2) return Number.NaN;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return 100 * Math.sqrt((variance * 12) / months);
}
