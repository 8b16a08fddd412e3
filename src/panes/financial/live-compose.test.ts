import { describe, expect, it } from 'vitest';
import { type BarColumns, barOf } from '../../../core/bars/bar-columns';
import { factorAt } from '../../../core/bars/factor-pieces';
import { mergeGroups } from '../../../workers/aggregate/ohlc-levels';
import { DisplaySeries } from './display-series';
import { spliceBars } from './level-swap';
import { applyLiveBars, composeLive, tailFactor } from './live-compose';
import { LiveTail } from './live-tail';
import { asResult, nativeBars, rows, slice } from './live-test-bars';

const STORED = 1000;
const COARSE = 16;
const stored = nativeBars(STORED);
// The feed goes on from the stored last bar: it moves that bar, then adds new ones.
const extended = nativeBars(STORED + 40);
extended.close[STORED - 1] = 123;
extended.high[STORED - 1] = 200;
const coarse = asResult(mergeGroups(stored, COARSE), COARSE);
const tailStart = (coarse.time.length - 1) * COARSE;

function liveTail(): LiveTail {
  return new LiveTail(tailStart, asResult(slice(stored, tailStart), 1));
}

/** What the engine would serve had the live bars been stored: the reference the chart must match. */
function expected(upTo: number, factor: number): ReturnType<typeof rows> {
  const native: BarColumns = slice(extended, 0, upTo);
  return rows(mergeGroups(native, factor, tailStart));
}

describe('live composition', () => {
  it('patches the coarse level in place as live bars arrive', () => {
    const tail = liveTail();
    const display = new DisplaySeries();
    const factor = tailFactor(coarse, null, tail);
    expect(factor).toBe(COARSE);
    const shown = composeLive(display, coarse, tail, COARSE);
    expect(rows(shown)).toEqual(rows(coarse));
    const last = coarse.time.length - 1;

    expect(applyLiveBars(display, tail, COARSE, [barOf(extended, STORED - 1)])).toBe(last);
    expect(rows(display.view()).slice(last)).toEqual(expected(STORED, COARSE));
    // Nine new bars at once, then one at a time: the last coarse bar fills, then a new one begins.
    const nine = Array.from({ length: 9 }, (_, k) => barOf(extended, STORED + k));
    expect(applyLiveBars(display, tail, COARSE, nine)).toBe(last);
    for (let i = STORED + 9; i < STORED + 40; i++) {
      const first = applyLiveBars(display, tail, COARSE, [barOf(extended, i)]);
      expect(first).toBe(Math.floor(i / COARSE) - Math.floor(tailStart / COARSE) + last);
      expect(rows(display.view()).slice(last)).toEqual(expected(i + 1, COARSE));
    }
    expect(rows(display.view()).slice(0, last)).toEqual(rows(coarse).slice(0, last));
    expect(applyLiveBars(display, tail, COARSE, [barOf(stored, 5)])).toBeNull();
  });

  it('counts the native bars the last merged bar holds as its group fills', () => {
    const tail = liveTail();
    const display = new DisplaySeries();
    composeLive(display, coarse, tail, COARSE);
    const lastCount = () => {
      const view = display.view();
      return factorAt(view, view.time.length - 1);
    };
    // 1,000 stored bars in groups of 16: the last holds 8.
    expect(lastCount()).toBe(STORED % COARSE);
    expect(factorAt(display.view(), 0)).toBe(COARSE);
    for (let i = STORED; i < STORED + 40; i++) {
      applyLiveBars(display, tail, COARSE, [barOf(extended, i)]);
      expect(lastCount()).toBe(((i + 1 - 1) % COARSE) + 1);
      expect(factorAt(display.view(), display.view().time.length - 2)).toBe(COARSE);
    }
  });

  it('shows the tail at the fine factor when the fine window reaches the latest bars', () => {
    const fine = asResult(mergeGroups(stored, 4, 900, STORED), 4);
    const tail = liveTail();
    const factor = tailFactor(coarse, fine, tail);
    expect(factor).toBe(4);
    const display = new DisplaySeries();
    const base = spliceBars(coarse, fine);
    composeLive(display, base, tail, 4);
    for (let i = STORED - 1; i < STORED + 20; i++) applyLiveBars(display, tail, 4, [barOf(extended, i)]);
    const shown = rows(display.view());
    const cut = shown.findIndex((b) => b.time >= tail.firstTime);
    expect(shown.slice(0, cut)).toEqual(rows(base).slice(0, cut));
    expect(shown.slice(cut)).toEqual(expected(STORED + 20, 4));
  });

  it('keeps the coarse factor for the tail when the fine window is elsewhere', () => {
    const fine = asResult(mergeGroups(stored, 4, 400, 600), 4);
    expect(tailFactor(coarse, fine, liveTail())).toBe(COARSE);
    // A factor the tail's start is not a multiple of cannot be merged consistently.
    expect(tailFactor({ ...coarse, factor: 7 }, null, liveTail())).toBeNull();
  });

  it('asks for a new composition when a bar lands before the shown ones', () => {
    const tail = liveTail();
    const display = new DisplaySeries();
    // Shown bars that stop before the tail (a base cut short) cannot take the tail's first group.
    display.reset(coarse, coarse.time[3]);
    display.upsert(barOf(extended, STORED + 30));
    expect(applyLiveBars(display, tail, COARSE, [barOf(extended, STORED - 1)])).toBe('recompose');
  });
});
