import { describe, expect, it, vi } from 'vitest';
import {
  axisZone,
  BAND_PADDING_INNER,
  BAND_PADDING_OUTER,
  bandScale,
  linearScale,
  logScale,
  niceDomain,
  niceTicks,
  type TimeTick,
  tickFormatter,
  tickStep,
  timeTicks,
} from './scales';

describe('linear scale', () => {
  it('maps and inverts, including reversed (screen y) ranges', () => {
    const y = linearScale([0, 100], [400, 0]);
    expect(y.map(0)).toBe(400);
    expect(y.map(25)).toBe(300);
    expect(y.invert(100)).toBe(75);
  });

  it('steps ticks by 1, 2 or 5 times a power of ten without float dust', () => {
    expect(tickStep(0, 100, 5)).toBe(20);
    expect(tickStep(0, 1, 4)).toBe(0.2);
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-17, 9, 4)).toEqual([-15, -10, -5, 0, 5]);
  });

  it('widens a domain outwards to ticks and opens a flat one', () => {
    expect(niceDomain(3, 97)).toEqual([0, 100]);
    expect(niceDomain(-0.3, 0.9)).toEqual([-0.3, 0.9]);
    expect(niceDomain(-0.98, 782)).toEqual([-100, 800]);
    expect(niceDomain(-0.33, 0.91, 5)).toEqual([-0.4, 1]);
    expect(niceDomain(5, 5)).toEqual([4.5, 5.5]);
    expect(niceDomain(0, 0)).toEqual([0, 1]);
  });

  it('formats all ticks of an axis alike', () => {
    expect([0, 8000, 30000].map(tickFormatter([0, 8000, 30000]))).toEqual(['0', '8K', '30K']);
    expect([0, 2.5].map(tickFormatter([0, 2.5]))).toEqual(['0', '2.5']);
  });
});

describe('log scale', () => {
  it('maps decades to equal distances', () => {
    const x = logScale([1, 1000], [0, 300]);
    expect(x.kind).toBe('log');
    expect(x.map(10)).toBeCloseTo(100);
    expect(x.map(100)).toBeCloseTo(200);
    expect(x.invert(200)).toBeCloseTo(100);
    expect(x.ticks(5)).toEqual([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
  });

  it('falls back to linear with a warning when the domain crosses or contains zero', () => {
    const warn = vi.fn();
    const x = logScale([-5, 100], [0, 100], warn);
    expect(x.kind).toBe('linear');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('crosses or contains zero'));
    logScale([0, 10], [0, 100], warn);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('band scale', () => {
  it('uses the band padding of docs/reference-constants.md: 0.3 inner, 0.15 outer', () => {
    expect(BAND_PADDING_INNER).toBe(0.3);
    expect(BAND_PADDING_OUTER).toBe(0.15);
  });

  it('spaces bands so that gaps are 0.3 steps and the ends 0.15 steps', () => {
    const band = bandScale(3, [0, 300]);
    const { step, bandwidth } = band;
    expect(step).toBeCloseTo(300 / (3 - 0.3 + 0.3));
    expect(bandwidth).toBeCloseTo(step * 0.7);
    expect(band.start(0)).toBeCloseTo(0.15 * step);
    expect(band.start(1) - (band.start(0) + bandwidth)).toBeCloseTo(0.3 * step);
    expect(300 - (band.start(2) + bandwidth)).toBeCloseTo(0.15 * step);
    expect(band.centre(1)).toBeCloseTo(150);
  });

  it('finds the band under a pixel, and none in the padding', () => {
    const band = bandScale(4, [10, 410]);
    expect(band.indexAt(band.centre(2))).toBe(2);
    expect(band.indexAt(band.start(1) - 1)).toBe(-1);
    expect(band.indexAt(5)).toBe(-1);
    expect(band.indexAt(409)).toBe(-1);
    expect(bandScale(0, [0, 100]).indexAt(50)).toBe(-1);
  });
});

describe('time ticks', () => {
  const utc = (y: number, m = 0, d = 1) => Date.UTC(y, m, d) / 1000;

  it('ticks whole years over long spans, skipping years when crowded', () => {
    expect(timeTicks(utc(2000, 5), utc(2004, 2), 4).map((t) => t.label)).toEqual([
      '2001',
      '2002',
      '2003',
      '2004',
    ]);
    expect(timeTicks(utc(2000), utc(2020), 5).map((t) => t.label)).toEqual([
      '2000',
      '2005',
      '2010',
      '2015',
      '2020',
    ]);
  });

  it('ticks months over short spans', () => {
    const ticks = timeTicks(utc(2010, 0, 15), utc(2010, 6, 1), 6);
    expect(ticks[0]?.label).toBe('Feb 2010');
    expect(ticks.every((t) => new Date(t.time * 1000).getUTCDate() === 1)).toBe(true);
  });

  it('ticks days, hours or minutes when fewer than two month starts are in view', () => {
    const days = timeTicks(utc(2020, 0, 3), utc(2020, 0, 20), 5);
    // Week steps count from the epoch (a Thursday).
    expect(days.map((t) => t.label)).toEqual(['Jan 9', 'Jan 16']);
    const hours = timeTicks(utc(2020, 0, 3) + 3600, utc(2020, 0, 3) + 5 * 3600, 4);
    expect(hours.map((t) => t.label)).toEqual(['01:00', '02:00', '03:00', '04:00', '05:00']);
  });

  it("ticks in a zone stand on its clock and calendar: New York's midnight, across the spring change", () => {
    const iso = (t: TimeTick) => new Date(t.time * 1000).toISOString().slice(0, 16);
    // Mar 9 2024 20:00 UTC (15:00 EST) to Mar 11 00:00 UTC (20:00 EDT): day ticks at New York midnights.
    const days = timeTicks(
      Date.UTC(2024, 2, 9, 20) / 1000,
      Date.UTC(2024, 2, 11) / 1000,
      3,
      'America/New_York',
    );
    expect(days.filter((t) => t.label.startsWith('Mar')).map(iso)).toEqual(['2024-03-10T05:00']);
    // Hours: whole New York hours, labelled with its clock (the day at midnight); 02:00 never happens.
    const hours = timeTicks(
      Date.UTC(2024, 2, 10, 5) / 1000,
      Date.UTC(2024, 2, 10, 9) / 1000,
      5,
      'America/New_York',
    );
    expect(hours.map((t) => t.label)).toEqual(['Mar 10', '01:00', '03:00', '04:00', '05:00']);
    expect(hours.map(iso)).toEqual([
      '2024-03-10T05:00',
      '2024-03-10T06:00',
      '2024-03-10T07:00',
      '2024-03-10T08:00',
      '2024-03-10T09:00',
    ]);
  });

  it('reads intraday axes in the workspace zone, daily ones in UTC (their days are calendar days)', () => {
    const minutes = [0, 60, 120].map((s) => Date.UTC(2024, 0, 2, 15) / 1000 + s);
    const days = [0, 1, 2].map((d) => Date.UTC(2024, 0, 2 + d) / 1000);
    expect(axisZone(minutes, 'America/New_York')).toBe('America/New_York');
    expect(axisZone(days, 'America/New_York')).toBe('UTC');
    expect(axisZone([], 'America/New_York')).toBe('UTC');
  });
});
