import { describe, expect, it } from 'vitest';
import { describeTrend, periodUnit, sparklinePoints, summarize } from './sparkline-layout';

const DAY = 86_400;

describe('sparkline trend', () => {
  it('tells the change from the first to the last finite close', () => {
    const s = summarize([100, Number.NaN, 90, 110], 0, 3 * DAY);
    expect(s.trend).toBe('up');
    expect(s.changePercent).toBeCloseTo(10, 12);
    expect(s.count).toBe(3);
    expect(summarize([100, 80], 0, DAY).trend).toBe('down');
    expect(summarize([100, 100.001], 0, DAY).trend).toBe('flat');
  });

  it('names the period by the spacing of the closes', () => {
    // 60 trading days span about 87 calendar days (weekends).
    expect(periodUnit(0, 59 * 60, 60)).toBe('minutes');
    expect(periodUnit(0, 59 * 300, 60)).toBe('intraday bars');
    expect(periodUnit(0, 87 * DAY, 60)).toBe('trading days');
    expect(periodUnit(0, 59 * 7 * DAY, 60)).toBe('weeks');
    expect(periodUnit(0, 59 * 30.4 * DAY, 60)).toBe('months');
    expect(periodUnit(0, 59 * 365 * DAY, 60)).toBe('closes');
    expect(periodUnit(0, 0, 1)).toBe('closes');
  });

  it('describes the trend in words for assistive technology', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + i * (3.2 / 59));
    expect(describeTrend('SPX', summarize(closes, 0, 87 * DAY))).toBe(
      'SPX trend, up 3.2% over 60 trading days',
    );
    expect(describeTrend('IBM', summarize([2, 1], 0, 30 * DAY))).toBe('IBM trend, down 50.0% over 2 months');
    expect(describeTrend('X', summarize([5, 5], 0, DAY))).toBe('X trend, flat over 2 trading days');
    expect(describeTrend('Y', summarize([5], 0, 0))).toBe('Y trend: not enough closes');
  });
});

describe('sparklinePoints', () => {
  const rect = { x: 10, y: 20, width: 108, height: 30 };

  it('spans the cell inside its padding, highest close at the top', () => {
    const points = sparklinePoints([1, 3, 2], rect);
    expect(points).toEqual([14, 45, 64, 25, 114, 35]);
  });

  it('draws a constant series as a level line and skips gaps', () => {
    expect(sparklinePoints([4, Number.NaN, 4], rect)).toEqual([14, 35, 114, 35]);
    expect(sparklinePoints([], rect)).toEqual([]);
  });
});
