/**
 * Workload `clickhouse-scroll` (issue 46: "Scrolling back through five years of 1m bars at a steady
 * speed: no main-thread task over 50 ms, and frames that show the chart waiting at its loading edge
 * under 5 %. Worker heap after scrolling through all of it: within 1.2x of the heap after the first
 * view."). A candlestick pane of the real app charts XBT-USD's one-minute bars from the bench's
 * ClickHouse (5M trades over five years) and is panned back at a steady speed, as a held arrow key
 * or a steady drag does, for at most `SCROLL_MS`; the history pages in as the view nears its first
 * bar. Every frame is counted: those whose view sits at the first bar held while the source has
 * more are frames the user waits at the loading edge. The worker's memory (JS heap and array buffers,
 * measureUserAgentSpecificMemory) is read after the first view and after the scroll.
 */

import { getEngineClient } from '../../src/data/engine-client';
import { pageMemory } from './frame-probe';
import { type BenchMetric, publish, sleep, waitFor } from './harness';
import { longestTask, startMainThreadProbe } from './main-thread-probe';
import { chartElement, firstFrameOf, mountWorkstation, onSetData } from './workstation-page';

const SYMBOL = 'XBT-USD';
/** Screens of bars panned back a second: a steady drag, or an arrow key held. */
const SCREENS_PER_SECOND = 2;
/** The scroll stops after this long even if the first trade is not in view yet (the row says how far). */
const SCROLL_MS = 60_000;
const DAY = 86_400;

publish(async () => {
  const engine = getEngineClient();
  const bench = await mountWorkstation('candlestick', ['SPX']);
  const paneId = bench.paneIds[0] as string;
  let listed = false;
  await waitFor(
    () => {
      void engine.call('listSymbols').then((infos) => {
        listed = infos.some((s) => s.symbol === SYMBOL);
      });
      return listed;
    },
    `${SYMBOL} listed by the history source`,
    30_000,
  );
  const shown = firstFrameOf(SYMBOL);
  bench.setSymbol(paneId, SYMBOL);
  await shown;
  // The span is known once the first page came: the symbol's first trade.
  const info = (await engine.call('listSymbols')).find((s) => s.symbol === SYMBOL);
  const firstTrade = info?.first ?? Number.NaN;
  await sleep(1500);
  const atFirstView = await pageMemory();
  const chart = bench.chart(paneId);
  const element = chartElement(paneId);
  const lastTime = (): number => {
    const times = chart.times();
    return times.length > 0 ? (times[times.length - 1] as number) : Number.NaN;
  };
  const latest = lastTime();

  // Each time the pane is handed bars while scrolling: the view's width in minutes (the time at the
  // plot's edges) before and after (the view kept should keep its width).
  const swaps: string[] = [];
  const minutesWide = (): string => {
    const view = chart.keptView();
    return view ? ((Math.min(view.to, lastTime()) - view.from) / 60).toFixed(0) : '-';
  };
  // Each page: from the pane asking for it to the pane shown with it (its first bar earlier).
  const pageMs: number[] = [];
  let askedAt: number | null = null;
  let firstShown = chart.times()[0] ?? Number.NaN;
  const asks = new MutationObserver(() => {
    if (element.dataset.earlierHistory === 'asking') askedAt = performance.now();
  });
  asks.observe(element, { attributes: true, attributeFilter: ['data-earlier-history'] });
  const stopSwaps = onSetData((c, bars) => {
    if (c !== chart) return;
    const first = bars.time[0] ?? Number.NaN;
    if (first < firstShown && askedAt !== null) {
      pageMs.push(performance.now() - askedAt);
      askedAt = null;
    }
    firstShown = Math.min(firstShown, first);
    if (swaps.length > 40) return;
    const before = minutesWide();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        swaps.push(
          `${((performance.now() - start) / 1000).toFixed(1)} s: ${bars.time.length} bars, factor ${bars.factor} whole, view ${before} -> ${minutesWide()} minutes wide`,
        );
      }),
    );
  });
  const probe = startMainThreadProbe();
  let frames = 0;
  let waiting = 0;
  let reachedFirst = false;
  let earliestInView = Number.POSITIVE_INFINITY;
  /** Where the view was every 5 s: for reading a scroll that stalled. */
  const trail: string[] = [];
  let nextTrail = 0;
  const start = performance.now();
  let before = start;
  await new Promise<void>((resolve) => {
    const step = (now: number): void => {
      const range = chart.visibleLogicalRange();
      const times = chart.times();
      if (range && times.length > 0) {
        frames++;
        const index = Math.max(0, Math.min(times.length - 1, Math.floor(range.from)));
        const inView = times[index] as number;
        earliestInView = Math.min(earliestInView, inView);
        const atEdge = range.from <= 0.5;
        const heldAll = (times[0] as number) <= firstTrade;
        if (atEdge && heldAll) reachedFirst = true;
        // At the first bar held while the source has more: the user waits for the next page.
        else if (atEdge) waiting++;
        if (now - start >= nextTrail) {
          nextTrail += 5000;
          trail.push(
            `${((now - start) / 1000).toFixed(0)} s: bars ${range.from.toFixed(0)}..${range.to.toFixed(0)} of ${times.length} at factor ${element.dataset.factorInView ?? '?'} from ${new Date((times[0] as number) * 1000).toISOString().slice(0, 16)}, ${element.dataset.earlierHistory ?? '-'}`,
          );
        }
        chart.nav.pan(-SCREENS_PER_SECOND * ((now - before) / 1000));
      }
      before = now;
      if (reachedFirst || now - start >= SCROLL_MS) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const scrolledMs = performance.now() - start;
  stopSwaps();
  asks.disconnect();
  const reading = await probe.stop();
  // The pages asked for settle, then the worker's memory is read as after the first view.
  await sleep(1500);
  const afterScroll = await pageMemory();
  const days = (latest - earliestInView) / DAY;
  const state = element.dataset.earlierHistory ?? 'none';

  const metrics: BenchMetric[] = [
    {
      id: 'scroll.longestTask',
      label: `longest main-thread task while scrolling ${SYMBOL}'s 1m bars back at ${SCREENS_PER_SECOND} screens a second (0: none over 50 ms)`,
      includes: `longtask entries over the scroll (${(scrolledMs / 1000).toFixed(1)} s): the panning, the pages paged in and the pane loading again with them; no peer`,
      unit: 'ms',
      ours: longestTask(reading),
      peer: Number.NaN,
    },
    {
      id: 'scroll.waiting',
      label: 'frames showing the chart waiting at its loading edge while scrolling back, % of frames',
      includes: `every frame of the scroll (${frames}): those whose view's left edge is at the first bar held while the source holds earlier ones, as a share; no peer`,
      unit: 'count',
      ours: frames > 0 ? Math.round((1000 * waiting) / frames) / 10 : Number.NaN,
      peer: Number.NaN,
    },
    {
      id: 'scroll.reach',
      label: `days of history scrolled through (information; the symbol has ${Math.round((latest - firstTrade) / DAY)})`,
      includes: `from the latest bar to the earliest in view, in days, after ${(scrolledMs / 1000).toFixed(1)} s (stopped at ${SCROLL_MS / 1000} s or at the first trade${reachedFirst ? ': reached' : ': not reached'}); paging state at the end: ${state}`,
      unit: 'count',
      ours: Math.round(days),
      peer: Number.NaN,
    },
    {
      id: 'scroll.workerMemory',
      label: 'worker memory after the scroll vs after the first view',
      includes: `the data worker's JS heap and array buffers (measureUserAgentSpecificMemory), ours after the scroll and 1.5 s of rest, peer after the first view and 1.5 s of rest (${atFirstView.method})`,
      unit: 'bytes',
      ours: afterScroll.workerBytes ?? Number.NaN,
      peer: atFirstView.workerBytes ?? Number.NaN,
    },
  ];
  return {
    workload: 'clickhouse-scroll',
    metrics,
    details: {
      frames,
      waiting,
      trail,
      swaps,
      pages: {
        count: pageMs.length,
        askToShownMs: pageMs.map((ms) => Math.round(ms)),
      },
      reachedFirst,
      scrolledMs,
      days,
      longTasks: reading.longTasks.length,
      longestTasks: reading.longTasks
        .map((t) => t.duration)
        .sort((a, b) => b - a)
        .slice(0, 10),
      memory: { atFirstView, afterScroll },
    },
  };
});
