/**
 * Workload `drawings-1m` (issue 13): 1,000 drawings of every tool (trend lines, rays, rectangles,
 * Fibonacci retracements, measurers, lines) on a SYN-1M candlestick pane of the real app, most in view
 * and some far off it. What they add to pan and zoom frames at p95 (the same seeded gestures with and
 * without them, by undo and redo, each gesture's settle frame counted: gesture-mix.ts), what a
 * hit-test under the pointer costs, and the heap one drawing's history step keeps alive.
 */
import { flushSync } from 'react-dom';
import type { FinancialChart } from '../../src/panes/financial/financial-chart';
import { addAnnotation, createDrawing, moveAnnotation } from '../../src/state/annotation-edits';
import { ANNOTATION_KINDS, anchorCount } from '../../src/state/drawing-kinds';
import { RECORD } from '../../src/state/history';
import type { WorkspaceDocument } from '../../src/state/workspace-document';
import { forgetOldStates } from './forget-old-states';
import { median, timeStepFrames } from './frame-probe';
import { type GestureFrames, gestureMix, playGestures, SETTLE_WATCH_MS } from './gesture-mix';
import {
  type BenchMetric,
  distribution,
  liveHeapBytes,
  percentile,
  publish,
  seededRandom,
  sleep,
  waitFor,
} from './harness';
import { chartElement, mountWorkstation } from './workstation-page';

const SYMBOL = 'SYN-1M';
const DRAWINGS = 1000;
/** A share of the drawings lies far outside the view in time: drawn nowhere, still in the document. */
const OFF_SCREEN_SHARE = 0.3;
/** Crosshair moves a round. */
const STEPS = 36;
/** Rounds of the seeded gestures without, then with, the drawings (a busy moment costs both). */
const ROUNDS = 4;
/** Gestures a round, drawn anew each round from the seed (gesture-mix.ts). */
const GESTURES = 10;
const HIT_TESTS = 2000;
const HEAP_STEPS = 50;
const HEAP_ROUNDS = 3;
const SEED = 0x0d1a_3b05;

type Gesture = (chart: FinancialChart, i: number) => void;
const pan: Gesture = (chart, i) => chart.nav.pan(i % 2 === 0 ? 0.01 : -0.01);
/** The crosshair moves over the plot (as the pointer moves it): the chart's top canvas is painted again. */
const crosshair: Gesture = (chart, i) => {
  const at = chart.pointAt(40 + ((i * 97) % 600), 60 + ((i * 53) % 300));
  if (at) chart.showPoint(at);
};

async function frames(chart: FinancialChart, gesture: Gesture): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < STEPS; i++) out.push((await timeStepFrames(() => gesture(chart, i))).frameMs);
  return out;
}

publish(async () => {
  const bench = await mountWorkstation('candlestick', [SYMBOL]);
  const paneId = bench.paneIds[0] as string;
  const { store } = bench;
  const element = chartElement(paneId);
  await waitFor(() => element.dataset.live === 'true', `${SYMBOL} shown and live`, 30_000);
  await sleep(500);
  const chart = bench.chart(paneId);
  const plot = { width: element.clientWidth - 80, height: element.clientHeight * 0.65 };
  const times = chart.times();
  const span = (times[times.length - 1] as number) - (times[0] as number);
  await frames(chart, pan);

  const random = seededRandom(SEED);
  const pointIn = () => {
    const at = chart.pointAt(20 + random() * (plot.width - 40), 20 + random() * (plot.height - 40));
    if (!at) throw new Error('No chart point to anchor a drawing at');
    // Off-screen drawings: the same shape a long way back in time.
    return at;
  };
  flushSync(() =>
    store.apply((doc) => {
      let next: WorkspaceDocument = doc;
      for (let i = 0; i < DRAWINGS; i++) {
        const kind = ANNOTATION_KINDS[i % ANNOTATION_KINDS.length] as (typeof ANNOTATION_KINDS)[number];
        const shift = random() < OFF_SCREEN_SHARE ? span * 0.3 : 0;
        const points = Array.from({ length: anchorCount(kind) }, () => {
          const p = pointIn();
          return { time: p.time - shift, price: p.price };
        });
        next = addAnnotation(next, createDrawing(paneId, kind, points));
      }
      return next;
    }, RECORD),
  );
  await sleep(300);
  const paneRoot = document.querySelector(`[data-pane-id="${paneId}"]`);
  const count = () => Number(paneRoot?.getAttribute('data-annotation-count'));
  if (count() !== DRAWINGS) throw new Error(`The pane shows ${count()} drawings, not ${DRAWINGS}`);

  const measured = {
    without: { pan: [], zoom: [], settle: [] } as GestureFrames,
    with: { pan: [], zoom: [], settle: [] } as GestureFrames,
    crosshair: { without: [] as number[], with: [] as number[] },
  };
  // Every round's gestures start from this view (the pans and zooms of a round move it far).
  const home = chart.nav.visibleBars();
  if (!home) throw new Error('The chart shows no range to start the gestures from');
  const goHome = () => chart.nav.show(home);
  const pool = (into: GestureFrames, frames: GestureFrames) => {
    into.pan.push(...frames.pan);
    into.zoom.push(...frames.zoom);
    into.settle.push(...frames.settle);
  };
  await frames(chart, pan);
  for (let round = 0; round < ROUNDS; round++) {
    const gestures = gestureMix(SEED + round, GESTURES);
    flushSync(() => store.undo());
    if (count() !== 0) throw new Error('Undo did not remove the drawings');
    await sleep(100);
    pool(measured.without, await playGestures(chart, gestures, goHome));
    goHome();
    measured.crosshair.without.push(...(await frames(chart, crosshair)));
    flushSync(() => store.redo());
    if (count() !== DRAWINGS) throw new Error('Redo did not bring the drawings back');
    await sleep(100);
    pool(measured.with, await playGestures(chart, gestures, goHome));
    goHome();
    measured.crosshair.with.push(...(await frames(chart, crosshair)));
  }
  goHome();
  await sleep(SETTLE_WATCH_MS);

  // Hit-tests at seeded points of the plot, as the pointer's hover asks for them (one per move).
  let hits = 0;
  const hitStart = performance.now();
  for (let i = 0; i < HIT_TESTS; i++) {
    if (chart.annotationAt(random() * plot.width, random() * plot.height)) hits += 1;
  }
  const hitMs = (performance.now() - hitStart) / HIT_TESTS;
  if (hits === 0) throw new Error('No hit-test found a drawing: the test would measure nothing');

  // The heap one step keeps: 50 recorded moves of one drawing each, then the history dropped; three
  // rounds, their median. What the history holds is what dropping it frees, but the live series frees
  // and grows buffers of its own between the two readings (SYN-1M is live: its bars and quotes arrive
  // through the measurement): one round of a full run read 12,440 B a move where runs of the workload
  // alone read 3,500.
  const ids = Object.keys(store.reader.getDocument().annotations);
  const rounds: { before: number; after: number; dropped: number; perStep: number }[] = [];
  let method = '';
  for (let round = 0; round < HEAP_ROUNDS; round++) {
    await sleep(1500);
    const before = await liveHeapBytes();
    method = before.method;
    for (let i = 0; i < HEAP_STEPS; i++) {
      const id = ids[(i * 17 + round) % ids.length] as string;
      const a = store.reader.getDocument().annotations[id];
      const place = a?.points
        ? { points: a.points.map((p) => ({ time: p.time, price: p.price + 1 })) }
        : { time: a?.time, price: (a?.price ?? 0) + 1 };
      flushSync(() => store.apply((doc) => moveAnnotation(doc, id, place), RECORD));
    }
    await sleep(1500);
    const after = await liveHeapBytes();
    forgetOldStates(store);
    await sleep(1500);
    const dropped = await liveHeapBytes();
    rounds.push({
      before: before.bytes,
      after: after.bytes,
      dropped: dropped.bytes,
      perStep: (after.bytes - dropped.bytes) / HEAP_STEPS,
    });
  }
  const bytesPerStep = median(rounds.map((r) => r.perStep));

  const p95 = (values: number[]) => percentile(values, 95);
  const GESTURE_INCLUDES = `${ROUNDS} rounds of ${GESTURES} seeded gestures (pans one way of 6 to 20 steps of 1 to 4 % of the width, wheel zooms in and out of 3 to 12 steps of 2 to 8 %), every step's frame and the next (dearer of the two) and each gesture's settle frame`;
  const metrics: BenchMetric[] = [
    {
      id: 'pan.frame.p95',
      label: `pan frame, p95, ${DRAWINGS} drawings (peer: none)`,
      includes: `the same app and gestures; ours: with ${DRAWINGS} drawings of every tool (redo); peer: without them (undo); ${GESTURE_INCLUDES}`,
      unit: 'ms',
      ours: p95(measured.with.pan),
      peer: p95(measured.without.pan),
    },
    {
      id: 'pan.addedMs.p95',
      label: `frame time ${DRAWINGS} drawings add to a pan, p95, settle frame included`,
      includes: `p95 of the pan frames with the drawings minus p95 without; ${GESTURE_INCLUDES}; no peer`,
      unit: 'ms',
      ours: p95(measured.with.pan) - p95(measured.without.pan),
      peer: Number.NaN,
    },
    {
      id: 'zoom.addedMs.p95',
      label: `frame time ${DRAWINGS} drawings add to a zoom, p95, settle frame included`,
      includes: `p95 of the zoom frames (level swaps included) with the drawings minus p95 without; ${GESTURE_INCLUDES}; no peer`,
      unit: 'ms',
      ours: p95(measured.with.zoom) - p95(measured.without.zoom),
      peer: Number.NaN,
    },
    {
      id: 'settle.frame.p95',
      label: `settle frame after a gesture, p95, ${DRAWINGS} drawings (peer: none)`,
      includes: `the dearest frame in the ${SETTLE_WATCH_MS} ms after each gesture; ours: with the drawings; peer: without; ${GESTURE_INCLUDES}`,
      unit: 'ms',
      ours: p95(measured.with.settle),
      peer: p95(measured.without.settle),
    },
    {
      id: 'crosshair.addedMs.p95',
      label: `frame time ${DRAWINGS} drawings add to a crosshair move, p95`,
      includes: `p95 frame of a crosshair move (setCrosshairPosition, as the pointer does) with the drawings minus p95 without, ${ROUNDS} x ${STEPS} moves each; no peer`,
      unit: 'ms',
      ours: p95(measured.crosshair.with) - p95(measured.crosshair.without),
      peer: Number.NaN,
    },
    {
      id: 'hitTest.ms',
      label: `hit-test under the pointer, ${DRAWINGS} drawings, mean`,
      includes: `chart.annotationAt at ${HIT_TESTS} seeded points of the plot, after a frame placed the drawings; no peer`,
      unit: 'ms',
      ours: hitMs,
      peer: Number.NaN,
    },
    {
      id: 'step.bytes',
      label: 'heap one drawing move keeps in history',
      includes: `live heap with ${HEAP_STEPS} recorded moves in history minus the same after the history is dropped (the document kept), per move, median of ${HEAP_ROUNDS} rounds, ${DRAWINGS} drawings in the document; no peer`,
      unit: 'bytes',
      ours: Math.round(bytesPerStep),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'drawings-1m',
    metrics,
    details: {
      symbol: SYMBOL,
      drawings: DRAWINGS,
      offScreenShare: OFF_SCREEN_SHARE,
      seed: SEED,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      gestures: { rounds: ROUNDS, perRound: GESTURES },
      pan: { without: distribution(measured.without.pan), with: distribution(measured.with.pan) },
      zoom: { without: distribution(measured.without.zoom), with: distribution(measured.with.zoom) },
      settle: { without: distribution(measured.without.settle), with: distribution(measured.with.settle) },
      crosshair: {
        without: distribution(measured.crosshair.without),
        with: distribution(measured.crosshair.with),
      },
      hits,
      heap: {
        method,
        /** Each round's readings; the growth over its moves, history and all else, is after - before. */
        rounds: rounds.map((r) => ({
          ...r,
          perStep: Math.round(r.perStep),
          grownPerStep: Math.round((r.after - r.before) / HEAP_STEPS),
        })),
      },
    },
  };
});
