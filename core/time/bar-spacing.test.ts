import { describe, expect, it } from 'vitest';
import {
  averageSpacing,
  DAY_SECONDS,
  isIntradaySpan,
  periodsPerYear,
  spacingAdjective,
  spanSpacing,
  usualStep,
} from './bar-spacing';

describe('intraday or daily', () => {
  it('calls bars less than a day apart on average intraday, daily bars (weekends left out) not', () => {
    const monday = Date.UTC(2024, 0, 1) / 1000;
    expect(isIntradaySpan(monday, monday + 59 * 60, 60)).toBe(true);
    expect(isIntradaySpan(monday, monday + 23 * 3600, 2)).toBe(true);
    // Twelve-hour bars are intraday too.
    expect(isIntradaySpan(monday, monday + 12 * 3600, 2)).toBe(true);
    expect(isIntradaySpan(monday, monday + 4 * DAY_SECONDS, 5)).toBe(false);
    // Five trading days over a week and a weekend: 1.75 days apart on average.
    expect(isIntradaySpan(monday, monday + 7 * DAY_SECONDS, 5)).toBe(false);
  });

  it('averages the steps from the first bar to the last, a weekend included; 0 under two bars', () => {
    // Friday, then Monday and Tuesday: two steps over four days.
    expect(averageSpacing([0, 3 * DAY_SECONDS, 4 * DAY_SECONDS])).toBe(2 * DAY_SECONDS);
    expect(averageSpacing([60, 120, 600], 2)).toBe(60);
    expect(averageSpacing([60])).toBe(0);
    expect(averageSpacing([])).toBe(0);
    // From a series' extent alone: 5,000 minutes over 4,999 steps.
    expect(spanSpacing(0, 4_999 * 60, 5_000)).toBe(60);
    expect(spanSpacing(60, 60, 1)).toBe(0);
  });

  it('does not call a single daily bar or none intraday', () => {
    expect(isIntradaySpan(0, 0, 1)).toBe(false);
    expect(isIntradaySpan(0, 0, 0)).toBe(false);
  });

  it('calls a single bar at a time of day intraday (a live feed before its second minute)', () => {
    const open = Date.UTC(2025, 0, 6, 14, 30) / 1000;
    expect(isIntradaySpan(open, open, 1)).toBe(true);
  });
});

describe('spacing in words', () => {
  it('names the usual step, weekends and closed hours aside', () => {
    const days = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((d) => d * DAY_SECONDS);
    expect(spacingAdjective(usualStep(days) as number)).toBe('daily');
    const months = Array.from({ length: 24 }, (_, i) => Date.UTC(2000, i, 1) / 1000);
    expect(spacingAdjective(usualStep(months) as number)).toBe('monthly');
    const minutes = Array.from({ length: 1000 }, (_, i) => i * 300 + Math.floor(i / 78) * 63_000);
    expect(spacingAdjective(usualStep(minutes) as number)).toBe('5-minute');
    expect(spacingAdjective(4 * 3600)).toBe('4-hour');
    expect(usualStep([5])).toBeNull();
  });
});

describe('periodsPerYear', () => {
  it('counts 252 periods a year for daily bars (weekends left out), 12 for monthly ones, 1 without steps', () => {
    const DAY = DAY_SECONDS;
    expect(periodsPerYear([0, DAY, 2 * DAY, 5 * DAY, 6 * DAY])).toBe(252);
    const months = ['2000-01-01', '2000-02-01', '2000-03-01', '2000-04-01'].map(
      (date) => Date.parse(`${date}T00:00:00Z`) / 1000,
    );
    expect(periodsPerYear(months)).toBeCloseTo(12, 0);
    expect(periodsPerYear([0])).toBe(1);
  });
});
