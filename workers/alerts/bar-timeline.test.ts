import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Interval } from '../../core/bars/interval';
import { NYSE } from '../../core/sessions/trading-session';
import { resampleBars } from '../aggregate/resample';
import { BarTimeline, barTimelineOf } from './bar-timeline';

const HOUR = 3600;
/** Monday 2024-03-04 09:30 New York (14:30 UTC). */
const MONDAY_OPEN = Date.UTC(2024, 2, 4, 14, 30) / 1000;

describe('BarTimeline', () => {
  it('a held bar is at its index, whatever the gaps; between bars it is linear', () => {
    const timeline = new BarTimeline([0, 60, 120, 100_000, 100_060], () => null);
    expect([0, 60, 120, 100_000, 100_060].map((t) => timeline.position(t))).toEqual([0, 1, 2, 3, 4]);
    expect(timeline.position(90)).toBe(1.5);
    // Past the last bar, along the last two.
    expect(timeline.position(100_150)).toBe(5.5);
  });

  it('live bars join as ticks open them, and place later times by their own spacing', () => {
    const timeline = new BarTimeline([0, 60], (t) => Math.floor(t / 60) * 60);
    timeline.observe(61);
    timeline.observe(7200);
    timeline.observe(7230);
    timeline.observe(7260);
    expect(timeline.position(7200)).toBe(2);
    expect(timeline.position(7230)).toBe(2.5);
    expect(timeline.position(7290)).toBe(3.5);
    expect(timeline.position(60)).toBe(1);
  });

  it('with fewer than two bars, positions are times', () => {
    expect(new BarTimeline([], () => null).position(1234)).toBe(1234);
    const one = new BarTimeline([50], (t) => t);
    expect(one.position(99)).toBe(99);
    one.observe(60);
    expect(one.position(60)).toBe(1);
  });

  it('held bars then live ones are numbered 0, 1, 2... (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1e6 }), { minLength: 0, maxLength: 30 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 1e6 }), { minLength: 0, maxLength: 30 }),
        (heldRaw, laterRaw) => {
          const held = heldRaw.sort((a, b) => a - b);
          const end = held.at(-1) ?? 0;
          const live = laterRaw.map((d) => end + d).sort((a, b) => a - b);
          const timeline = new BarTimeline(held, (t) => t);
          for (const t of live) timeline.observe(t);
          const all = [...held, ...live];
          if (all.length < 2) return;
          all.forEach((t, i) => {
            expect(timeline.position(t)).toBeCloseTo(i, 9);
          });
        },
      ),
    );
  });
});

describe('barTimelineOf', () => {
  // Two New York days of minute bars around the clock, as the simulator makes them.
  const minutes = Float64Array.from({ length: 2 * 24 * 60 }, (_, i) => MONDAY_OPEN - 9.5 * HOUR + i * 60);
  const columns = {
    time: minutes,
    open: new Float64Array(minutes.length),
    high: new Float64Array(minutes.length),
    low: new Float64Array(minutes.length),
    close: new Float64Array(minutes.length),
    volume: new Float64Array(minutes.length),
  };
  /** The bar times the engine holds at a chart's bars. */
  const times = (interval: Interval | null, sessionOnly: boolean) => {
    const inSession = sessionOnly
      ? minutes.filter((t) => {
          const minute = ((((t - MONDAY_OPEN) / 60) % 1440) + 1440) % 1440;
          return minute < 390;
        })
      : minutes;
    if (!interval) return inSession;
    return resampleBars({ ...columns, time: Float64Array.from(inSession) }, interval, NYSE).time;
  };

  it('an hourly chart of session bars opens its next bar at the next session open, not overnight', () => {
    const hour: Interval = { count: 1, unit: 'h' };
    const timeline = barTimelineOf({ interval: hour, session: NYSE, sessionOnly: true }, times(hour, true));
    // Monday's 09:30 ... 15:30 bars (7), then Tuesday's (7): the last held is Tuesday 15:30.
    const tuesdayClose = MONDAY_OPEN + 24 * HOUR + 6.5 * HOUR;
    expect(timeline.position(tuesdayClose - 0.5 * HOUR)).toBe(13);
    // A tick in the night opens no bar; the next morning's first tick opens bar 14.
    timeline.observe(tuesdayClose + 3 * HOUR);
    const wednesdayOpen = MONDAY_OPEN + 48 * HOUR;
    timeline.observe(wednesdayOpen + 120);
    expect(timeline.position(wednesdayOpen)).toBe(14);
  });

  it("the data's own bars: the next bar is one bar length on, from the last bar held", () => {
    const timeline = barTimelineOf({ interval: null, session: NYSE, sessionOnly: false }, times(null, false));
    const last = minutes.length - 1;
    timeline.observe((minutes[last] as number) + 61);
    expect(timeline.position((minutes[last] as number) + 60)).toBe(last + 1);
  });
});
