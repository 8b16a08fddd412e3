/**
 * Technical studies a trader adds to a financial pane: pure functions from bar columns to value
 * columns (NaN where a study has no value yet), plus the catalogue that tells the chart how to draw
 * each output. No React, no DOM, no chart library: unit-tested in Node.
 */

/** The bar columns a study reads. */
export interface StudyInput {
  readonly time: ArrayLike<number>;
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
  readonly close: ArrayLike<number>;
  readonly volume: ArrayLike<number>;
}

/** Simple moving average of `values`; NaN until `period` values exist. */
export function sma(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= period) sum -= values[i - period] as number;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average, seeded with the SMA of the first `period` values (the usual
 * convention), smoothing 2 / (period + 1). NaN values in the input (a study's own warm-up) are
 * skipped until the first `period` real values.
 */
export function ema(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  const k = 2 / (period + 1);
  let seen = 0;
  let sum = 0;
  let prev = Number.NaN;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    if (seen < period) {
      sum += v;
      seen++;
      if (seen === period) {
        prev = sum / period;
        out[i] = prev;
      }
      continue;
    }
    prev = v * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

/** Bollinger bands: the SMA and `width` population standard deviations above and below it. */
export function bollinger(
  values: ArrayLike<number>,
  period: number,
  width: number,
): { upper: Float64Array; middle: Float64Array; lower: Float64Array } {
  const middle = sma(values, period);
  const upper = new Float64Array(values.length).fill(Number.NaN);
  const lower = new Float64Array(values.length).fill(Number.NaN);
  for (let i = period - 1; i < values.length; i++) {
    const mean = middle[i] as number;
    let squares = 0;
    for (let k = i - period + 1; k <= i; k++) {
      const d = (values[k] as number) - mean;
      squares += d * d;
    }
    const sd = Math.sqrt(squares / period);
    upper[i] = mean + width * sd;
    lower[i] = mean - width * sd;
  }
  return { upper, middle, lower };
}

/** MACD: EMA(fast) - EMA(slow), its EMA(signal), and their difference as a histogram. */
export function macd(
  values: ArrayLike<number>,
  fast: number,
  slow: number,
  signal: number,
): { macd: Float64Array; signal: Float64Array; histogram: Float64Array } {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) line[i] = (f[i] as number) - (s[i] as number);
  const sig = ema(line, signal);
  const histogram = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) histogram[i] = (line[i] as number) - (sig[i] as number);
  return { macd: line, signal: sig, histogram };
}

/** Wilder's relative strength index, 0 to 100; NaN for the first `period` bars. */
export function rsi(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

/** How one output of a study is drawn. */
export interface StudyOutput {
  key: string;
  label: string;
  type: 'line' | 'histogram' | 'area';
  /** The theme palette slot of its colour. */
  colour: number;
  /** Dashed lines for bands around a centre line. */
  dashed?: boolean;
}

export interface StudyKind {
  id: string;
  /** The legend item and the `Add study: <label>` command. */
  label: string;
  /** `price`: over the price series, on its scale. `own`: a lightweight-charts pane below the price. */
  placement: 'price' | 'own';
  /**
   * Its values are prices or price differences (averages, bands, MACD), written at the series'
   * decimals; an index such as RSI (0 to 100) is written with two.
   */
  priceUnits: boolean;
  outputs: readonly StudyOutput[];
  /** Bars before the first value, to fetch or to warn about. */
  warmUp: number;
  compute(bars: StudyInput): Record<string, Float64Array>;
}

/** The studies a pane can add. Each is one legend item, whatever the number of series it draws. */
export const STUDY_KINDS: readonly StudyKind[] = [
  {
    id: 'sma50',
    label: 'SMA 50',
    placement: 'price',
    priceUnits: true,
    outputs: [{ key: 'value', label: 'SMA 50', type: 'line', colour: 2 }],
    warmUp: 49,
    compute: (b) => ({ value: sma(b.close, 50) }),
  },
  {
    id: 'sma200',
    label: 'SMA 200',
    placement: 'price',
    priceUnits: true,
    outputs: [{ key: 'value', label: 'SMA 200', type: 'line', colour: 3 }],
    warmUp: 199,
    compute: (b) => ({ value: sma(b.close, 200) }),
  },
  {
    id: 'ema20',
    label: 'EMA 20',
    placement: 'price',
    priceUnits: true,
    outputs: [{ key: 'value', label: 'EMA 20', type: 'line', colour: 4 }],
    warmUp: 19,
    compute: (b) => ({ value: ema(b.close, 20) }),
  },
  {
    id: 'bollinger',
    label: 'Bollinger bands 20, 2',
    placement: 'price',
    priceUnits: true,
    outputs: [
      { key: 'upper', label: 'Upper band', type: 'line', colour: 5, dashed: true },
      { key: 'middle', label: 'Middle band', type: 'line', colour: 5 },
      { key: 'lower', label: 'Lower band', type: 'line', colour: 5, dashed: true },
    ],
    warmUp: 19,
    compute: (b) => bollinger(b.close, 20, 2),
  },
  {
    id: 'macd',
    label: 'MACD 12, 26, 9',
    placement: 'own',
    priceUnits: true,
    outputs: [
      { key: 'histogram', label: 'Histogram', type: 'histogram', colour: 6 },
      { key: 'macd', label: 'MACD', type: 'line', colour: 0 },
      { key: 'signal', label: 'Signal', type: 'line', colour: 1 },
    ],
    warmUp: 33,
    compute: (b) => macd(b.close, 12, 26, 9),
  },
  {
    id: 'rsi14',
    label: 'RSI 14',
    placement: 'own',
    priceUnits: false,
    outputs: [{ key: 'value', label: 'RSI 14', type: 'area', colour: 7 }],
    warmUp: 14,
    compute: (b) => ({ value: rsi(b.close, 14) }),
  },
];

/**
 * Bars asked for before a finer window swapped into a large series (chart-feed.ts): the longest
 * warm-up (SMA 200) and time for the EMA-based studies to settle (to within 1e-5 of their value over
 * the whole history), so no study mixes the window's bars with coarser ones before it.
 */
export const STUDY_LEAD_BARS = 200;

export function getStudyKind(id: string): StudyKind | undefined {
  return STUDY_KINDS.find((s) => s.id === id);
}
