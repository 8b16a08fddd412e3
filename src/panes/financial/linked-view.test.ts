import type { IChartApi } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../core/protocol';
import { LinkedView } from './linked-view';

/** Minute bars from 0, `factor` minutes each, `count` of them. */
function minutes(count: number, factor: number): BarsResult {
  const column = (f: (i: number) => number) => Float64Array.from({ length: count }, (_, i) => f(i));
  return {
    symbol: 'X',
    level: 0,
    factor,
    time: column((i) => i * factor * 60),
    open: column(() => 1),
    high: column(() => 1),
    low: column(() => 1),
    close: column(() => 1),
    volume: column(() => 0),
    first: 0,
    last: (count * factor - 1) * 60,
    nativeCount: count * factor,
  };
}

function linkedView(bars: BarsResult, shown: { from: number; to: number }) {
  const asked: { from: number; to: number }[] = [];
  const listeners: ((range: { from: number; to: number }) => void)[] = [];
  let frames: (() => void)[] = [];
  const replacing = { now: false };
  const chart = {
    timeScale: () => ({
      getVisibleRange: () => shown,
      subscribeVisibleTimeRangeChange: (listener: (range: { from: number; to: number }) => void) =>
        listeners.push(listener),
      unsubscribeVisibleTimeRangeChange: (listener: (range: { from: number; to: number }) => void) =>
        listeners.splice(listeners.indexOf(listener), 1),
    }),
  } as unknown as IChartApi;
  const view = new LinkedView(
    chart,
    {
      bars: () => bars,
      main: () => null,
      showTimes: (range) => asked.push(range),
      replacingData: () => replacing.now,
    },
    (callback) => frames.push(callback),
  );
  /** The chart's next frame: its callbacks run (the range shown is reported before, if it changed). */
  const frame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback();
  };
  /** The user moves the view: the hop the change is reported with (null: the user's own). */
  const userMove = (range: { from: number; to: number }) => {
    const hops: (number | null)[] = [];
    const stop = view.onVisibleTimeRange((_range, hop) => hops.push(hop));
    for (const listener of listeners) listener(range);
    stop();
    return hops;
  };
  return { view, asked, frame, userMove, replacing };
}

describe('LinkedView', () => {
  it("shows a linked range to the bar here that holds the linked pane's last bar's end", () => {
    // The linked pane shows 16-minute bars to the one at 64 min (its minutes 64 to 79); this one
    // holds single minutes: it shows them to minute 79, not only the first of that bar's.
    const { view, asked } = linkedView(minutes(100, 1), { from: 0, to: 10 * 60 });
    view.applyLinkedRange({ from: 16 * 60, to: 64 * 60, end: 79 * 60 }, 1);
    expect(asked).toEqual([{ from: 16 * 60, to: 79 * 60 }]);
    // Without an end (a pane of another build), the range as it came.
    view.applyLinkedRange({ from: 0, to: 32 * 60 }, 1);
    expect(asked.at(-1)).toEqual({ from: 0, to: 32 * 60 });
  });

  it("holds no hop for a range that changes nothing here: the user's next move is the user's", () => {
    // 16-minute bars: the linked pane's finer range ends in the bar already last in view here.
    const coarse = { ...minutes(10, 16), factor: 16 };
    const { view, asked, userMove } = linkedView(coarse, { from: 16 * 60, to: 64 * 60 });
    view.applyLinkedRange({ from: 16 * 60, to: 70 * 60, end: 71 * 60 }, 2);
    expect(asked).toEqual([]);
    expect(userMove({ from: 32 * 60, to: 80 * 60 })).toEqual([null]);
  });

  it('forgets the hop after the frame when the chart reported no change', () => {
    const { view, asked, frame, userMove } = linkedView(minutes(100, 1), { from: 0, to: 600 });
    view.applyLinkedRange({ from: 60, to: 660 }, 3);
    expect(asked).toHaveLength(1);
    frame();
    expect(userMove({ from: 120, to: 720 })).toEqual([null]);
  });

  it('sends on no range the chart reports while its bars are replaced (a level swap)', () => {
    const { userMove, replacing } = linkedView(minutes(100, 1), { from: 0, to: 600 });
    replacing.now = true;
    expect(userMove({ from: 3000, to: 5940 })).toEqual([]);
    replacing.now = false;
    expect(userMove({ from: 60, to: 660 })).toEqual([null]);
  });

  it('applies nothing when the range is the one shown', () => {
    const { view, asked } = linkedView(minutes(100, 1), { from: 60, to: 600 });
    view.applyLinkedRange({ from: 60, to: 600, end: 659 }, 1);
    expect(asked).toEqual([]);
  });
});
