/**
 * lightweight-charts rows of one bar: the main series (OHLC or a close for line kinds), the volume
 * histogram, and the value rows of the moving average and the studies. Shared by `setData` (every bar) and live `update` (the last few).
 */
import type { UTCTimestamp } from 'lightweight-charts';
import type { BarsResult } from '../../../core/protocol';
import type { OhlcBar } from './series/custom-bar-series';

export type MainRow = OhlcBar | { time: UTCTimestamp; value: number };

export function mainRow(bars: BarsResult, i: number, lineKind: boolean): MainRow {
  const time = bars.time[i] as UTCTimestamp;
  return lineKind
    ? { time, value: bars.close[i] as number }
    : {
        time,
        open: bars.open[i] as number,
        high: bars.high[i] as number,
        low: bars.low[i] as number,
        close: bars.close[i] as number,
      };
}

export interface VolumeColors {
  up: string;
  down: string;
}

export function volumeRow(bars: BarsResult, i: number, colors: VolumeColors) {
  const rising = (bars.close[i] as number) >= (bars.open[i] as number);
  return {
    time: bars.time[i] as UTCTimestamp,
    value: bars.volume[i] as number,
    color: rising ? colors.up : colors.down,
  };
}

/**
 * A row of a line, area or histogram over time (the moving average, a study's output): whitespace
 * (time only) where there is no value, as in a study's warm-up.
 */
export function valueRow(time: number, value: number) {
  const t = time as UTCTimestamp;
  return Number.isFinite(value) ? { time: t, value } : { time: t };
}

/** The simple moving average of the `period` closes up to bar `i`; NaN before there are enough. */
export function movingAverageAt(close: ArrayLike<number>, i: number, period: number): number {
  if (i < period - 1 || i >= close.length) return Number.NaN;
  let sum = 0;
  for (let k = i - period + 1; k <= i; k++) sum += close[k] as number;
  return sum / period;
}
