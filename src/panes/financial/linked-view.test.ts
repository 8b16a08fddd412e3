import type { IChartApi } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../workers/protocol';
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
  const chart = { timeScale: () => ({ getVisibleRange: () => shown }) } as unknown as IChartApi;
  const view = new LinkedView(chart, {
    bars: () => bars,
    main: () => null,
    showTimes: (range) => asked.push(range),
  });
  return { view, asked };
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

  it('applies nothing when the range is the one shown', () => {
    const { view, asked } = linkedView(minutes(100, 1), { from: 60, to: 600 });
    view.applyLinkedRange({ from: 60, to: 600, end: 659 }, 1);
    expect(asked).toEqual([]);
  });
});
