import { describe, expect, it, vi } from 'vitest';
import { NYSE } from '../core/sessions/trading-session';
import { barsInWindow, type WindowRequest } from './aggregate/ohlc-levels';
import { resampleBars } from './aggregate/resample';
import { mulberry32 } from './random';
import { SeriesStore } from './series-store';
import { generateSyntheticBars } from './synthetic';

const line = (symbol: string, values: number[]) => ({
  kind: 'line' as const,
  series: { symbol, time: Float64Array.from(values, (_, i) => i * 86_400), value: Float64Array.from(values) },
});

describe('SeriesStore', () => {
  it("reads each symbol's price decimals once, from its prices", () => {
    const store = new SeriesStore();
    store.addSeries(line('EURUSD', [1.08345, 1.0832, 1.08291]), 'EURUSD');
    store.addSeries(line('SPX', [2874.56, 2842.4, 2800]), 'SPX');
    expect(store.priceDecimals('EURUSD')).toBe(5);
    expect(store.priceDecimals('SPX')).toBe(2);
  });

  it('loads a registered series on first use only, once', () => {
    const store = new SeriesStore();
    const load = vi.fn(() => line('L', [1, 2, 3]));
    store.registerSeries({ symbol: 'L', name: 'L', kind: 'line', first: 0, last: 172_800, count: 3 }, load);
    expect(store.listSymbols()).toMatchObject([{ symbol: 'L', count: 3 }]);
    expect(load).not.toHaveBeenCalled();
    expect(store.isLoaded('L')).toBe(false);
    store.getSeries('L');
    store.closes('L');
    store.levels('L');
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.isLoaded('L')).toBe(true);
  });

  it('forgets a removed series with what was built from it; the symbol can be registered again', () => {
    const store = new SeriesStore();
    store.addSeries(line('L', [1, 2, 3]), 'L');
    store.levels('L');
    store.closeIndex('L');
    expect(store.symbolInfo('L')).toMatchObject({ symbol: 'L', count: 3 });
    expect(store.removeSeries('L')).toBe(true);
    expect(store.removeSeries('L')).toBe(false);
    expect(store.hasSymbol('L')).toBe(false);
    expect(store.symbolInfo('L')).toBeUndefined();
    expect(() => store.levels('L')).toThrow('Unknown symbol: L');
    store.addSeries(line('L', [5, 6]), 'L');
    expect(Array.from(store.closes('L').close)).toEqual([5, 6]);
    expect(store.levels('L').level(0).columns.close.length).toBe(2);
  });

  it('has one owner per symbol and dataset', () => {
    const store = new SeriesStore();
    store.addSeries(line('L', [1]), 'L');
    expect(() => store.addSeries(line('L', [2]), 'L again')).toThrow('Series L is already registered');
    const info = {
      dataset: 'D',
      name: 'D',
      count: 0,
      xLabel: 'x',
      yLabel: 'y',
      hasSize: false,
      categories: [],
    };
    store.registerDataset(info, () => ({ x: new Float64Array(0), y: new Float64Array(0) }));
    expect(() =>
      store.registerDataset(info, () => ({ x: new Float64Array(0), y: new Float64Array(0) })),
    ).toThrow('Dataset D is already registered');
    expect(() => store.getSeries('NOPE')).toThrow('Unknown symbol: NOPE');
    expect(() => store.getDataset('NOPE')).toThrow('Unknown dataset: NOPE');
  });

  it('serves a line series as flat bars with zero volume, and caches its levels and close index', () => {
    const store = new SeriesStore();
    store.addSeries(
      line(
        'L',
        Array.from({ length: 5000 }, (_, i) => i + 1),
      ),
      'L',
    );
    const columns = store.barColumns('L');
    expect(columns.open).toBe(columns.close);
    expect(columns.high).toBe(columns.close);
    expect(Array.from(columns.volume.subarray(0, 3))).toEqual([0, 0, 0]);
    const levels = store.levels('L');
    expect(store.levels('L')).toBe(levels);
    expect(Array.from({ length: levels.count }, (_, i) => levels.level(i).columns.time.length)).toEqual([
      5000, 2500, 1250,
    ]);
    expect(store.closeIndex('L')).toBe(store.closeIndex('L'));
  });

  it('hands out copies of its descriptions', () => {
    const store = new SeriesStore();
    store.addSeries(line('L', [1, 2]), 'Line');
    const [info] = store.listSymbols();
    if (!info) throw new Error('no symbol listed');
    info.name = 'changed';
    expect(store.listSymbols()[0]?.name).toBe('Line');
  });
});

describe('SeriesStore sessions', () => {
  const start = Date.parse('2024-03-08T00:00:00Z') / 1000; // a Friday, then the weekend and Monday
  const count = 4 * 1440;
  const minutes = () => {
    const time = Float64Array.from({ length: count }, (_, i) => start + i * 60);
    const ones = new Float64Array(count).fill(1);
    return {
      kind: 'bars' as const,
      series: { symbol: 'M', time, open: ones, high: ones, low: ones, close: ones, volume: ones },
    };
  };
  const info = {
    symbol: 'M',
    name: 'M',
    kind: 'bars' as const,
    first: start,
    last: start + (count - 1) * 60,
    count,
  };

  it('drops out-of-session bars of an intraday symbol when asked, and counts hours from the open', () => {
    const store = new SeriesStore();
    store.registerSeries({ ...info, session: NYSE }, minutes);
    expect(store.levelsAt('M', null).level(0).columns.time.length).toBe(count);
    const own = store.levelsAt('M', null, true).level(0).columns;
    expect(own?.time.length).toBe(2 * 390);
    const hours = store.levelsAt('M', { count: 1, unit: 'h' }, true).level(0).columns;
    expect(hours?.time.length).toBe(2 * 7);
    // Friday's first hour opens at 09:30 New York (14:30 UTC in winter), Monday's at 13:30 UTC (summer).
    expect(hours?.time[0]).toBe(Date.parse('2024-03-08T14:30:00Z') / 1000);
    expect(hours?.time[7]).toBe(Date.parse('2024-03-11T13:30:00Z') / 1000);
  });

  it('leaves a symbol that trades around the clock whole', () => {
    const store = new SeriesStore();
    store.registerSeries(info, minutes);
    expect(store.levelsAt('M', null, true).level(0).columns.time.length).toBe(count);
    expect(store.levelsAt('M', { count: 1, unit: 'h' }, true).level(0).columns.time[0]).toBe(start);
  });
});

describe('SeriesStore resampling a long series a step at a time', () => {
  const FIVE: { count: number; unit: 'm' } = { count: 5, unit: 'm' };
  /** 20,000 minute bars around the clock, kept to the NYSE's hours; a resample of 1,000 bars a step. */
  const storeOf = () => {
    const store = new SeriesStore({ resampleStepBars: 1000 });
    const series = generateSyntheticBars({ count: 20_000, seed: 7 });
    store.addSeries({ kind: 'bars', series: { ...series, symbol: 'S' } }, 'S', NYSE);
    return { store, series };
  };
  const pauses = () => {
    let count = 0;
    const pause = () => {
      count++;
      return Promise.resolve();
    };
    return { pause, count: () => count };
  };

  it('answers views while it resamples as the built levels will: the whole series, and windows of it', async () => {
    const { store, series } = storeOf();
    expect(store.resampleTakesSteps('S', FIVE)).toBe(true);
    // Without a build in progress there is nothing to answer from.
    expect(store.viewWhileResampling('S', FIVE, false, { maxBars: 300 })).toBeNull();
    const { pause, count } = pauses();
    const build = store.buildLevelsAt('S', FIVE, false, pause);
    const first = series.time[0] as number;
    const last = series.time[series.time.length - 1] as number;
    const random = mulberry32(3);
    const requests: WindowRequest[] = [
      { maxBars: 300 },
      { maxBars: 8000 },
      { maxBars: 3 },
      { to: first - 1, maxBars: 300 },
      { from: last + 1, maxBars: 300 },
    ];
    for (let i = 0; i < 60; i++) {
      const a = first - 3600 + random() * (last - first + 7200);
      const b = a + random() * (last - first) * (random() < 0.5 ? 0.05 : 1);
      // A third of the windows start and end at a bucket's start (five-minute times).
      const at = random() < 0.3 ? (t: number) => Math.round(t / 300) * 300 : Math.round;
      requests.push({
        ...(random() < 0.9 ? { from: at(a) } : {}),
        ...(random() < 0.9 ? { to: at(b) } : {}),
        maxBars: 1 + Math.floor(random() * 1500),
        ...(random() < 0.5 ? { lead: Math.floor(random() * 300) } : {}),
      });
    }
    const during = requests.map((request) => store.viewWhileResampling('S', FIVE, false, request));
    // In-session bars only are resampled the usual way.
    expect(store.viewWhileResampling('S', FIVE, true, { maxBars: 300 })).toBeNull();
    await build;
    // A pause before each step: 20 steps of about 1,000 bars.
    expect(count()).toBeGreaterThanOrEqual(20);
    expect(store.resampleTakesSteps('S', FIVE)).toBe(false);
    const levels = store.levelsAt('S', FIVE);
    requests.forEach((request, i) => {
      expect(during[i], JSON.stringify(request)).toEqual(barsInWindow('S', levels, request));
    });
    expect(during[0]?.factor).toBeGreaterThan(1);
    expect([...levels.level(0).columns.time]).toEqual([...resampleBars(series, FIVE, NYSE).time]);
  });

  it('waits for the resample where the runs of bars cannot count its buckets', async () => {
    const store = new SeriesStore({ resampleStepBars: 100 });
    const minutes = generateSyntheticBars({ count: 3000, seed: 11 });
    // Bars two hours apart, resampled to hours.
    const series = {
      ...minutes,
      symbol: 'T',
      time: minutes.time.map((_, i) => (minutes.time[0] as number) + i * 7200),
    };
    store.addSeries({ kind: 'bars', series }, 'T');
    const hour = { count: 1, unit: 'h' as const };
    const build = store.buildLevelsAt('T', hour, false, () => Promise.resolve());
    expect(store.viewWhileResampling('T', hour, false, { maxBars: 400 })).toBeNull();
    await build;
    expect(store.levelsAt('T', hour).level(0).columns.time.length).toBe(3000);
  });

  it('shares a build between callers, and is finished by levelsAt or dropped with the data', async () => {
    const { store, series } = storeOf();
    const { pause, count } = pauses();
    const build = store.buildLevelsAt('S', FIVE, false, pause);
    expect(store.buildLevelsAt('S', FIVE, false, pause)).toBe(build);
    await Promise.resolve();
    const levels = store.levelsAt('S', FIVE);
    expect([...levels.level(0).columns.close]).toEqual([...resampleBars(series, FIVE, NYSE).close]);
    await build;
    expect(count()).toBeLessThan(5);
    expect(store.levelsAt('S', FIVE)).toBe(levels);

    const hour = { count: 1, unit: 'h' as const };
    const dropped = store.buildLevelsAt('S', hour, false, pause);
    store.forgetData('S');
    await dropped;
    expect(store.resampleTakesSteps('S', hour)).toBe(true);
  });
});
