/**
 * Workload `interval-switch` (issue 45): a candlestick pane of the real app on SYN-10M (ten million
 * one-minute bars, made by the data worker), switched to 5-minute bars as a trader does, and back and
 * forth between intervals the worker has already made. Each switch is timed from the command to the
 * first painted frame that shows the new bars (the worker's answer and the chart's `setData` and paint
 * included), as the user sees it.
 */
import { flushSync } from 'react-dom';
import { type BenchMetric, distribution, percentile, publish, sleep, waitFor } from './harness';
import { chartElement, firstFrameOf, mountWorkstation } from './workstation-page';

const SYMBOL = 'SYN-10M';
/** Switches back and forth between the cached intervals after the first 5m view. */
const ROUNDS = 6;
const PAUSE_MS = 800;

publish(async () => {
  const bench = await mountWorkstation('candlestick', [SYMBOL]);
  const paneId = bench.paneIds[0] as string;
  const element = chartElement(paneId);
  await waitFor(() => element.dataset.live === 'true', `${SYMBOL} shown and live`, 180_000);
  await sleep(2000);
  const switchTo = async (interval: string | null): Promise<number> => {
    const shown = firstFrameOf(SYMBOL);
    const start = performance.now();
    flushSync(() => bench.workstation.run('set-chart-interval', { paneId, interval }));
    return (await shown) - start;
  };
  const intervalShown = () => {
    const pane = bench.store.reader.getDocument().panes[paneId];
    return (pane?.settings as { interval?: string | null } | undefined)?.interval ?? null;
  };

  const first5m = await switchTo('5m');
  await sleep(PAUSE_MS);
  const cached: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    cached.push(await switchTo(null));
    await sleep(PAUSE_MS);
    cached.push(await switchTo('5m'));
    await sleep(PAUSE_MS);
  }
  if (intervalShown() !== '5m') throw new Error(`The pane shows ${intervalShown()}, not 5m bars`);

  const metrics: BenchMetric[] = [
    {
      id: 'first5m.ms',
      label: `first 5m view of ${SYMBOL}, command to painted (no peer)`,
      includes:
        'set-chart-interval to the first painted frame after the chart was handed the 5m bars: the worker resampling 10M one-minute bars (NYSE session buckets) and merging the level in view, the transfer, setData and paint; one run, the first of the page',
      unit: 'ms',
      ours: first5m,
      peer: Number.NaN,
    },
    {
      id: 'cachedSwitch.max',
      label: `switch between cached intervals (1m, 5m) of ${SYMBOL}, command to painted, worst (no peer)`,
      includes: `set-chart-interval to the first painted frame after the chart was handed the bars, the interval made before; ${2 * ROUNDS} switches, the worst`,
      unit: 'ms',
      ours: Math.max(...cached),
      peer: Number.NaN,
    },
    {
      id: 'cachedSwitch.p50',
      label: `switch between cached intervals of ${SYMBOL}, median (information)`,
      includes: `as above; median of ${2 * ROUNDS} switches`,
      unit: 'ms',
      ours: percentile(cached, 50),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'interval-switch',
    metrics,
    details: { symbol: SYMBOL, first5m, cached: distribution(cached), switches: cached },
  };
});
