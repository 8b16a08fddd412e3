/**
 * Workload `live-1m` (issue 45): the simulated feed at 1000 ticks a second (a new bar every second)
 * into one candlestick pane of the real app on SYN-1M, zoomed all the way out; against raw
 * lightweight-charts holding the same million bars at full zoom-out, `series.update` of the last bar
 * per live update. Both timed the same way (frame-probe.ts's `watchUpdateFrames`): the main-thread
 * time of the frame an update is applied in and of the next one, where the chart paints it. For
 * information, raw lightweight-charts holding only as many bars as the pane shows: every update
 * repaints its whole pane, which is the floor under the 4 ms goal on this machine.
 */
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { getEngineClient } from '../../src/data/engine-client';
import { setLiveUpdateProbe } from '../../src/data/live-bars';
import { generateSyntheticBars, SYNTHETIC_BARS } from '../../workers/synthetic';
import { nextFrame, watchUpdateFrames } from './frame-probe';
import { type BenchMetric, distribution, percentile, publish, sleep, waitFor } from './harness';
import { chartElement, mountWorkstation } from './workstation-page';

const SYMBOL = 'SYN-1M';
const TICKS_PER_SECOND = 1000;
const TICKS_PER_BAR = 1000;
const WARM_MS = 3_000;
/** `?seconds=5` gives a shorter run when the page is opened by hand (or profiled). */
const RUN_MS = Number(new URLSearchParams(location.search).get('seconds') ?? 20) * 1000;
/** Raw lightweight-charts takes seconds per update at a million bars: a few are enough. */
const PEER_UPDATES = 5;
/** Updates of raw lightweight-charts holding as many bars as the pane shows (milliseconds each). */
const SAME_BARS_UPDATES = 200;

/**
 * Raw lightweight-charts at full zoom-out, updated like a live pane: the last bar changes, a new one
 * comes. `times` (the pane's shown bars) gives it that many bars at those times, with a volume
 * histogram and a line as the pane draws them; without it, SYN-1M's million bars as candles alone.
 */
async function peerUpdates(
  width: number,
  height: number,
  updates: number,
  times?: ArrayLike<number>,
): Promise<number[]> {
  const spec = SYNTHETIC_BARS.find((s) => s.symbol === SYMBOL);
  if (!spec) throw new Error(`${SYMBOL} is not defined`);
  const bars = generateSyntheticBars({ count: times ? times.length : spec.count, seed: spec.seed });
  if (times) bars.time.set(Array.from(times));
  const div = document.createElement('div');
  div.style.cssText = `position:fixed;left:0;top:0;width:${width}px;height:${height}px;z-index:1000;background:#fff`;
  document.body.append(div);
  const chart = createChart(div, { width, height, layout: { attributionLogo: false } });
  const series = chart.addSeries(CandlestickSeries, {});
  const n = bars.time.length;
  const at = (i: number) => bars.time[i] as UTCTimestamp;
  const row = (i: number, close: number) => ({
    time: at(i),
    open: bars.open[i] as number,
    high: Math.max(bars.high[i] as number, close),
    low: Math.min(bars.low[i] as number, close),
    close,
  });
  series.setData(Array.from({ length: n }, (_, i) => row(i, bars.close[i] as number)));
  if (times) {
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume' });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    volume.setData(Array.from({ length: n }, (_, i) => ({ time: at(i), value: bars.volume[i] as number })));
    const line = chart.addSeries(LineSeries, { lineWidth: 1 });
    line.setData(Array.from({ length: n }, (_, i) => ({ time: at(i), value: bars.close[i] as number })));
  }
  chart.timeScale().fitContent();
  await nextFrame();
  await sleep(1000);
  const watcher = watchUpdateFrames();
  let last = n - 1;
  let close = bars.close[last] as number;
  const step = n > 1 ? (bars.time[last] as number) - (bars.time[last - 1] as number) : 60;
  for (let u = 0; u < updates; u++) {
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        close += u % 2 === 0 ? 0.5 : -0.25;
        if (u === updates - 1) {
          // The last update opens a new bar, as the feed does once a second.
          series.update({ ...row(last, close), time: ((bars.time[last] as number) + step) as UTCTimestamp });
          last += 1;
        } else series.update(row(last, close));
        watcher.onUpdate();
        resolve();
      }),
    );
    await nextFrame();
    await nextFrame();
    await nextFrame();
  }
  const perUpdate = watcher.stop();
  chart.remove();
  div.remove();
  return perUpdate;
}

publish(async () => {
  const client = getEngineClient();
  await client.call('subscribeLive', {
    symbol: SYMBOL,
    subscriptionId: 'bench-driver',
    ticksPerSecond: TICKS_PER_SECOND,
    ticksPerBar: TICKS_PER_BAR,
  });
  const bench = await mountWorkstation('candlestick', [SYMBOL]);
  const paneId = bench.paneIds[0] as string;
  const element = chartElement(paneId);
  await waitFor(() => element.dataset.live === 'true', `${SYMBOL} shown and live`, 60_000);
  const chart = bench.chart(paneId);
  chart.nav.showRange('All');
  await sleep(WARM_MS);
  const factorInView = element.dataset.factorInView;

  const handlers: number[] = [];
  const watcher = watchUpdateFrames();
  setLiveUpdateProbe((ms) => {
    handlers.push(ms);
    watcher.onUpdate();
  });
  const began = performance.now();
  await sleep(RUN_MS);
  setLiveUpdateProbe(null);
  const seconds = (performance.now() - began) / 1000;
  const ours = watcher.stop();
  await client.call('unsubscribeLive', 'bench-driver');
  if (ours.length === 0) throw new Error('No live update reached the pane');
  await sleep(500);

  const shownTimes = Array.from(chart.times());
  const peer = await peerUpdates(element.clientWidth, element.clientHeight, PEER_UPDATES);
  await sleep(500);
  const sameBars = await peerUpdates(
    element.clientWidth,
    element.clientHeight,
    SAME_BARS_UPDATES,
    shownTimes,
  );

  const INCLUDES = `the frame an update is applied in and the next (where the chart paints it), first animation-frame callback to the task after paint, shared by the updates of the frame; ours: the app's pane on ${SYMBOL} at full zoom-out fed at ${TICKS_PER_SECOND} ticks a second for ${RUN_MS / 1000} s; peer: raw lightweight-charts with the same million bars at full zoom-out, series.update of the last bar, ${PEER_UPDATES} updates`;
  const metrics: BenchMetric[] = [
    {
      id: 'update.paint.p95',
      label: `main-thread time per live update, chart paint included, p95, ${SYMBOL} at full zoom-out (peer: raw lwc)`,
      includes: INCLUDES,
      unit: 'ms',
      ours: percentile(ours, 95),
      peer: percentile(peer, 95),
    },
    {
      id: 'update.paint.median',
      label: `main-thread time per live update, chart paint included, median, ${SYMBOL} at full zoom-out (peer: raw lwc)`,
      includes: INCLUDES,
      unit: 'ms',
      ours: percentile(ours, 50),
      peer: percentile(peer, 50),
    },
    {
      id: 'update.paint.p95.sameBars',
      label: `main-thread time per live update, chart paint included, p95, vs raw lwc holding the ${shownTimes.length} bars the pane shows (information: lightweight-charts' own repaint)`,
      includes: `as above; peer: raw lightweight-charts with as many bars as the pane shows, at its bars' times, drawn as the pane draws them (candles, a volume histogram, a line), series.update of the last bar, ${SAME_BARS_UPDATES} updates: each update repaints the whole pane, the floor under ours`,
      unit: 'ms',
      ours: percentile(ours, 95),
      peer: percentile(sameBars, 95),
    },
    {
      id: 'update.paint.median.sameBars',
      label: `main-thread time per live update, chart paint included, median, vs raw lwc holding the ${shownTimes.length} bars the pane shows (information)`,
      includes: 'as above; medians',
      unit: 'ms',
      ours: percentile(ours, 50),
      peer: percentile(sameBars, 50),
    },
    {
      id: 'update.handler.p95',
      label: `the pane's update handler alone, p95, ${SYMBOL} (information)`,
      includes:
        "src/data/live-bars.ts's probe: the pane's handler and its share of the frame's microtasks, no paint; no peer",
      unit: 'ms',
      ours: percentile(handlers, 95),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'live-1m',
    metrics,
    details: {
      symbol: SYMBOL,
      ticksPerSecond: TICKS_PER_SECOND,
      ticksPerBar: TICKS_PER_BAR,
      runSeconds: seconds,
      factorInView,
      updatesPerSecond: ours.length / seconds,
      ours: distribution(ours),
      peer: distribution(peer),
      sameBars: distribution(sameBars),
      shownBars: shownTimes.length,
      handler: distribution(handlers),
      viewport: { width: window.innerWidth, height: window.innerHeight },
    },
  };
});
