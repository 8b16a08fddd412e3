/**
 * Workload `aggregation`: the data engine's aggregation, run on the page's thread with the engine's
 * own modules (the same code the worker runs).
 *
 * - M4 (workers/aggregate/m4.ts) over 1e3..1e7 points at 1920 columns, for the full range and for 100
 *   seeded zoom windows, against two peers on the same bytes in the same run: a bandwidth probe
 *   (`TypedArray.set` of the window's x and y) and the `downsample` package's LTTB (1920 points out).
 *   Issue goals (in bench/workloads.mjs, judged by the runner like every other): M4 over the full range
 *   within 2x of the probe from 1e5 points up, its first call (building the block index) and later
 *   calls as two rows; over the zoom windows within 2x of a slice of each window capped at 4 x width
 *   (M4's output contract met by copying), and one zoom request within 1 ms at p95; no slower than LTTB.
 * - M4 with the block min/max index the engine builds once per series (information).
 * - OHLC window lookups over SYN-1M (workers/aggregate/ohlc-levels.ts) against the unleveled one-pass
 *   merge of the window the engine used before levels.
 */
import { createLTTB } from 'downsample';
import type { BarColumns } from '../../core/bars/bar-columns';
import { m4 } from '../../workers/aggregate/m4';
import { buildMinMaxIndex, type MinMaxIndex } from '../../workers/aggregate/minmax-index';
import { barsInWindow, mergeGroups, nativeRange, ohlcLevels } from '../../workers/aggregate/ohlc-levels';
import { mulberry32 } from '../../workers/random';
import { generateSyntheticBars, SYNTHETIC_BARS } from '../../workers/synthetic';
import { type BenchMetric, type Distribution, distribution, publish, sleep } from './harness';
import { type Contender, race, takeSink } from './race';

const SIZES = [1e3, 1e4, 1e5, 1e6, 1e7];
const WIDTH = 1920;
const ZOOM_WINDOWS = 100;
/** downsample's LTTB builds an [x, y] array per point: at 1e7 that is gigabytes, so it stops here. */
const LTTB_MAX_POINTS = 1e6;
const OHLC_LOOKUPS = 100;
const OHLC_MAX_BARS = 2000;
const SEED = 0xa66_2026;

/** Outputs of the OHLC lookups, kept so no engine can drop the work as dead code. */
let sinkExtra = 0;
/** A seeded random walk on one-minute times: the shape of a price series, without its cost. */
function walk(n: number, random: () => number): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let value = 100;
  for (let i = 0; i < n; i++) {
    value += random() - 0.5;
    x[i] = 1_577_836_800 + i * 60;
    y[i] = value;
  }
  return { x, y };
}

/** Index windows with log-uniform lengths from 0.1 % of the series to all of it. */
function zoomWindows(n: number, random: () => number): [number, number][] {
  return Array.from({ length: ZOOM_WINDOWS }, () => {
    const length = Math.max(2, Math.round(n * 10 ** (-3 * random())));
    const start = Math.floor(random() * (n - length + 1));
    return [start, start + length];
  });
}

function lttbOver(x: Float64Array, y: Float64Array): (start: number, end: number) => number {
  return (start, end) => {
    const xs = x.subarray(start, end);
    const ys = y.subarray(start, end);
    const lttb = createLTTB<number>({
      x: (_point: number, i: number) => xs[i] as number,
      y: (_point: number, i: number) => ys[i] as number,
    });
    return lttb(xs, WIDTH).length;
  };
}

interface SizeResult {
  size: number;
  full: Record<string, number>;
  zoom: Record<string, number>;
  /** One zoom request at a time through the engine's path, every window three times. */
  zoomRequest: Distribution;
  indexBuildMs: number;
  /** Points in the 100 zoom windows together. */
  zoomPoints: number;
}

async function measureSize(size: number, random: () => number): Promise<SizeResult> {
  const { x, y } = walk(size, random);
  const probe = new Float64Array(2 * size);
  const indexStart = performance.now();
  const index: MinMaxIndex = buildMinMaxIndex(y);
  const indexBuildMs = performance.now() - indexStart;
  const lttb = size <= LTTB_MAX_POINTS ? lttbOver(x, y) : null;

  // The engine's getLine: a window by time (two binary searches), then M4 over it.
  const ours = (start: number, end: number, blocks: MinMaxIndex | null): number => {
    const range = nativeRange(x, x[start], x[end - 1]);
    const options = { start: range.start, end: range.end, ...(blocks ? { index: blocks } : {}) };
    return m4(x, y, WIDTH, options).x.length;
  };
  const copy = (start: number, end: number): number => {
    probe.set(x.subarray(start, end), 0);
    probe.set(y.subarray(start, end), end - start);
    return probe[0] as number;
  };
  // Information: the new x and y arrays ours hands back for a window (as many points as M4 gave it),
  // allocated and written once; no aggregation. Fresh memory is slow on these machines
  // (docs/headless-chromium.md): this is the part of `ours` no faster M4 can save.
  const outputLength = new Map<number, number>();
  const results = (start: number, end: number): number => {
    const key = start * (size + 1) + end;
    let length = outputLength.get(key);
    if (length === undefined) {
      length = ours(start, end, index);
      outputLength.set(key, length);
    }
    const rx = new Float64Array(length);
    const ry = new Float64Array(length);
    for (let i = 0; i < length; i++) {
      rx[i] = i;
      ry[i] = i;
    }
    return rx.length + ry.length;
  };
  // The user's first view of a series: the block index is built on the first line request.
  const first = (start: number, end: number): number => ours(start, end, buildMinMaxIndex(y));
  // The output contract of M4 met by copying: the window's points, at most four per column.
  const capped = (start: number, end: number): number => {
    const stop = Math.min(end, start + 4 * WIDTH);
    return x.slice(start, stop).length + y.slice(start, stop).length;
  };
  const contenders = (each: (run: (start: number, end: number) => number) => () => number): Contender[] => [
    { name: 'm4', run: each((a, b) => ours(a, b, null)) },
    { name: 'm4Indexed', run: each((a, b) => ours(a, b, index)) },
    { name: 'results', run: each(results) },
    { name: 'probe', run: each(copy) },
    { name: 'capped', run: each(capped) },
    ...(lttb ? [{ name: 'lttb', run: each(lttb) }] : []),
  ];

  // The result lengths are found before the rounds: the race sizes its samples from a first run.
  results(0, size);
  const full = await race([
    ...contenders((run) => () => run(0, size)),
    { name: 'm4First', run: () => first(0, size) },
  ]);
  const windows = zoomWindows(size, random);
  for (const [start, end] of windows) results(start, end);
  const zoom = await race(
    contenders((run) => () => windows.reduce((total, [start, end]) => total + run(start, end), 0)),
  );
  const zoomPoints = windows.reduce((total, [start, end]) => total + end - start, 0);
  const requests: number[] = [];
  for (let repeat = 0; repeat < 3; repeat++) {
    for (const [start, end] of windows) {
      const t = performance.now();
      sinkExtra += ours(start, end, index);
      requests.push(performance.now() - t);
    }
    await sleep(0);
  }
  return { size, full, zoom, zoomRequest: distribution(requests), indexBuildMs, zoomPoints };
}

/** The unleveled merge the engine used before levels: one pass over the window, every request. */
function onePassWindow(c: BarColumns, from: number, to: number, maxBars: number): number {
  const { start, end } = nativeRange(c.time, from, to);
  const factor = Math.max(1, Math.ceil((end - start) / maxBars));
  return mergeGroups(c, factor, start, end).time.length;
}

async function measureOhlc(random: () => number) {
  const spec = SYNTHETIC_BARS.find((s) => s.symbol === 'SYN-1M');
  if (!spec) throw new Error('SYN-1M is not defined');
  const generateStart = performance.now();
  const series = generateSyntheticBars({ count: spec.count, seed: spec.seed, symbol: spec.symbol });
  const generateMs = performance.now() - generateStart;
  const buildStart = performance.now();
  const pyramid = ohlcLevels(series);
  // Levels are merged on first use: every one of them here, as a zoom from the whole range down would.
  for (let i = 0; i < pyramid.count; i++) pyramid.level(i);
  const buildMs = performance.now() - buildStart;
  const n = series.time.length;
  const windows = zoomWindows(n, random).slice(0, OHLC_LOOKUPS);
  const ours: number[] = [];
  const peer: number[] = [];
  for (let repeat = 0; repeat < 3; repeat++) {
    for (const [start, end] of windows) {
      const from = series.time[start] as number;
      const to = series.time[end - 1] as number;
      let t = performance.now();
      sinkExtra += barsInWindow(spec.symbol, pyramid, { from, to, maxBars: OHLC_MAX_BARS }).time.length;
      ours.push(performance.now() - t);
      t = performance.now();
      sinkExtra += onePassWindow(series, from, to, OHLC_MAX_BARS);
      peer.push(performance.now() - t);
    }
    await sleep(0);
  }
  return {
    generateMs,
    buildMs,
    ours: distribution(ours),
    peer: distribution(peer),
    levels: pyramid.count,
  };
}

const exponent = (size: number): string => `1e${Math.round(Math.log10(size))}`;
const NO_PEER = Number.NaN;
/** Both sides run on the page's thread on the same arrays, in interleaved rounds (`race`). */
const WHERE = 'the window found by time (two binary searches)';
const OHLC_INCLUDES =
  'ours: barsInWindow on the prebuilt levels (build not included); peer: one merge pass over the window; 300 lookups each';

/**
 * The goal rows use the engine's path: M4 with the block min/max index the store builds once per
 * series (its build time is its own row). Plain M4 without the index is shown for information.
 */
function m4Metrics(results: SizeResult[]): BenchMetric[] {
  return results.flatMap(({ size, full, zoom, zoomRequest, indexBuildMs }) => {
    const e = exponent(size);
    const rows: BenchMetric[] = [
      {
        id: `m4.full.first.${e}`,
        label: `M4 ${e} pts, full range, first call (index built) vs TypedArray.set`,
        includes: `ours: ${WHERE}, the block index built, then M4 with it into ${WIDTH} columns (a series' first view); peer: TypedArray.set of the same x and y; median run`,
        unit: 'ms',
        ours: full.m4First ?? NO_PEER,
        peer: full.probe ?? NO_PEER,
      },
      {
        id: `m4.full.${e}`,
        label: `M4 ${e} pts, full range, later calls vs TypedArray.set`,
        includes: `ours: ${WHERE}, M4 with the block index built before into ${WIDTH} columns; peer: TypedArray.set of the same x and y; median run`,
        unit: 'ms',
        ours: full.m4Indexed ?? NO_PEER,
        peer: full.probe ?? NO_PEER,
      },
      {
        id: `m4.zoom.${e}`,
        label: `M4 ${e} pts, ${ZOOM_WINDOWS} zoom windows vs slice capped at 4 x width`,
        includes: `ours: ${WHERE}, M4 with the block index into ${WIDTH} columns (a window of <= 4 points a column copied as it is); peer: slice of each window's x and y capped at ${4 * WIDTH} points (the same output contract); median run of all windows`,
        unit: 'ms',
        ours: zoom.m4Indexed ?? NO_PEER,
        peer: zoom.capped ?? NO_PEER,
      },
      {
        id: `m4.zoom.request.p95.${e}`,
        label: `M4 ${e} pts, one zoom request, p95 (no peer)`,
        includes: `ours: ${WHERE} and M4 with the block index, one window at a time, ${ZOOM_WINDOWS} windows 3 times; p95; no peer`,
        unit: 'ms',
        ours: zoomRequest.p95,
        peer: NO_PEER,
      },
      {
        id: `m4.zoom.set.${e}`,
        label: `M4 ${e} pts, ${ZOOM_WINDOWS} zoom windows vs TypedArray.set (information)`,
        includes: `ours: as m4.zoom; peer: TypedArray.set of every window's whole x and y into a buffer made once; median run`,
        unit: 'ms',
        ours: zoom.m4Indexed ?? NO_PEER,
        peer: zoom.probe ?? NO_PEER,
      },
    ];
    const modes = [
      ['full', 'full range', full],
      ['zoom', `${ZOOM_WINDOWS} zoom windows`, zoom],
    ] as const;
    for (const [mode, what, t] of modes) {
      rows.push(
        {
          id: `m4.${mode}.${e}.lttb`,
          label: `M4 ${e} pts, ${what} vs downsample LTTB`,
          includes: `ours: ${WHERE}, M4 with the block index; peer: LTTB of the same points to ${WIDTH}${size > LTTB_MAX_POINTS ? ', not run above 1e6 points' : ''}; median run`,
          unit: 'ms',
          ours: t.m4Indexed ?? NO_PEER,
          peer: t.lttb ?? NO_PEER,
        },
        {
          id: `m4scan.${mode}.${e}`,
          label: `M4 without index ${e} pts, ${what} vs TypedArray.set`,
          includes: `ours: ${WHERE}, M4 scanning every point; peer: TypedArray.set of the same x and y; median run`,
          unit: 'ms',
          ours: t.m4 ?? NO_PEER,
          peer: t.probe ?? NO_PEER,
        },
        {
          id: `m4.results.${mode}.${e}`,
          label: `M4 ${e} pts, ${what}: its result arrays alone vs TypedArray.set (information: a floor under the M4 rows)`,
          includes: `ours: new x and y arrays of the length M4 gives each window, allocated and written once, no aggregation; peer: TypedArray.set of the window's x and y into a buffer made once; median run`,
          unit: 'ms',
          ours: t.results ?? NO_PEER,
          peer: t.probe ?? NO_PEER,
        },
      );
    }
    rows.push({
      id: `m4.index.${e}`,
      label: `M4 block index of ${e} pts, built once per series (information)`,
      includes: 'buildMinMaxIndex over the y values, once; no peer',
      unit: 'ms',
      ours: indexBuildMs,
      peer: NO_PEER,
    });
    return rows;
  });
}

/** Points per second and the ratios the goal rows judge, per size and mode (the verdicts are the runner's). */
function throughput(results: SizeResult[]) {
  return results.flatMap(({ size, full, zoom, zoomPoints }) =>
    (
      [
        ['full', full],
        ['zoom', zoom],
      ] as const
    ).map(([mode, t]) => {
      const m4Ms = t.m4Indexed ?? NO_PEER;
      return {
        points: size,
        mode,
        m4PointsPerSecond: Math.round(((mode === 'zoom' ? zoomPoints : size) / m4Ms) * 1000),
        m4OverProbe: m4Ms / (t.probe ?? NO_PEER),
        m4OverLttb: t.lttb === undefined ? null : m4Ms / t.lttb,
      };
    }),
  );
}

publish(async () => {
  const random = mulberry32(SEED);
  const sizes: SizeResult[] = [];
  for (const size of SIZES) {
    sizes.push(await measureSize(size, random));
    await sleep(0);
  }
  const ohlc = await measureOhlc(random);
  const metrics: BenchMetric[] = [
    ...m4Metrics(sizes),
    {
      id: 'ohlc.window.p50',
      label: `OHLC window, SYN-1M, maxBars ${OHLC_MAX_BARS}, median vs one-pass merge`,
      includes: OHLC_INCLUDES,
      unit: 'ms',
      ours: ohlc.ours.p50,
      peer: ohlc.peer.p50,
    },
    {
      id: 'ohlc.window.p95',
      label: `OHLC window, SYN-1M, maxBars ${OHLC_MAX_BARS}, p95 vs one-pass merge`,
      includes: OHLC_INCLUDES,
      unit: 'ms',
      ours: ohlc.ours.p95,
      peer: ohlc.peer.p95,
    },
    {
      id: 'ohlc.levels.build',
      label: 'OHLC levels of SYN-1M, every one merged (information)',
      includes: 'ohlcLevels of the generated million bars with each level merged from them, once; no peer',
      unit: 'ms',
      ours: Math.round(ohlc.buildMs * 100) / 100,
      peer: NO_PEER,
    },
  ];
  return {
    workload: 'aggregation',
    metrics,
    details: {
      width: WIDTH,
      zoomWindows: ZOOM_WINDOWS,
      lttbMaxPoints: LTTB_MAX_POINTS,
      throughput: throughput(sizes),
      medians: sizes,
      ohlc,
      sink: takeSink() + sinkExtra,
    },
  };
});
