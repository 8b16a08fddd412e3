import type { ITimeScaleApi, Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import type { BarsResult } from '../../../core/protocol';
import { ChartNavigation, DEFAULT_BAR_SPACING, wholeSeriesSpacing } from './chart-navigation';

/**
 * A time scale that, like lightweight-charts, shows a requested range only on its next frame, at
 * most `maxBars` wide (its zoom-out limit, centred on the request), and reports a change only when
 * the range shown changed. `afterFrame` runs callbacks after that frame, as requestAnimationFrame
 * callbacks queued after the chart's own do.
 */
function fakeTimeScale(initial: { from: number; to: number }, maxBars = Number.POSITIVE_INFINITY) {
  let shown = initial;
  const listeners: (() => void)[] = [];
  const requests: { from: number; to: number }[] = [];
  let afterFrame: (() => void)[] = [];
  const api = {
    getVisibleLogicalRange: () => shown,
    setVisibleLogicalRange: (r: { from: number; to: number }) => requests.push(r),
    subscribeVisibleLogicalRangeChange: (cb: () => void) => listeners.push(cb),
    // The spacing of the range shown, as lightweight-charts reports it once a frame showed it.
    options: () => ({ rightOffset: 3, barSpacing: 1000 / (shown.to - shown.from) }),
    width: () => 1000,
    applyOptions: () => undefined,
    fitContent: () => requests.push({ from: -Infinity, to: Infinity }),
    // The test bars are a minute apart from 0: a time range is the logical range time / 60.
    setVisibleRange: (r: { from: number; to: number }) => requests.push({ from: r.from / 60, to: r.to / 60 }),
  } as unknown as ITimeScaleApi<Time>;
  const frame = () => {
    const last = requests.at(-1);
    if (last) {
      const centre = (last.from + last.to) / 2;
      const half = Math.min(maxBars, last.to - last.from) / 2;
      const next = { from: centre - half, to: centre + half };
      const changed = next.from !== shown.from || next.to !== shown.to;
      shown = next;
      if (changed) for (const cb of listeners) cb();
    }
    const callbacks = afterFrame;
    afterFrame = [];
    for (const cb of callbacks) cb();
  };
  const nextFrame = (cb: () => void) => afterFrame.push(cb);
  return { api, requests, frame, nextFrame, shown: () => shown };
}

// 400 bars: more than 1000 px shows at the default spacing, so no view of them is a short series's.
const bars = { time: Float64Array.from({ length: 400 }, (_, i) => i * 60) } as unknown as BarsResult;

describe('ChartNavigation', () => {
  it('keeps a time range exactly, and counts it as the view until the frame that shows it', () => {
    const ts = fakeTimeScale({ from: 40, to: 60 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    // Bar i covers minutes i - 0.5 to i + 0.5 of its slot: 100.25 minutes in is a quarter into bar 100.
    nav.keepTimes({ from: 100.25 * 60, to: 150.75 * 60 });
    expect(ts.requests.at(-1)).toEqual({ from: 99.75, to: 150.25 });
    nav.dataReplaced();
    // The chart still reports the old range: the times asked for are the view, where they fall.
    expect(nav.keptTimes()).toEqual({ from: 100.25 * 60, to: 150.75 * 60 });
    expect(nav.visibleBars()).toEqual({ from: 99.75, to: 150.25 });
    ts.frame();
    expect(nav.keptTimes()).toBeNull();
    // Another view asked for in the same task as a kept one takes its place.
    nav.keepTimes({ from: 6000, to: 9000 });
    nav.pan(-0.1);
    ts.frame();
    expect(nav.keptTimes()).toBeNull();
  });

  it('zooms around the centre and pans by a fraction of the width', () => {
    const ts = fakeTimeScale({ from: 40, to: 60 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    nav.zoom(0.5);
    expect(ts.requests.at(-1)).toEqual({ from: 45, to: 55 });
    ts.frame();
    nav.pan(-0.1);
    expect(ts.requests.at(-1)).toEqual({ from: 44, to: 54 });
  });

  it('key presses before the next frame build on the range already asked for', () => {
    const ts = fakeTimeScale({ from: 0, to: 80 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    nav.zoom(0.5);
    nav.zoom(0.5);
    expect(ts.requests.at(-1)).toEqual({ from: 30, to: 50 });
    ts.frame();
    nav.pan(0.5);
    expect(ts.requests.at(-1)).toEqual({ from: 40, to: 60 });
  });

  it('builds on the range shown once a frame has passed, also when the chart clamped the request', () => {
    // At the zoom-out limit a zoom out changes nothing the chart reports; the next zoom in must
    // narrow the range shown, not the wider one asked for and never shown.
    const ts = fakeTimeScale({ from: 0, to: 100 }, 100);
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    for (let i = 0; i < 5; i++) {
      nav.zoom(1.25);
      ts.frame();
    }
    expect(ts.shown()).toEqual({ from: 0, to: 100 });
    nav.zoom(0.8);
    ts.frame();
    expect(ts.shown()).toEqual({ from: 10, to: 90 });
    // The same after panning: the view moved, the frame passed, a pan builds on what is shown.
    nav.pan(0.5);
    ts.frame();
    expect(ts.shown()).toEqual({ from: 50, to: 130 });
  });

  it('after new bars, a step waits for the frame that shows their view, then builds on it', () => {
    // The chart's range between new bars and its next frame is theirs at the old spacing: a zoom
    // taken from it would replace the view the new bars were given.
    const ts = fakeTimeScale({ from: 40, to: 60 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    nav.dataReplaced();
    nav.zoom(0.5);
    expect(ts.requests).toEqual([]);
    ts.api.setVisibleLogicalRange({ from: 10, to: 50 });
    ts.frame();
    expect(ts.requests.at(-1)).toEqual({ from: 20, to: 40 });
    // One frame later a step goes at once again.
    ts.frame();
    nav.pan(0.5);
    expect(ts.requests.at(-1)).toEqual({ from: 30, to: 50 });
  });

  it('after a view asked for by time or to fit, a step waits for its frame and builds on it', () => {
    // A preset, a kept view, a linked range or All: a zoom pressed before the chart's frame showed it
    // took the range still shown (or one asked for before), and replaced the view asked for.
    for (const show of [
      (nav: ChartNavigation) => nav.showRange('All'),
      (nav: ChartNavigation) => nav.showTimes({ from: 20 * 60, to: 60 * 60 }),
    ]) {
      const ts = fakeTimeScale({ from: 40, to: 60 });
      const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
      nav.zoom(0.5);
      show(nav);
      const asked = ts.requests.length;
      nav.zoom(0.5);
      expect(ts.requests.length).toBe(asked);
      expect(nav.visibleBars()).toEqual(ts.shown());
      ts.frame();
      const shown = ts.shown();
      const centre = (shown.from + shown.to) / 2;
      const half = (shown.to - shown.from) / 4;
      expect(ts.requests.at(-1)).toEqual({ from: centre - half, to: centre + half });
    }
  });

  it('counts a range asked for and not yet shown as the view, until its frame shows it', () => {
    const ts = fakeTimeScale({ from: 0, to: 80 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    expect(nav.visibleBars()).toEqual({ from: 0, to: 80 });
    nav.zoom(0.5);
    expect(nav.visibleBars()).toEqual({ from: 20, to: 60 });
    ts.frame();
    expect(nav.visibleBars()).toEqual(ts.shown());
    nav.show({ from: 90.4, to: 120 });
    expect(nav.visibleBars()).toEqual({ from: 90.4, to: 120 });
  });

  it('never zooms in below five bars', () => {
    const ts = fakeTimeScale({ from: 10, to: 20 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    for (let i = 0; i < 10; i++) nav.zoom(0.5);
    const last = ts.requests.at(-1);
    expect((last?.to ?? 0) - (last?.from ?? 0)).toBe(5);
  });

  it('the bars in view count a range asked for (the data cursor steps before the next frame)', () => {
    const ts = fakeTimeScale({ from: 20, to: 50 });
    const nav = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    expect(nav.visibleBars()).toEqual({ from: 20, to: 50 });
    nav.show({ from: 0, to: 30 });
    expect(nav.visibleBars()).toEqual({ from: 0, to: 30 });
    ts.frame();
    expect(nav.visibleBars()).toEqual({ from: 0, to: 30 });
  });

  it('does nothing without bars', () => {
    const ts = fakeTimeScale({ from: 0, to: 10 });
    const nav = new ChartNavigation(ts.api, () => null, ts.nextFrame);
    nav.showRange('1Y');
    expect(ts.requests).toEqual([]);
  });

  it('shows a short series at the default spacing against the right edge, rather than stretched', () => {
    const ts = fakeTimeScale({ from: 0, to: 1 });
    const short = { time: Float64Array.from([0, 60, 120]) } as unknown as BarsResult;
    new ChartNavigation(ts.api, () => short, ts.nextFrame).showRange('1Y');
    // 1000 px at 6 px a bar; the latest bar (2) keeps the right offset of 3 bars.
    const slots = 1000 / DEFAULT_BAR_SPACING;
    expect(ts.requests.at(-1)).toEqual({ from: 5 - slots, to: 5 });
    ts.frame();
    expect(ts.api.options().barSpacing).toBeCloseTo(DEFAULT_BAR_SPACING);
  });

  it('a kept range from the first bar of a short series is shown at the spacing too; any other as asked', () => {
    const ts = fakeTimeScale({ from: 0, to: 1 });
    const short = { time: Float64Array.from([0, 60, 120, 180]) } as unknown as BarsResult;
    const nav = new ChartNavigation(ts.api, () => short, ts.nextFrame);
    // The range kept across an interval change: from the first bar to the open end of the latest.
    nav.showTimes({ from: 0, to: Number.POSITIVE_INFINITY });
    expect(ts.requests.at(-1)).toEqual({ from: 6 - 1000 / DEFAULT_BAR_SPACING, to: 6 });
    // Up to a bar before the latest: it ends half a bar after it.
    nav.showTimes({ from: 0, to: 60 });
    expect(ts.requests.at(-1)).toEqual({ from: 1.5 - 1000 / DEFAULT_BAR_SPACING, to: 1.5 });
    // Not from the first bar: the user (or a linked chart) asked for exactly that time.
    nav.showTimes({ from: 60, to: 120 });
    expect(ts.requests.at(-1)).toEqual({ from: 1, to: 2 });
    // A long series fills the plot at any spacing: the preset's range as before.
    const long = new ChartNavigation(ts.api, () => bars, ts.nextFrame);
    long.showRange('All');
    expect(ts.requests.at(-1)).toEqual({ from: -Infinity, to: Infinity });
  });

  it('keeps the spacing the user zoomed to for a short series from then on', () => {
    const ts = fakeTimeScale({ from: -100, to: 100 });
    const short = { time: Float64Array.from([0, 60, 120]) } as unknown as BarsResult;
    const nav = new ChartNavigation(ts.api, () => short, ts.nextFrame);
    // 200 bars in 1000 px: 5 px; zoomed in twice as far: 10 px a bar.
    nav.zoom(0.5);
    ts.frame();
    nav.showRange('1Y');
    expect(ts.requests.at(-1)).toEqual({ from: 5 - 100, to: 5 });
    // A wheel zoom the chart made itself: its spacing once shown.
    ts.api.setVisibleLogicalRange({ from: 0, to: 40 });
    nav.userZoomed();
    ts.frame();
    nav.showRange('1Y');
    expect(ts.requests.at(-1)).toEqual({ from: 5 - 40, to: 5 });
  });
});

describe('wholeSeriesSpacing', () => {
  it('lets a long series zoom out until all of it fits the width', () => {
    // 5,105 daily bars (2000 to 2020) in 1,300 px: a quarter pixel a bar, under the default half.
    const spacing = wholeSeriesSpacing(5105, 1300, 3);
    expect(spacing).toBeLessThan(0.5);
    expect((5105 + 3) * spacing).toBeLessThanOrEqual(1300);
  });

  it('keeps the default limit for a series that fits anyway, and a floor for huge ones', () => {
    expect(wholeSeriesSpacing(100, 1300, 3)).toBe(0.5);
    expect(wholeSeriesSpacing(1_000_000, 300, 3)).toBe(0.02);
    expect(wholeSeriesSpacing(0, 300, 3)).toBe(0.5);
  });
});
