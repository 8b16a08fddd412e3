/**
 * Workload `live-feed` (issue 3): the simulated feed at 1000 ticks a second into 8 candlestick panes
 * of the real app, all on SYN-100K, for 60 s. The main-thread cost of each coalesced update (a
 * pane's handler and the React commit it causes, timed by src/data/live-bars.ts's probe), memory of
 * the page and its worker at the start and the end, and the longest frame.
 */
import { getEngineClient } from '../../src/data/engine-client';
import { setLiveUpdateProbe } from '../../src/data/live-bars';
import { pageMemory, watchFrames, watchUpdateFrames } from './frame-probe';
import { type BenchMetric, distribution, percentile, publish, sleep, waitFor } from './harness';
import { chartElement, mountWorkstation } from './workstation-page';

const SYMBOL = 'SYN-100K';
const PANES = 8;
const TICKS_PER_SECOND = 1000;
/** A new bar every second: both paths run, the last bar changing and a bar being added. */
const TICKS_PER_BAR = 1000;
const WARM_MS = 5_000;
/** `?seconds=10` gives a shorter run when the page is opened by hand (or profiled). */
const RUN_MS = Number(new URLSearchParams(location.search).get('seconds') ?? 60) * 1000;
const LONG_FRAME_MS = 50;

publish(async () => {
  // The feed's rate is the fastest subscriber's and its bar length the first one's: this one drives
  // the symbol at 1000 ticks a second. Its events reach no pane (no subscriber has its id).
  const client = getEngineClient();
  await client.call('subscribeLive', {
    symbol: SYMBOL,
    subscriptionId: 'bench-driver',
    ticksPerSecond: TICKS_PER_SECOND,
    ticksPerBar: TICKS_PER_BAR,
  });
  const bench = await mountWorkstation('candlestick', Array<string>(PANES).fill(SYMBOL), 4);
  const elements = bench.paneIds.map(chartElement);
  await waitFor(() => elements.every((e) => e.dataset.live === 'true'), `${PANES} live panes`, 60_000);
  const updates: number[] = [];
  setLiveUpdateProbe((ms) => updates.push(ms));
  await sleep(WARM_MS);

  const countUpdates = () => elements.reduce((sum, e) => sum + Number(e.dataset.liveUpdates ?? 0), 0);
  const start = await pageMemory();
  const updatesBefore = countUpdates();
  updates.length = 0;
  const longFrames: number[] = [];
  /** What ran in each long frame (script entry points over 5 ms, and the rendering), for the details. */
  const longFrameParts: string[][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      longFrames.push(entry.duration);
      const frame = entry as PerformanceEntry & {
        renderStart: number;
        styleAndLayoutStart: number;
        blockingDuration: number;
        scripts: { invoker: string; duration: number; sourceFunctionName: string }[];
      };
      longFrameParts.push([
        `blocking ${frame.blockingDuration.toFixed(1)}`,
        `render ${(frame.startTime + frame.duration - frame.renderStart).toFixed(1)}`,
        ...frame.scripts
          .filter((script) => script.duration > 5)
          .map((script) => `${script.invoker} ${script.sourceFunctionName} ${script.duration.toFixed(1)}`),
      ]);
    }
  });
  const loafSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  if (!loafSupported) throw new Error('This browser does not report long animation frames');
  observer.observe({ type: 'long-animation-frame' });
  const watcher = watchFrames();
  const painted = watchUpdateFrames();
  setLiveUpdateProbe((ms) => {
    updates.push(ms);
    painted.onUpdate();
  });
  const began = performance.now();
  await sleep(RUN_MS);
  const seconds = (performance.now() - began) / 1000;
  const frames = watcher.stop().map((f) => f.ms);
  const withPaint = painted.stop();
  observer.disconnect();
  const perPane = (countUpdates() - updatesBefore) / PANES / seconds;
  const handled = [...updates];
  setLiveUpdateProbe(null);
  await sleep(500);
  const end = await pageMemory();
  await client.call('unsubscribeLive', 'bench-driver');

  const UPDATE =
    "a pane's handler (fold into the tail, series.update of three series, legend store) plus its share of the frame's microtasks (the legends' React commit); no peer";
  const WATCHED =
    'every frame, idle time included, up to the task after paint (which also waits behind queued worker messages); no peer';
  const metrics: BenchMetric[] = [
    {
      id: 'update.paint.p95',
      label: 'main-thread time per coalesced update, chart paint included, p95',
      includes: `the frame the updates are applied in and the next (where the charts paint them), first animation-frame callback to the task after paint, shared by the frame's updates (${PANES} panes); no peer`,
      unit: 'ms',
      ours: percentile(withPaint, 95),
      peer: Number.NaN,
    },
    {
      id: 'update.p95',
      label: 'main-thread time per coalesced update, p95',
      includes: UPDATE,
      unit: 'ms',
      ours: percentile(handled, 95),
      peer: Number.NaN,
    },
    {
      id: 'update.median',
      label: 'main-thread time per coalesced update, median',
      includes: UPDATE,
      unit: 'ms',
      ours: percentile(handled, 50),
      peer: Number.NaN,
    },
    {
      id: 'heap.end',
      label: `memory after ${RUN_MS / 1000} s (peer: at the start)`,
      includes:
        'page and worker heaps with array buffers (measureUserAgentSpecificMemory after gc), at the end and at the start',
      unit: 'bytes',
      ours: end.bytes,
      peer: start.bytes,
    },
    {
      // The browser's own measure of a frame's main-thread time; it reports only frames over 50 ms.
      id: 'frame.long.max',
      label: `longest frame over 50 ms in ${RUN_MS / 1000} s (0: none)`,
      includes: "long-animation-frame entries (a frame's main-thread time, from 50 ms); no peer",
      unit: 'ms',
      ours: longFrames.length > 0 ? Math.max(...longFrames) : 0,
      peer: Number.NaN,
    },
    {
      id: 'frame.watched.p95',
      label: 'frame, first callback to the task after paint, p95',
      includes: WATCHED,
      unit: 'ms',
      ours: percentile(frames, 95),
      peer: Number.NaN,
    },
    {
      // An upper bound: the task after paint also waits behind tasks queued before it.
      id: 'frame.watched.max',
      label: 'frame, first callback to the task after paint, max',
      includes: WATCHED,
      unit: 'ms',
      ours: Math.max(...frames),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'live-feed',
    metrics,
    details: {
      symbol: SYMBOL,
      panes: PANES,
      ticksPerSecond: TICKS_PER_SECOND,
      ticksPerBar: TICKS_PER_BAR,
      runSeconds: seconds,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      updatesPerPanePerSecond: perPane,
      update: distribution(handled),
      updateWithPaint: distribution(withPaint),
      frames: distribution(frames),
      watchedFramesOver50: frames.filter((ms) => ms > LONG_FRAME_MS).length,
      longAnimationFrames: longFrames.map((ms, i) => ({ ms, parts: longFrameParts[i] })),
      memory: { start, end, growth: (end.bytes - start.bytes) / start.bytes },
    },
  };
});
