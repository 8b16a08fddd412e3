/**
 * Seeded synthetic series for large-data work and benchmarks: one-minute bars with volatility
 * clustering (a GARCH(1,1) variance process) and volume that rises with the size of the move.
 * Generated on demand; the same spec always gives the same series.
 */
import type { BarSeries } from './fixtures/parse-fixtures';
import { gaussian, mulberry32 } from './random';

export interface SyntheticBarsSpec {
  symbol: string;
  name: string;
  count: number;
  seed: number;
}

/** 2020-01-01T00:00Z: continuous minutes from here, no trading hours or weekends. */
export const SYNTHETIC_START = Date.UTC(2020, 0, 1) / 1000;
export const SYNTHETIC_STEP_SECONDS = 60;

export const SYNTHETIC_BARS: readonly SyntheticBarsSpec[] = [
  { symbol: 'SYN-100K', name: 'Synthetic 100K x 1 min', count: 100_000, seed: 100_003 },
  { symbol: 'SYN-1M', name: 'Synthetic 1M x 1 min', count: 1_000_000, seed: 1_000_003 },
  { symbol: 'SYN-10M', name: 'Synthetic 10M x 1 min', count: 10_000_000, seed: 10_000_019 },
];

/** Long-run per-minute volatility (about 29 % a year) and the GARCH weights; alpha + beta < 1. */
const MEAN_SIGMA = 0.0004;
const ALPHA = 0.06;
const BETA = 0.93;
const OMEGA = MEAN_SIGMA * MEAN_SIGMA * (1 - ALPHA - BETA);
const START_PRICE = 100;
const BASE_VOLUME = 1000;

export interface SyntheticOptions {
  count: number;
  seed: number;
  symbol?: string;
  startTime?: number;
  stepSeconds?: number;
}

export function generateSyntheticBars(options: SyntheticOptions): BarSeries {
  const { count, seed } = options;
  const startTime = options.startTime ?? SYNTHETIC_START;
  const step = options.stepSeconds ?? SYNTHETIC_STEP_SECONDS;
  const random = mulberry32(seed);
  const normal = gaussian(random);
  const time = new Float64Array(count);
  const open = new Float64Array(count);
  const high = new Float64Array(count);
  const low = new Float64Array(count);
  const close = new Float64Array(count);
  const volume = new Float64Array(count);
  let variance = MEAN_SIGMA * MEAN_SIGMA;
  let price = START_PRICE;
  for (let i = 0; i < count; i++) {
    const sigma = Math.sqrt(variance);
    const move = sigma * normal();
    const o = price;
    const c = o * Math.exp(move);
    // Wicks scale with the current volatility, so quiet stretches have small ranges too.
    const wick = 0.6 * sigma;
    time[i] = startTime + i * step;
    open[i] = o;
    close[i] = c;
    high[i] = Math.max(o, c) * Math.exp(wick * Math.abs(normal()));
    low[i] = Math.min(o, c) * Math.exp(-wick * Math.abs(normal()));
    volume[i] = Math.round(BASE_VOLUME * (0.3 + Math.abs(move) / MEAN_SIGMA) * (0.6 + 0.8 * random()));
    variance = OMEGA + ALPHA * move * move + BETA * variance;
    price = c;
  }
  return { symbol: options.symbol ?? `SYN-${seed}`, time, open, high, low, close, volume };
}
