/**
 * The xy datasets for scatter, bubble and histogram panes: a risk/return view of the shipped symbols
 * and seeded synthetic point clouds (large enough to need merging).
 */
import type { DatasetInfo } from '../core/protocol';
import { periodsPerYear } from '../core/time/bar-spacing';
import { gaussian, mulberry32 } from './random';
import type { XySeries } from './series-store';

export const RISK_RETURN = 'RISK-RETURN';
const RISK_RETURN_CATEGORIES = ['Index', 'Stock'];

export interface ClosesOf {
  symbol: string;
  time: Float64Array;
  close: Float64Array;
  isIndex: boolean;
}

/**
 * One item per symbol: x = annualised volatility of log returns (%), y = annualised mean log return
 * (%), size = the deepest drawdown (%).
 */
export function riskReturn(series: readonly ClosesOf[]): { info: DatasetInfo; data: XySeries } {
  const n = series.length;
  const data = {
    x: new Float64Array(n),
    y: new Float64Array(n),
    size: new Float64Array(n),
    category: new Int32Array(n),
    labels: series.map((s) => s.symbol),
  };
  series.forEach((s, k) => {
    const m = s.close.length;
    let sum = 0;
    let sumSquares = 0;
    let peak = s.close[0] ?? 0;
    let drawdown = 0;
    for (let i = 1; i < m; i++) {
      const r = Math.log((s.close[i] as number) / (s.close[i - 1] as number));
      sum += r;
      sumSquares += r * r;
      peak = Math.max(peak, s.close[i] as number);
      drawdown = Math.max(drawdown, 1 - (s.close[i] as number) / peak);
    }
    const returns = Math.max(1, m - 1);
    const mean = sum / returns;
    const variance = Math.max(0, sumSquares / returns - mean * mean);
    const perYear = periodsPerYear(s.time);
    data.x[k] = 100 * Math.sqrt(variance * perYear);
    data.y[k] = 100 * mean * perYear;
    data.size[k] = 100 * drawdown;
    data.category[k] = s.isIndex ? 0 : 1;
  });
  return {
    info: {
      dataset: RISK_RETURN,
      name: 'Risk and return of the shipped symbols',
      count: n,
      xLabel: 'Volatility (% a year)',
      yLabel: 'Return (% a year)',
      hasSize: true,
      categories: RISK_RETURN_CATEGORIES,
    },
    data,
  };
}

export interface ScatterSpec {
  dataset: string;
  count: number;
  seed: number;
}

export const SYNTHETIC_SCATTERS: readonly ScatterSpec[] = [
  { dataset: 'SCATTER-100K', count: 100_000, seed: 7_100_003 },
  { dataset: 'SCATTER-1M', count: 1_000_000, seed: 7_000_001 },
];

const CLUSTER_NAMES = ['A', 'B', 'C', 'D', 'E'];

export function scatterInfo(spec: ScatterSpec): DatasetInfo {
  return {
    dataset: spec.dataset,
    name: `Synthetic clusters, ${spec.count.toLocaleString('en-US')} points`,
    count: spec.count,
    xLabel: 'x',
    yLabel: 'y',
    hasSize: true,
    categories: CLUSTER_NAMES,
    synthetic: true,
  };
}

/** Gaussian clusters of different spread and weight, with lognormal bubble sizes; seeded. */
export function generateScatter(count: number, seed: number): XySeries {
  const random = mulberry32(seed);
  const normal = gaussian(random);
  const clusters = CLUSTER_NAMES.map(() => ({
    cx: random() * 100,
    cy: random() * 100,
    sx: 2 + random() * 12,
    sy: 2 + random() * 12,
    rho: random() * 1.6 - 0.8,
    weight: 0.2 + random(),
  }));
  const totalWeight = clusters.reduce((sum, c) => sum + c.weight, 0);
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const size = new Float64Array(count);
  const category = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    let pick = random() * totalWeight;
    let k = 0;
    while (k < clusters.length - 1 && pick >= (clusters[k] as { weight: number }).weight) {
      pick -= (clusters[k] as { weight: number }).weight;
      k++;
    }
    const c = clusters[k] as (typeof clusters)[number];
    const a = normal();
    const b = normal();
    x[i] = c.cx + c.sx * a;
    y[i] = c.cy + c.sy * (c.rho * a + Math.sqrt(1 - c.rho * c.rho) * b);
    size[i] = Math.exp(0.5 * normal());
    category[i] = k;
  }
  return { x, y, size, category };
}
