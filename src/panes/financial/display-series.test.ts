import { describe, expect, it } from 'vitest';
import { barOf } from '../../../core/bars/bar-columns';
import { DisplaySeries } from './display-series';
import { asResult, nativeBars, rows } from './live-test-bars';

describe('DisplaySeries', () => {
  const bars = nativeBars(10);

  it('copies the bars before a time, then replaces and appends by time', () => {
    const display = new DisplaySeries();
    display.reset(asResult(bars, 1), 7 * 60);
    expect(display.length).toBe(7);
    const view = display.view();
    expect(view.factor).toBe(1);
    expect(rows(view)).toEqual(rows(bars).slice(0, 7));
    expect(display.upsert(barOf(bars, 7))).toBe(7);
    expect(display.upsert({ ...barOf(bars, 7), close: 1 })).toBe(7);
    expect(display.upsert({ ...barOf(bars, 3), close: 2 })).toBe(3);
    expect(display.upsert({ ...barOf(bars, 3), time: 3 * 60 + 1 })).toBe(-1);
    const after = display.view();
    expect(after.time.length).toBe(8);
    expect(after.close[7]).toBe(1);
    expect(after.close[3]).toBe(2);
    // The engine's arrays are never written.
    expect(bars.close[3]).not.toBe(2);
  });

  it('takes more decimals in place: the view says so with the same bars', () => {
    const display = new DisplaySeries();
    display.setDecimals(5, 3);
    display.reset({ ...asResult(bars, 1), priceDecimals: 2, volumeDecimals: 0 });
    const before = display.view();
    display.setDecimals(4, undefined);
    const after = display.view();
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ priceDecimals: 4, volumeDecimals: 0 });
    expect(after.time).toEqual(before.time);
    display.setDecimals(undefined, 3);
    expect(display.view()).toMatchObject({ priceDecimals: 4, volumeDecimals: 3 });
  });

  it('grows past its headroom and keeps every bar', () => {
    const display = new DisplaySeries();
    display.reset(asResult(bars, 1));
    const extra = nativeBars(2000, 7);
    for (let i = 10; i < 2000; i++) display.upsert(barOf(extra, i));
    const view = display.view();
    expect(view.time.length).toBe(2000);
    expect(rows(view).slice(10)).toEqual(rows(extra).slice(10));
    expect(rows(view).slice(0, 10)).toEqual(rows(bars));
  });

  it('hands out the same view until the bar count changes', () => {
    const display = new DisplaySeries();
    expect(() => display.view()).toThrow(/before reset/);
    display.reset(asResult(bars, 1));
    const view = display.view();
    display.upsert({ ...barOf(bars, 9), close: 5 });
    expect(display.view()).toBe(view);
    expect(view.close[9]).toBe(5);
    display.upsert({ ...barOf(bars, 9), time: 10 * 60 });
    expect(display.view()).not.toBe(view);
  });
});
