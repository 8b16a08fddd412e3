import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewPositions, viewTimes } from './view-times';

const MINUTE = 60;
const DAY = 86_400;
/** `merged` bars of `factor` minutes each from `start`, then `minutes` bars a minute apart. */
function bars(minutes: number, merged = 0, factor = 1, start = 1_699_920_000): Float64Array {
  const time: number[] = [];
  let t = start;
  for (let i = 0; i < merged; i++, t += factor * MINUTE) time.push(t);
  for (let i = 0; i < minutes; i++, t += MINUTE) time.push(t);
  return Float64Array.from(time);
}

describe('viewTimes and viewPositions', () => {
  it('keep the time at the edges of the plot over bars of another resolution, inside a bar too', () => {
    // Bars of a day: a view from a quarter into bar 10's slot to the middle of bar 14 (its centre).
    const days = bars(0, 100, 1440);
    const start = days[0] as number;
    const view = viewTimes(days, { from: 9.75, to: 14 });
    expect(view).toEqual({ from: start + 10 * DAY + DAY / 4, to: start + 14 * DAY + DAY / 2 });
    // The same times over minutes: the view is as wide, in time, and where it was.
    const minutes = bars(100 * 1440, 0, 1, start);
    expect(viewPositions(minutes, view ?? { from: 0, to: 0 })).toEqual({
      from: 10.25 * 1440 - 0.5,
      to: 14.5 * 1440 - 0.5,
    });
  });

  it('are open-ended at the latest bar, which a view that reaches it keeps in view', () => {
    const time = bars(50);
    expect(viewTimes(time, { from: 20, to: 48.6 })?.to).toBe(Number.POSITIVE_INFINITY);
    expect(viewPositions(bars(60), { from: time[20] as number, to: Number.POSITIVE_INFINITY })).toEqual({
      from: 19.5,
      to: 59,
    });
  });

  it('measure space before the first bar at the spacing of the bars in view, not of merged ones', () => {
    // Ten bars of 1,000 minutes, then 200 of a minute: 100 positions before the first bar's slot,
    // with bars up to index 3 in view (the coarse ones), span 1,000 minutes each.
    const time = bars(200, 10, 1000);
    const view = viewTimes(time, { from: -100.5, to: 3 });
    expect(view?.from).toBe((time[0] as number) - 100 * 1000 * MINUTE);
    // A page of 100,500 earlier minutes: the view keeps its time, now over bars.
    const page = bars(100_500, 0, 1, (time[0] as number) - 100_500 * MINUTE);
    const paged = Float64Array.from([...page, ...time]);
    expect(viewPositions(paged, view ?? { from: 0, to: 0 })?.from).toBe(500 - 0.5);
  });

  it('give back the view they were given, over any bars (a fast-check property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 2, maxLength: 300 }),
        fc.double({ min: -400, max: 300, noNaN: true }),
        fc.double({ min: 0.5, max: 300, noNaN: true }),
        (steps, from, width) => {
          const time = new Float64Array(steps.length);
          let t = 1_600_000_000;
          steps.forEach((step, i) => {
            time[i] = t;
            t += step * MINUTE;
          });
          const last = time.length - 1;
          // Views the chart shows (bar 1 in view at least) that end before the latest bar's slot (one
          // that reaches it is open-ended, tested above).
          const to = Math.min(from + width, last - 0.6);
          fc.pre(to > from && to >= 1);
          const times = viewTimes(time, { from, to });
          const back = times && viewPositions(time, times);
          expect(back?.from).toBeCloseTo(from, 6);
          expect(back?.to).toBeCloseTo(to, 6);
        },
      ),
    );
  });

  it('move a view asked for past where the chart goes back to where it is shown: bar 1 in view', () => {
    const time = bars(100);
    const start = time[0] as number;
    expect(viewTimes(time, { from: -500, to: -300 })).toEqual(viewTimes(time, { from: -199, to: 1 }));
    expect(viewTimes(time, { from: -199, to: 1 })?.from).toBe(start - 198.5 * MINUTE);
  });

  it('keep one bar where it is', () => {
    const one = Float64Array.of(1_700_000_000);
    expect(viewTimes(one, { from: -10, to: 0 })).toEqual({
      from: 1_700_000_000,
      to: Number.POSITIVE_INFINITY,
    });
    expect(viewPositions(one, { from: 1_699_000_000, to: Number.POSITIVE_INFINITY })).toEqual({
      from: 0,
      to: 0,
    });
  });
});
