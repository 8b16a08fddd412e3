import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../core/protocol';
import { sameView } from './use-chart-load';

function bars(times: number[], over: Partial<BarsResult> = {}): BarsResult {
  const column = () => Float64Array.from(times, (_t, i) => 100 + i);
  return {
    symbol: 'SYN-1M',
    level: 0,
    factor: 1,
    time: Float64Array.from(times),
    open: column(),
    high: column(),
    low: column(),
    close: column(),
    volume: column(),
    first: times[0] ?? 0,
    last: times[times.length - 1] ?? 0,
    nativeCount: times.length,
    ...over,
  };
}

describe('sameView', () => {
  it('holds for the same level and bars, whatever the last bar’s prices did since', () => {
    const kept = bars([60, 120, 180]);
    const fresh = bars([60, 120, 180]);
    fresh.close[2] = 250;
    expect(sameView(kept, fresh)).toBe(true);
  });

  it('fails for a bar closed since, another level or another span', () => {
    const kept = bars([60, 120, 180]);
    expect(sameView(kept, bars([60, 120, 180, 240]))).toBe(false);
    expect(sameView(kept, bars([60, 120, 180], { factor: 2 }))).toBe(false);
    expect(sameView(kept, bars([60, 120, 180], { nativeCount: 4 }))).toBe(false);
    expect(sameView(kept, bars([0, 120, 180]))).toBe(false);
    expect(sameView(kept, bars([60, 120, 240]))).toBe(false);
  });
});
