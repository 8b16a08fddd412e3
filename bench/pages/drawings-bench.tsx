/**
 * Workload `drawings-1m` (issue 13): 1,000 drawings of every tool (trend lines, rays, rectangles,
 * Fibonacci retracements, measurers, lines) on a SYN-1M candlestick pane of the real app, most in view
 * and some far off it. What they add to pan and zoom frames (the same frames with and without them,
 * by undo and redo), what a hit-test under the pointer costs, and the heap one drawing's history step
 * keeps alive.
 */
import { flushSync } from 'react-dom';
import type { FinancialChart } from '../../src/panes/financial/financial-chart';
import { addAnnotation, createDrawing, moveAnnotation } from '../../src/state/annotation-edits';
import { ANNOTATION_KINDS, anchorCount } from '../../src/state/drawing-kinds';
import { RECORD } from '../../src/state/history';
import type { WorkspaceDocument } from '../../src/state/workspace-document';
import { forgetOldStates } from './forget-old-states';
import { median, timeStepFrames } from './frame-probe';
import {
  type BenchMetric,
  distribution,
  liveHeapBytes,
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
/**
 * Steps of each gesture a round: six zoom gestures (three out, three back in), so each round ends at
 * the zoom it began at. With 30 (five gestures, three of them out) every round zoomed out 1.8x: the
 * rounds measured ever further out, with and without the drawings each at another zoom.
 */
const STEPS = 36;
const ROUNDS = 8;
const HIT_TESTS = 2000;
const HEAP_STEPS = 50;
const HEAP_ROUNDS = 3;
const SEED = 0x0d1a_3b05;

type Gesture = (chart: FinancialChart, i: number) => void;
const pan: Gesture = (chart, i) => chart.nav.pan(i % 2 === 0 ? 0.01 : -0.01);
/**
 * Wheel zooms: gestures of ZOOM_GESTURE steps one way, then as many back (a step that only undid the
 * last would flatter any renderer that keeps the last frame's drawings, stretched).
 */
const ZOOM_GESTURE = 6;
const zoom: Gesture = (chart, i) => chart.nav.zoom(Math.floor(i / ZOOM_GESTURE) % 2 === 0 ? 1.05 : 1 / 1.05);
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
    pan: { without: [] as number[], with: [] as number[] },
    zoom: { without: [] as number[], with: [] as number[] },
    crosshair: { without: [] as number[], with: [] as number[] },
  };
  await frames(chart, pan);
  for (let round = 0; round < ROUNDS; round++) {
    flushSync(() => store.undo());
    if (count() !== 0) throw new Error('Undo did not remove the drawings');
    await sleep(100);
    measured.pan.without.push(...(await frames(chart, pan)));
    measured.zoom.without.push(...(await frames(chart, zoom)));
    measured.crosshair.without.push(...(await frames(chart, crosshair)));
    flushSync(() => store.redo());
    if (count() !== DRAWINGS) throw new Error('Redo did not bring the drawings back');
    await sleep(100);
    measured.pan.with.push(...(await frames(chart, pan)));
    measured.zoom.with.push(...(await frames(chart, zoom)));
    measured.crosshair.with.push(...(await frames(chart, crosshair)));
  }

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

  const added = (gesture: 'pan' | 'zoom' | 'crosshair') =>
    median(measured[gesture].with) - median(measured[gesture].without);
  const metrics: BenchMetric[] = [
    {
      id: 'pan.frame.median',
      label: `pan frame, median, ${DRAWINGS} drawings (peer: none)`,
      includes: `the same app and pans; ours: with ${DRAWINGS} drawings of every tool (redo); peer: without them (undo); frame and the next, dearer of the two`,
      unit: 'ms',
      ours: median(measured.pan.with),
      peer: median(measured.pan.without),
    },
    {
      id: 'pan.addedMs',
      label: `frame time ${DRAWINGS} drawings add to a pan, median`,
      includes: `median pan frame with the drawings minus median without, pooled over ${ROUNDS} rounds; no peer`,
      unit: 'ms',
      ours: added('pan'),
      peer: Number.NaN,
    },
    {
      id: 'zoom.addedMs',
      label: `frame time ${DRAWINGS} drawings add to a zoom, median`,
      includes: `median zoom frame (level swaps included; gestures of ${ZOOM_GESTURE} wheel steps of 5 % one way) with the drawings minus median without; no peer`,
      unit: 'ms',
      ours: added('zoom'),
      peer: Number.NaN,
    },
    {
      id: 'crosshair.addedMs',
      label: `frame time ${DRAWINGS} drawings add to a crosshair move, median`,
      includes: `median frame of a crosshair move (setCrosshairPosition, as the pointer does) with the drawings minus median without; no peer`,
      unit: 'ms',
      ours: added('crosshair'),
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
      pan: { without: distribution(measured.pan.without), with: distribution(measured.pan.with) },
      zoom: { without: distribution(measured.zoom.without), with: distribution(measured.zoom.with) },
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
