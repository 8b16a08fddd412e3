/**
 * Workload `resample`: the engine's resampling (workers/aggregate/resample.ts) of SYN-10M, ten million
 * one-minute bars, to the intervals a trader picks, run on the page's thread with the engine's own
 * module (the same code the worker runs), against a plain single pass over the same six typed arrays
 * (reading every bar's time, open, high, low, close and volume once), in the same run.
 *
 * Issue 14's goal (bench/workloads.mjs): within 2x of that pass, for UTC buckets and for buckets that
 * count from the NYSE session open in New York time (the path the store takes for the simulated
 * symbols). Keeping only in-session bars (sessionBars) is shown for information.
 */
import { type Interval, intervalText } from '../../workers/aggregate/interval';
import type { BarColumns } from '../../workers/aggregate/ohlc-levels';
import { resampleBars, sessionBars } from '../../workers/aggregate/resample';
import { NYSE } from '../../workers/sessions/trading-session';
import { generateSyntheticBars, SYNTHETIC_BARS } from '../../workers/synthetic';
import { type BenchMetric, publish, sleep } from './harness';
import { race, takeSink } from './race';

const INTERVALS: Interval[] = [
  { count: 5, unit: 'm' },
  { count: 1, unit: 'h' },
  { count: 1, unit: 'D' },
  { count: 1, unit: 'W' },
];
const NO_PEER = Number.NaN;

/** The peer: one pass over the six columns, each value read once (a checksum so it is not dropped). */
function plainPass(c: BarColumns): number {
  const { time, open, high, low, close, volume } = c;
  let sum = 0;
  for (let i = 0; i < time.length; i++) {
    sum += (time[i] as number) + (open[i] as number) + (high[i] as number);
    sum += (low[i] as number) + (close[i] as number) + (volume[i] as number);
  }
  return sum;
}

publish(async () => {
  const spec = SYNTHETIC_BARS.find((s) => s.symbol === 'SYN-10M');
  if (!spec) throw new Error('SYN-10M is not defined');
  const generateStart = performance.now();
  const bars = generateSyntheticBars({ count: spec.count, seed: spec.seed, symbol: spec.symbol });
  const generateMs = performance.now() - generateStart;
  await sleep(0);

  const metrics: BenchMetric[] = [];
  const medians: Record<string, Record<string, number>> = {};
  for (const interval of INTERVALS) {
    const text = intervalText(interval);
    const t = await race(
      [
        { name: 'utc', run: () => resampleBars(bars, interval).time.length },
        { name: 'session', run: () => resampleBars(bars, interval, NYSE).time.length },
        { name: 'pass', run: () => plainPass(bars) },
      ],
      3,
    );
    medians[text] = t;
    metrics.push(
      {
        id: `resample.10m.${text}`,
        label: `Resample SYN-10M to ${text} vs a plain pass`,
        includes:
          'ours: resampleBars of the 10M held one-minute bars (UTC buckets), new columns out; peer: one loop reading the same six Float64Arrays once; median run',
        unit: 'ms',
        ours: t.utc ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      },
      {
        id: `resample.10m.${text}.session`,
        label: `Resample SYN-10M to ${text} from the NYSE open vs a plain pass`,
        includes:
          'ours: resampleBars with the NYSE session (buckets from each open in New York time), new columns out; peer: the same plain pass; median run',
        unit: 'ms',
        ours: t.session ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      },
    );
    await sleep(0);
  }
  const trim = await race(
    [
      { name: 'session', run: () => sessionBars(bars, NYSE).time.length },
      { name: 'pass', run: () => plainPass(bars) },
    ],
    3,
  );
  metrics.push({
    id: 'resample.10m.sessionOnly',
    label: 'Keep the in-session bars of SYN-10M vs a plain pass (information)',
    includes: 'ours: sessionBars (the NYSE hours) into new columns; peer: the same plain pass; median run',
    unit: 'ms',
    ours: trim.session ?? NO_PEER,
    peer: trim.pass ?? NO_PEER,
  });
  return {
    workload: 'resample',
    metrics,
    details: { bars: spec.count, generateMs, medians, sessionOnly: trim, sink: takeSink() },
  };
});
