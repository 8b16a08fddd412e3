/**
 * Workload `resample`: the engine's resampling (workers/aggregate/resample.ts) of SYN-10M, ten million
 * one-minute bars, to the intervals a trader picks, run on the page's thread with the engine's own
 * module (the same code the worker runs), against a plain single pass over the same six typed arrays
 * (reading every bar's time, open, high, low, close and volume once), in the same run.
 *
 * Issue 14's goal (bench/workloads.mjs), as issue 45 restated it: within 2x of that pass, both writing
 * their bars into columns made once (a level the worker rebuilds goes into columns it keeps), for UTC
 * buckets and for buckets that count from the NYSE session open in New York time (the path the store
 * takes for the simulated symbols). Resampling into new columns, keeping only in-session bars
 * (sessionBars) and writing a large result's new columns alone are shown for information: fresh
 * memory is mapped and zeroed page by page as it is first written, which no fold can save.
 */

import { allocateColumns, type BarColumns } from '../../core/bars/bar-columns';
import { type Interval, intervalText } from '../../core/bars/interval';
import { NYSE } from '../../core/sessions/trading-session';
import { resampleBars, resampleBound, sessionBars } from '../../workers/aggregate/resample';
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
/**
 * Rounds of each race: every run makes up to 96 MB of garbage, and when the collector takes it back
 * (and which run's new columns fault their pages in again) moves single runs by half; seven rounds,
 * each in another order, give a median that holds from run to run.
 */
const ROUNDS = 7;
/** Results of at least this many bars get a row for writing their columns alone. */
const WRITE_ROW_FROM = 100_000;

/**
 * Information, not a contender: new columns of `count` bars, each value written once. Any resample
 * that hands back new columns pays this (fresh memory is mapped and zeroed page by page as it is
 * first written), so it is the floor under `ours` for the intervals with many bars out.
 */
function writeColumns(count: number): number {
  const c = allocateColumns(count);
  const { time, open, high, low, close, volume } = c;
  for (let i = 0; i < count; i++) {
    time[i] = i;
    open[i] = i;
    high[i] = i;
    low[i] = i;
    close[i] = i;
    volume[i] = i;
  }
  return c.time.length;
}

/**
 * Information, not a contender: the least any resample into new columns does. Each bar's high and low
 * can be its bucket's extreme and each volume is summed, so those three columns are read for every
 * bar; the `count` buckets' new columns are written; no comparisons. Buckets are even runs of bars.
 */
function mustReadAndWrite(c: BarColumns, count: number): number {
  const out = allocateColumns(count);
  const { high, low, volume } = c;
  const n = high.length;
  const per = n / count;
  let sum = 0;
  let j = 0;
  let next = per;
  for (let i = 0; i < n; i++) {
    sum += (high[i] as number) + (low[i] as number) + (volume[i] as number);
    if (i + 1 >= next) {
      out.time[j] = sum;
      out.open[j] = sum;
      out.high[j] = sum;
      out.low[j] = sum;
      out.close[j] = sum;
      out.volume[j] = sum;
      j++;
      next += per;
    }
  }
  return j;
}

/**
 * The peer of the goal rows: the plain pass, writing `count` bars (one every n / count bars, their
 * values the running checksum) into columns made once and reused, as the resample writes its buckets.
 */
function plainPassInto(c: BarColumns, out: BarColumns, count: number): number {
  const { time, open, high, low, close, volume } = c;
  const n = time.length;
  const per = n / count;
  let sum = 0;
  let j = 0;
  let next = per;
  for (let i = 0; i < n; i++) {
    sum += (time[i] as number) + (open[i] as number) + (high[i] as number);
    sum += (low[i] as number) + (close[i] as number) + (volume[i] as number);
    if (i + 1 >= next) {
      out.time[j] = sum;
      out.open[j] = sum;
      out.high[j] = sum;
      out.low[j] = sum;
      out.close[j] = sum;
      out.volume[j] = sum;
      j++;
      next += per;
    }
  }
  return j;
}

/** One pass over the six columns, each value read once (a checksum so it is not dropped). */
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
    const count = resampleBars(bars, interval).time.length;
    // Columns made once, as a level rebuilt in the worker's kept columns is: the most either resample
    // can write, and the peer's as many bars as the resample gives.
    const kept = allocateColumns(
      Math.max(resampleBound(bars, interval, null), resampleBound(bars, interval, NYSE)),
    );
    const peerKept = allocateColumns(count);
    const t = await race(
      [
        { name: 'utc', run: () => resampleBars(bars, interval, null, kept).time.length },
        { name: 'session', run: () => resampleBars(bars, interval, NYSE, kept).time.length },
        { name: 'passInto', run: () => plainPassInto(bars, peerKept, count) },
        { name: 'utcFresh', run: () => resampleBars(bars, interval).time.length },
        { name: 'sessionFresh', run: () => resampleBars(bars, interval, NYSE).time.length },
        { name: 'pass', run: () => plainPass(bars) },
        { name: 'write', run: () => writeColumns(count) },
        ...(count >= WRITE_ROW_FROM ? [{ name: 'floor', run: () => mustReadAndWrite(bars, count) }] : []),
      ],
      ROUNDS,
    );
    medians[text] = t;
    metrics.push(
      {
        id: `resample.10m.${text}`,
        label: `Resample SYN-10M to ${text} into kept columns vs a plain pass writing kept columns`,
        includes: `ours: resampleBars of the 10M held one-minute bars (UTC buckets) into columns made once for it (a level the worker rebuilds in columns it keeps); peer: one loop reading the same six Float64Arrays once and writing the ${count} bars into columns made once; median run`,
        unit: 'ms',
        ours: t.utc ?? NO_PEER,
        peer: t.passInto ?? NO_PEER,
      },
      {
        id: `resample.10m.${text}.session`,
        label: `Resample SYN-10M to ${text} from the NYSE open into kept columns vs a plain pass writing kept columns`,
        includes:
          'ours: resampleBars with the NYSE session (buckets from each open in New York time) into columns made once for it; peer: the same plain pass writing kept columns; median run',
        unit: 'ms',
        ours: t.session ?? NO_PEER,
        peer: t.passInto ?? NO_PEER,
      },
      {
        id: `resample.10m.${text}.fresh`,
        label: `Resample SYN-10M to ${text} into new columns vs a plain pass (information: a level made the first time)`,
        includes:
          'ours: resampleBars of the 10M held one-minute bars (UTC buckets), new columns out; peer: one loop reading the same six Float64Arrays once, nothing written; median run',
        unit: 'ms',
        ours: t.utcFresh ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      },
      {
        id: `resample.10m.${text}.session.fresh`,
        label: `Resample SYN-10M to ${text} from the NYSE open into new columns vs a plain pass (information)`,
        includes:
          'ours: resampleBars with the NYSE session, new columns out; peer: the same plain pass, nothing written; median run',
        unit: 'ms',
        ours: t.sessionFresh ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      },
    );
    // Shown where the result is large enough to matter (5m: 2M bars, 96 MB of new columns).
    if (count >= WRITE_ROW_FROM) {
      metrics.push({
        id: `resample.10m.${text}.write`,
        label: `Write the ${text} result's new columns alone vs a plain pass (information: a floor under the new-column rows)`,
        includes: `ours: new columns of the ${count} bars out, each value written once, no reading; peer: the same plain pass; median run`,
        unit: 'ms',
        ours: t.write ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      });
      metrics.push({
        id: `resample.10m.${text}.floor`,
        label: `Read each bar's high, low and volume and write the ${text} result's new columns, no folding, vs a plain pass (information: the floor of any resample into new columns)`,
        includes: `ours: one loop reading three of the six columns of the 10M bars and writing new columns of the ${count} bars, no comparisons; peer: the same plain pass; median run`,
        unit: 'ms',
        ours: t.floor ?? NO_PEER,
        peer: t.pass ?? NO_PEER,
      });
    }
    await sleep(0);
  }
  const trim = await race(
    [
      { name: 'session', run: () => sessionBars(bars, NYSE).time.length },
      { name: 'pass', run: () => plainPass(bars) },
    ],
    ROUNDS,
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
