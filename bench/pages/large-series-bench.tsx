/**
 * Workload `financial-1m` (issue 4): SYN-1M (one million one-minute bars) as a candlestick pane of the
 * real app (the worker's precomputed levels, a coarse level for the whole range, finer bars swapped
 * in on zoom), against raw lightweight-charts `setData` of the same million bars and uPlot drawing
 * their closes as a line, in the same page and run. Time to first frame, memory of the page and its
 * workers, and the frames of zoom and pan steps.
 */
import { CandlestickSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { generateSyntheticBars, SYNTHETIC_BARS } from '../../workers/synthetic';
import {
  afterPaint,
  median,
  nextFrame,
  pageMemory,
  type StepFrames,
  timeStepFrames,
  watchFrames,
} from './frame-probe';
import { type BenchMetric, distribution, percentile, publish, sleep, waitFor } from './harness';
import { type ProbeReading, startMainThreadProbe } from './main-thread-probe';
import { chartElement, firstFrameOf, mountWorkstation, onSetData } from './workstation-page';

const SYMBOL = 'SYN-1M';
const WARM_ROUNDS = 5;
const PEER_ROUNDS = 3;
/** Zoom and pan steps as the + / - and arrow keys make them; a pause lets finer bars swap in. */
const ZOOM_IN = 0.8;
const ZOOM_OUT = 1.25;
const PAN = 0.1;
const STEPS_PER_GESTURE = 8;
const PAUSE_MS = 600;

interface Gestures {
  zoom: number[];
  pan: number[];
  /** Frames that showed bars swapped in after a gesture (finer or coarser), with the swap's setData. */
  zoomSwaps: number[];
  panSwaps: number[];
}

const noGestures = (): Gestures => ({ zoom: [], pan: [], zoomSwaps: [], panSwaps: [] });

/** Zoom in, pan back, zoom out, pan forward, `rounds` times; steps at frame pace, pauses between. */
async function gestures(
  rounds: number,
  steps: number,
  act: { zoom(factor: number): void; pan(fraction: number): void },
  pauseMs = 0,
): Promise<Gestures> {
  const out = noGestures();
  let watcher: ReturnType<typeof watchFrames> | null = null;
  const stop = onSetData((_chart, _bars, ms) => watcher?.addTask(ms));
  const plan: ['zoom' | 'pan', number][] = [
    ['zoom', ZOOM_IN],
    ['pan', -PAN],
    ['zoom', ZOOM_OUT],
    ['pan', PAN],
  ];
  for (let round = 0; round < rounds; round++) {
    for (const [kind, amount] of plan) {
      for (let i = 0; i < steps; i++) {
        const frames: StepFrames = await timeStepFrames(() =>
          kind === 'zoom' ? act.zoom(amount) : act.pan(amount),
        );
        out[kind].push(frames.frameMs);
      }
      if (pauseMs === 0) continue;
      // The pause is when finer bars swap in (a worker answer applied between frames, then drawn).
      watcher = watchFrames();
      await sleep(pauseMs);
      const frames = watcher.stop();
      watcher = null;
      out[kind === 'zoom' ? 'zoomSwaps' : 'panSwaps'].push(
        ...frames.filter((f) => f.carriedMs > 0).map((f) => f.ms),
      );
    }
  }
  stop();
  return out;
}

function overlay(width: number, height: number): HTMLDivElement {
  const div = document.createElement('div');
  div.style.cssText = `position:fixed;left:0;top:0;width:${width}px;height:${height}px;z-index:1000;background:#fff`;
  document.body.append(div);
  return div;
}

const stats = (values: number[]) => (values.length > 0 ? distribution(values) : null);
const p95 = (values: number[]) => (values.length > 0 ? percentile(values, 95) : Number.NaN);

publish(async () => {
  const bench = await mountWorkstation('candlestick', ['SPX']);
  const paneId = bench.paneIds[0] as string;
  await waitForSymbol(paneId, 'SPX');
  await sleep(500);

  // Ours. Memory before SYN-1M exists anywhere, then with it shown (the worker's series and levels included).
  const oursBase = await pageMemory();
  // The main thread's long tasks from the symbol edit to 1.5 s after its first frame (the live tail
  // and the other levels' merges come then).
  const oursProbe = startMainThreadProbe();
  const coldStart = performance.now();
  const cold = firstFrameOf(SYMBOL);
  bench.setSymbol(paneId, SYMBOL);
  const coldMs = (await cold) - coldStart;
  await sleep(1500);
  const oursLoad = await oursProbe.stop();
  const oursShown = await pageMemory();
  const oursTtff: number[] = [];
  for (let round = 0; round < WARM_ROUNDS; round++) {
    const back = firstFrameOf('SPX');
    bench.setSymbol(paneId, 'SPX');
    await back;
    await sleep(300);
    await nextFrame();
    const start = performance.now();
    const shown = firstFrameOf(SYMBOL);
    bench.setSymbol(paneId, SYMBOL);
    oursTtff.push((await shown) - start);
    await sleep(300);
  }
  await sleep(500);
  const chart = bench.chart(paneId);
  const element = chartElement(paneId);
  const oursGestures = await gestures(3, STEPS_PER_GESTURE, chart.nav, PAUSE_MS);
  const factors = element.dataset.factorInView;
  // The peers get the screen to themselves: the pane goes back to SPX (its live feed stops).
  bench.setSymbol(paneId, 'SPX');
  await waitForSymbol(paneId, 'SPX');
  const { width, height } = element.getBoundingClientRect();

  // The peers' data: the same seeded million bars, generated on this thread. The generation is timed
  // for the cold rows (ours is charged for it there: its worker generates the bars on the first view).
  const spec = SYNTHETIC_BARS.find((s) => s.symbol === SYMBOL);
  if (!spec) throw new Error(`${SYMBOL} is not a synthetic series`);

  // uPlot: the closes as a line (it keeps the two arrays it is given).
  const uplotTtff: number[] = [];
  let uplotGestures = noGestures();
  const uplotBase = await pageMemory();
  let uplotShown = uplotBase;
  let uplotGenerateMs = Number.NaN;
  {
    const generateStart = performance.now();
    let { time, close } = generateSyntheticBars({ count: spec.count, seed: spec.seed });
    uplotGenerateMs = performance.now() - generateStart;
    for (let round = 0; round < PEER_ROUNDS; round++) {
      const div = overlay(width, height);
      await nextFrame();
      const start = performance.now();
      const plot = new uPlot(
        {
          width,
          height,
          scales: { x: { time: true } },
          series: [{}, { stroke: '#5090dc', width: 1 }],
          legend: { show: false },
          cursor: { show: false },
        },
        [time, close],
        div,
      );
      await nextFrame();
      uplotTtff.push((await afterPaint()) - start);
      if (round === PEER_ROUNDS - 1) {
        const last = time[time.length - 1] as number;
        plot.setScale('x', { min: last - 365 * 86_400, max: last });
        await sleep(300);
        uplotShown = await pageMemory();
        uplotGestures = await gestures(1, 5, uplotActions(plot));
      }
      plot.destroy();
      div.remove();
    }
    time = new Float64Array(0);
    close = time;
  }
  await sleep(500);

  // Raw lightweight-charts: one candlestick series, setData of every bar (rows built from the columns).
  const lwcBase = await pageMemory();
  let lwcTtff = Number.NaN;
  let lwcShown = lwcBase;
  let lwcGestures = noGestures();
  let lwcGenerateMs = Number.NaN;
  let lwcLoad: ProbeReading | null = null;
  {
    const lwcProbe = startMainThreadProbe();
    const generateStart = performance.now();
    const bars = generateSyntheticBars({ count: spec.count, seed: spec.seed });
    lwcGenerateMs = performance.now() - generateStart;
    const div = overlay(width, height);
    await nextFrame();
    const start = performance.now();
    const lwc = createChart(div, { width, height, layout: { attributionLogo: false } });
    const series = lwc.addSeries(CandlestickSeries, {});
    const rows = new Array(bars.time.length);
    for (let i = 0; i < rows.length; i++) {
      rows[i] = {
        time: bars.time[i] as UTCTimestamp,
        open: bars.open[i] as number,
        high: bars.high[i] as number,
        low: bars.low[i] as number,
        close: bars.close[i] as number,
      };
    }
    series.setData(rows);
    await nextFrame();
    lwcTtff = (await afterPaint()) - start;
    await sleep(500);
    lwcLoad = await lwcProbe.stop();
    lwcShown = await pageMemory();
    const ts = lwc.timeScale();
    lwcGestures = await gestures(1, 3, {
      zoom: (factor) => {
        const r = ts.getVisibleLogicalRange();
        if (!r) return;
        const centre = (r.from + r.to) / 2;
        const half = ((r.to - r.from) * factor) / 2;
        ts.setVisibleLogicalRange({ from: centre - half, to: centre + half });
      },
      pan: (fraction) => {
        const r = ts.getVisibleLogicalRange();
        if (!r) return;
        const delta = (r.to - r.from) * fraction;
        ts.setVisibleLogicalRange({ from: r.from + delta, to: r.to + delta });
      },
    });
    lwc.remove();
    div.remove();
  }

  const ours = {
    ttff: median(oursTtff),
    heap: oursShown.bytes - oursBase.bytes,
    zoom: [...oursGestures.zoom, ...oursGestures.zoomSwaps],
    pan: [...oursGestures.pan, ...oursGestures.panSwaps],
  };
  // What each side's timer covers. Cold: both sides make the million bars (ours in its worker, the
  // peers with the same generator on this thread, timed and added to their first run). Warm: ours holds
  // the series already, the peers are handed arrays already in memory.
  const coldIncludes = `ours: the symbol edit to the painted bars, the worker generating the ${SYMBOL} bars and merging the level the view shows, the others after it (first view, 1 run)`;
  const warmIncludes = `ours: the symbol edit to the painted bars, the worker already holding the series and levels (median of ${WARM_ROUNDS})`;
  const lwcFirst = 'peer: createChart, 1M rows built from arrays in memory, setData, paint (1 run)';
  const uplotFirst = `peer: new uPlot with the time and close arrays in memory, paint (median of ${PEER_ROUNDS})`;
  const generated = 'the same generator making the 1M bars on the page thread (timed), then';
  const lwcCold = `peer: ${generated} createChart, rows built from them, setData, paint (1 run)`;
  const uplotCold = `peer: ${generated} new uPlot with the time and close arrays, paint (its first run)`;
  const memory =
    "growth from each side's own baseline, page and worker heaps with array buffers (measureUserAgentSpecificMemory after gc); ours includes the worker's series and levels";
  const longest = (reading: ProbeReading | null) =>
    reading ? Math.max(0, ...reading.longTasks.map((t) => t.duration)) : Number.NaN;
  const metrics: BenchMetric[] = [
    {
      // Moved from e2e/large-series.spec.ts: a timing, judged here rather than in a test.
      id: 'load.longtask.max',
      label: 'longest main-thread task while a 1M-bar symbol loads, cold (peer: raw lightweight-charts)',
      includes: `longtask entries (tasks from 50 ms, else 0); ours: from the symbol edit to 1.5 s after its first frame, the worker making the bars; peer: ${generated} createChart, rows built from them, setData, paint and 0.5 s`,
      unit: 'ms',
      ours: longest(oursLoad),
      peer: longest(lwcLoad),
    },
    {
      id: 'ttff.cold.vsLwc',
      label: 'time to first frame, cold: both sides make the 1M bars (peer: raw lightweight-charts)',
      includes: `${coldIncludes}; ${lwcCold}`,
      unit: 'ms',
      ours: coldMs,
      peer: lwcGenerateMs + lwcTtff,
    },
    {
      id: 'ttff.cold.vsUplot',
      label: 'time to first frame, cold: both sides make the 1M bars (peer: uPlot line)',
      includes: `${coldIncludes}; ${uplotCold}`,
      unit: 'ms',
      ours: coldMs,
      peer: uplotGenerateMs + (uplotTtff[0] ?? Number.NaN),
    },
    {
      id: 'ttff.vsLwc',
      label: 'time to first frame, warm median (peer: raw lightweight-charts)',
      includes: `${warmIncludes}; ${lwcFirst}`,
      unit: 'ms',
      ours: ours.ttff,
      peer: lwcTtff,
    },
    {
      id: 'ttff.vsUplot',
      label: 'time to first frame, warm median (peer: uPlot line)',
      includes: `${warmIncludes}; ${uplotFirst}`,
      unit: 'ms',
      ours: ours.ttff,
      peer: median(uplotTtff),
    },
    {
      id: 'heap.vsLwc',
      label: 'memory, page + worker (peer: raw lightweight-charts)',
      includes: memory,
      unit: 'bytes',
      ours: ours.heap,
      peer: lwcShown.bytes - lwcBase.bytes,
    },
    {
      id: 'heap.vsUplot',
      label: 'memory, page + worker (peer: uPlot line)',
      includes: memory,
      unit: 'bytes',
      ours: ours.heap,
      peer: uplotShown.bytes - uplotBase.bytes,
    },
    {
      id: 'zoom.frame.p95',
      label: 'zoom frames incl. level swaps, p95 (peer: raw lwc)',
      includes: `ours: 3 rounds of ${STEPS_PER_GESTURE}-step zoom gestures, their level-swap frames pooled in; peer: raw lightweight-charts holding 1M bars, 1 round of 3 steps; each step its frame and the next, the dearer`,
      unit: 'ms',
      ours: p95(ours.zoom),
      peer: p95(lwcGestures.zoom),
    },
    {
      id: 'pan.frame.p95',
      label: 'pan frames incl. level swaps, p95 (peer: raw lwc)',
      includes: `ours: 3 rounds of ${STEPS_PER_GESTURE}-step pan gestures, their level-swap frames pooled in; peer: raw lightweight-charts holding 1M bars, 1 round of 3 steps; each step its frame and the next, the dearer`,
      unit: 'ms',
      ours: p95(ours.pan),
      peer: p95(lwcGestures.pan),
    },
    {
      id: 'zoom.frame.p95.vsUplot',
      label: 'zoom frames without swaps, p95 (peer: uPlot)',
      includes:
        'ours: the zoom steps alone (no swap frames); peer: uPlot line, 1 round of 5 steps; each step its frame and the next, the dearer',
      unit: 'ms',
      ours: p95(oursGestures.zoom),
      peer: p95(uplotGestures.zoom),
    },
    {
      id: 'swap.frame.p95',
      label: 'level-swap frames (setData + frame), p95',
      includes:
        "the frame after a worker answer was applied, with that answer's setData, zoom and pan pooled; no peer",
      unit: 'ms',
      ours: p95([...oursGestures.zoomSwaps, ...oursGestures.panSwaps]),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'financial-1m',
    metrics,
    details: {
      symbol: SYMBOL,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      chartSize: { width, height },
      crossOriginIsolated: window.crossOriginIsolated,
      memoryMethod: oursShown.method,
      ours: {
        coldFirstFrameMs: coldMs,
        coldLoadLongTasks: oursLoad.longTasks,
        firstFrameMs: oursTtff,
        memory: { base: oursBase, shown: oursShown },
        zoom: stats(oursGestures.zoom),
        pan: stats(oursGestures.pan),
        zoomSwaps: stats(oursGestures.zoomSwaps),
        panSwaps: stats(oursGestures.panSwaps),
        factorInViewAtEnd: factors,
      },
      uplot: {
        generateMs: uplotGenerateMs,
        firstFrameMs: uplotTtff,
        memory: { base: uplotBase, shown: uplotShown },
        zoom: stats(uplotGestures.zoom),
        pan: stats(uplotGestures.pan),
      },
      lightweightCharts: {
        generateMs: lwcGenerateMs,
        firstFrameMs: lwcTtff,
        memory: { base: lwcBase, shown: lwcShown },
        zoom: stats(lwcGestures.zoom),
        pan: stats(lwcGestures.pan),
      },
    },
  };
});

async function waitForSymbol(paneId: string, symbol: string): Promise<void> {
  await waitFor(
    () => document.querySelector(`[data-pane-id="${paneId}"] .chart-legend strong`)?.textContent === symbol,
    `pane on ${symbol}`,
  );
  await waitFor(() => !document.querySelector(`[data-pane-id="${paneId}"] .pane-overlay`), 'data');
}

function uplotActions(plot: uPlot) {
  const range = () => ({ min: plot.scales.x?.min ?? 0, max: plot.scales.x?.max ?? 0 });
  return {
    zoom(factor: number) {
      const { min, max } = range();
      const centre = (min + max) / 2;
      const half = ((max - min) * factor) / 2;
      plot.setScale('x', { min: centre - half, max: centre + half });
    },
    pan(fraction: number) {
      const { min, max } = range();
      const delta = (max - min) * fraction;
      plot.setScale('x', { min: min + delta, max: max + delta });
    },
  };
}
