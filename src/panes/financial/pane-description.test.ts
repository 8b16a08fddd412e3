import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../core/protocol';
import { barsIntervalName, describeView, intervalName } from './pane-description';

const DAY = 86_400;

function barsOf(times: number[], closes: number[]): BarsResult {
  const column = (values: number[]) => Float64Array.from(values);
  return {
    symbol: 'T',
    level: 0,
    factor: 1,
    time: column(times),
    open: column(closes),
    high: column(closes.map((c) => c + 1)),
    low: column(closes.map((c) => c - 1)),
    close: column(closes),
    volume: column(closes.map(() => 100)),
    first: times[0] ?? 0,
    last: times.at(-1) ?? 0,
    nativeCount: times.length,
  };
}

describe('barsIntervalName', () => {
  /** Times from 0 by the given steps (seconds), repeated until there are `count`. */
  const stepped = (steps: number[], count: number, factor = 1) => {
    const time = [0];
    for (let i = 1; i < count; i++) time.push((time[i - 1] ?? 0) + (steps[(i - 1) % steps.length] ?? 0));
    return { time: Float64Array.from(time), factor };
  };

  it('names the step of the bars, weekends and holidays included in daily bars', () => {
    expect(barsIntervalName(stepped([DAY, DAY, DAY, DAY, 3 * DAY], 252))).toBe('daily bars');
    expect(barsIntervalName(stepped([7 * DAY], 52))).toBe('weekly bars');
    expect(barsIntervalName(stepped([31 * DAY, 28 * DAY, 31 * DAY, 30 * DAY], 12))).toBe('monthly bars');
    expect(barsIntervalName(stepped([60], 1000))).toBe('1-minute bars');
    expect(barsIntervalName(stepped([300], 100))).toBe('5-minute bars');
    expect(barsIntervalName(stepped([3600], 100))).toBe('1-hour bars');
    expect(barsIntervalName(stepped([], 1))).toBe('bars');
  });

  it('names minute bars of a market open 6.5 hours a day as minute bars, and a coarse level by its native bars', () => {
    expect(barsIntervalName(stepped([...new Array(389).fill(60), 17.5 * 3600], 2000))).toBe('1-minute bars');
    expect(barsIntervalName(stepped([240], 500, 4))).toBe('1-minute bars');
  });

  it('names hourly bars shown as a coarse level with the live tail at its own factor as hourly', () => {
    // 20 bars of 16 hours each, the last cut short at 10 hours, then 10 live bars of one hour: the
    // tail merges 1, not 16, and the step into the tail is no bar's span.
    const time = [
      ...Array.from({ length: 20 }, (_, i) => i * 16 * 3600),
      ...Array.from({ length: 10 }, (_, i) => (19 * 16 + 10) * 3600 + i * 3600),
    ];
    const bars = {
      time: Float64Array.from(time),
      factor: 16,
      pieces: [
        { start: 0, factor: 16 },
        { start: 20, factor: 1 },
      ],
    };
    expect(barsIntervalName(bars)).toBe('1-hour bars');
  });
});

describe('describeView', () => {
  const start = Date.UTC(2020, 0, 6) / 1000;
  const bars = barsOf(
    [0, 1, 2, 3, 4].map((i) => start + i * DAY),
    [100, 104, 90, 120, 110],
  );

  it('says the symbol, interval, range and its first, last, high, low and change', () => {
    expect(describeView('SPX', bars, 1, 3)).toBe(
      'SPX, daily bars, Jan 07, 2020 to Jan 09, 2020 (3 bars): first close 104.00, last close 120.00, high 121.00, low 89.00, change +16.00 (+15.38%).',
    );
  });

  it('names a series of closes only as closes, picked interval or not', () => {
    const closes = { ...bars, closesOnly: true };
    expect(describeView('IBM', closes, 1, 3)).toMatch(
      /^IBM, daily closes, Jan 07, 2020 to Jan 09, 2020 \(3 closes\): /,
    );
    expect(describeView('IBM', closes, 1, 3, 'UTC', '1M')).toMatch(/^IBM, monthly closes, /);
    expect(describeView('IBM', closes, 2, 2)).toContain('(1 close)');
    expect(barsIntervalName(closes)).toBe('daily closes');
  });

  it('follows the range: another window gives other figures', () => {
    expect(describeView('SPX', bars, 0, 4)).toContain('high 121.00, low 89.00, change +10.00 (+10.00%)');
    expect(describeView('SPX', bars, 3, 4)).toContain('change -10.00 (-8.33%)');
  });

  it('names a picked interval in words rather than from the steps of its bars', () => {
    expect(describeView('SPX', bars, 1, 3, 'UTC', '1W')).toMatch(/^SPX, weekly bars, /);
    expect(describeView('SPX', bars, 1, 3, 'UTC', null)).toMatch(/^SPX, daily bars, /);
    expect(['1', '5m', '4h', '1D', '2D', '1W', '3W', '1M', '6M', 'x'].map(intervalName)).toEqual([
      '1-minute bars',
      '5-minute bars',
      '4-hour bars',
      'daily bars',
      '2-day bars',
      'weekly bars',
      '3-week bars',
      'monthly bars',
      '6-month bars',
      null,
    ]);
  });

  it('ends at the last minute a merged last bar holds, not at its start', () => {
    // Minutes merged by 60 from 08:00: the last bar holds 08:00 to 08:39 (the series ends there),
    // the one before it 07:00 to 07:59.
    const hour = Date.UTC(2020, 0, 6, 7) / 1000;
    const merged = { ...barsOf([hour, hour + 3600], [100, 101]), factor: 60, nativeCount: 100 };
    merged.last = hour + 3600 + 39 * 60;
    expect(describeView('X', merged, 0, 1)).toMatch(/Jan 06, 2020, 07:00 to Jan 06, 2020, 08:39 \(2 bars/);
    expect(describeView('X', merged, 0, 0)).toMatch(
      /07:00 to Jan 06, 2020, 07:59 \(1 bar merging up to 60 1-minute bars, UTC\)/,
    );
  });

  it('says what the bars in view merge, zoomed out: the count is of bars drawn, not of the interval', () => {
    const hour = Date.UTC(2020, 0, 6, 7) / 1000;
    const times = [0, 1, 2, 3].map((k) => hour + k * 3600);
    const merged = { ...barsOf(times, [100, 101, 102, 103]), factor: 60, nativeCount: 240 };
    expect(describeView('X', merged, 0, 3)).toMatch(
      /^X, 1-minute bars, .* \(4 bars, each merging up to 60 1-minute bars, UTC\): /,
    );
    expect(describeView('X', merged, 0, 3, 'UTC', '15m')).toContain(
      '(4 bars, each merging up to 60 15-minute bars, UTC)',
    );
    // A finer window spliced in beside the coarse bars: 60 down to 1.
    const spliced = {
      ...merged,
      pieces: [
        { start: 0, factor: 60 },
        { start: 2, factor: 1 },
      ],
    };
    expect(describeView('X', spliced, 1, 3)).toContain('(3 bars, each merging 1 to 60 1-minute bars, UTC)');
    expect(describeView('X', spliced, 2, 3)).toContain('(2 bars, UTC)');
    expect(describeView('X', barsOf(times, [1, 2, 3, 4]), 0, 3)).toContain('(4 bars, UTC)');
  });

  it('says when nothing is in view', () => {
    expect(describeView('SPX', barsOf([], []), 0, -1)).toBe('SPX, bars: no bars in view.');
  });
});
