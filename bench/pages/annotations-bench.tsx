/**
 * Workload `annotations-1m` (issue 5): 200 annotations (cross-lines, horizontal and vertical lines)
 * on a SYN-1M candlestick pane of the real app. What drawing them adds to a frame at p95 (the same
 * seeded pans and zooms with and without them, each gesture's settle frame counted: gesture-mix.ts),
 * the frames of dragging one with pointer events (one undo step on release), and the frame that shows
 * the undo of a drag.
 */
import { flushSync } from 'react-dom';
import type { FinancialChart } from '../../src/panes/financial/financial-chart';
import { addAnnotation, createAnnotation } from '../../src/state/annotation-edits';
import { RECORD } from '../../src/state/history';
import type { AnnotationKind, WorkspaceDocument } from '../../src/state/workspace-document';
import { timeStepFrames } from './frame-probe';
import { gestureMix, playGestures, SETTLE_WATCH_MS } from './gesture-mix';
import { type BenchMetric, distribution, percentile, publish, seededRandom, sleep, waitFor } from './harness';
import { chartElement, mountWorkstation } from './workstation-page';

const SYMBOL = 'SYN-1M';
const ANNOTATIONS = 200;
const PAN_STEPS = 30;
/** Rounds of gestures without, then with, the annotations (undo and redo of adding them): a busy moment costs both. */
const ROUNDS = 4;
/** Gestures a round, drawn anew each round from the seed (gesture-mix.ts). */
const GESTURES = 10;
const DRAGS = 3;
const MOVES_PER_DRAG = 40;
const SEED = 0x0a11_0c8e;

/** Small pans back and forth: the view (and the bars in it) stays the same, every frame redraws. */
async function panFrames(chart: FinancialChart): Promise<number[]> {
  const frames: number[] = [];
  for (let i = 0; i < PAN_STEPS; i++) {
    const step = await timeStepFrames(() => chart.nav.pan(i % 2 === 0 ? 0.01 : -0.01));
    frames.push(step.frameMs);
  }
  return frames;
}

function pointer(type: string, target: HTMLElement, x: number, y: number): void {
  const r = target.getBoundingClientRect();
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      clientX: r.left + x,
      clientY: r.top + y,
    }),
  );
}

publish(async () => {
  const bench = await mountWorkstation('candlestick', [SYMBOL]);
  const paneId = bench.paneIds[0] as string;
  const { store } = bench;
  const workspace = store.reader;
  const element = chartElement(paneId);
  await waitFor(() => element.dataset.live === 'true', `${SYMBOL} shown and live`, 30_000);
  await sleep(500);
  const chart = bench.chart(paneId);
  const plot = { width: element.clientWidth - 80, height: element.clientHeight * 0.65 };

  await panFrames(chart);

  // 200 annotations through the visible area, seeded, added as one edit.
  const random = seededRandom(SEED);
  const kinds: AnnotationKind[] = ['cross-line', 'horizontal-line', 'vertical-line'];
  flushSync(() =>
    store.apply((doc) => {
      let next: WorkspaceDocument = doc;
      for (let i = 0; i < ANNOTATIONS; i++) {
        const at = chart.pointAt(20 + random() * (plot.width - 40), 20 + random() * (plot.height - 40));
        if (!at) throw new Error('No chart point to anchor an annotation at');
        next = addAnnotation(
          next,
          createAnnotation(paneId, kinds[i % 3] as AnnotationKind, at.time, at.price),
        );
      }
      return next;
    }, RECORD),
  );
  await sleep(300);
  const paneRoot = document.querySelector(`[data-pane-id="${paneId}"]`);
  const count = () => Number(paneRoot?.getAttribute('data-annotation-count'));
  if (count() !== ANNOTATIONS) throw new Error(`The pane shows ${count()} annotations, not ${ANNOTATIONS}`);
  await panFrames(chart);
  const without: number[] = [];
  const withAnnotations: number[] = [];
  // Every round's gestures start from this view (the pans and zooms of a round move it far).
  const home = chart.nav.visibleBars();
  if (!home) throw new Error('The chart shows no range to start the gestures from');
  const goHome = () => chart.nav.show(home);
  for (let round = 0; round < ROUNDS; round++) {
    const gestures = gestureMix(SEED + round, GESTURES);
    flushSync(() => store.undo());
    if (count() !== 0) throw new Error('Undo did not remove the annotations');
    await sleep(100);
    const bare = await playGestures(chart, gestures, goHome);
    without.push(...bare.pan, ...bare.zoom);
    flushSync(() => store.redo());
    if (count() !== ANNOTATIONS) throw new Error('Redo did not bring the annotations back');
    await sleep(100);
    const drawn = await playGestures(chart, gestures, goHome);
    withAnnotations.push(...drawn.pan, ...drawn.zoom);
  }
  goHome();
  await sleep(SETTLE_WATCH_MS);

  // Drags: a cross-line grabbed at its point, moved 3 px a frame, released; then undone.
  const drag: number[] = [];
  const undo: number[] = [];
  const undoneInOneFrame: boolean[] = [];
  const crossLines = Object.values(workspace.getDocument().annotations).filter(
    (a) => a.kind === 'cross-line',
  );
  for (let d = 0; d < DRAGS; d++) {
    const target = crossLines[d * 7];
    if (!target) throw new Error('No cross-line to drag');
    const start = chart.coordinatesOf(target);
    if (start.x === null || start.y === null) throw new Error('The cross-line is not in view');
    const { x, y } = start;
    const hit = chart.annotationAt(x, y);
    if (!hit) throw new Error('Nothing to grab at the cross-line');
    const steps = workspace.state.getState().history.past.length;
    pointer('pointerdown', element, x, y);
    for (let m = 1; m <= MOVES_PER_DRAG; m++) {
      const frames = await timeStepFrames(() => pointer('pointermove', element, x + m * 3, y + m * 2));
      drag.push(frames.frameMs);
    }
    pointer('pointerup', element, x + MOVES_PER_DRAG * 3, y + MOVES_PER_DRAG * 2);
    await sleep(100);
    const grabbed = hit.id;
    if (workspace.state.getState().history.past.length !== steps + 1)
      throw new Error('A drag was not one undo step');
    const moved = workspace.getDocument().annotations[grabbed];
    if (moved?.time === hit.time && moved?.price === hit.price)
      throw new Error('The drag did not move the annotation');
    await sleep(200);
    const frames = await timeStepFrames(() => flushSync(() => store.undo()));
    undo.push(frames.frameMs);
    // After the frame that ran the undo and the one after it, the chart has it back where it was.
    undoneInOneFrame.push(chart.annotationAt(x, y)?.id === grabbed);
    await sleep(200);
  }
  if (undoneInOneFrame.some((ok) => !ok)) throw new Error('An undone drag was not back in the next frame');

  const GESTURE_INCLUDES = `${ROUNDS} rounds of ${GESTURES} seeded gestures (pans one way of 6 to 20 steps of 1 to 4 % of the width, wheel zooms in and out of 3 to 12 steps of 2 to 8 %), every step's frame and the next (dearer of the two) and each gesture's settle frame`;
  const metrics: BenchMetric[] = [
    {
      id: 'frame.p95',
      label: `pan and zoom frame, p95, ${ANNOTATIONS} annotations (peer: none)`,
      includes: `the same app and gestures; ours: with ${ANNOTATIONS} annotations (redo); peer: without them (undo); ${GESTURE_INCLUDES}`,
      unit: 'ms',
      ours: percentile(withAnnotations, 95),
      peer: percentile(without, 95),
    },
    {
      id: 'annotations.addedMs.p95',
      label: `frame time ${ANNOTATIONS} annotations add, p95, settle frame included`,
      includes: `p95 of the pan and zoom frames with the annotations minus p95 without; ${GESTURE_INCLUDES}; no peer`,
      unit: 'ms',
      ours: percentile(withAnnotations, 95) - percentile(without, 95),
      peer: Number.NaN,
    },
    {
      id: 'drag.frame.p95',
      label: 'annotation drag frames, p95',
      includes: "synthetic pointer moves through the app's handlers, each move's frame and the next; no peer",
      unit: 'ms',
      ours: percentile(drag, 95),
      peer: Number.NaN,
    },
    {
      id: 'undo.frame.max',
      label: 'undo of a drag: its frame, worst of 3',
      includes:
        'workspace undo with its React commit, the frame and the next, the chart checked to hit-test the old point; no peer',
      unit: 'ms',
      ours: Math.max(...undo),
      peer: Number.NaN,
    },
  ];
  return {
    workload: 'annotations-1m',
    metrics,
    details: {
      symbol: SYMBOL,
      annotations: ANNOTATIONS,
      seed: SEED,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      factorInView: element.dataset.factorInView,
      gestures: { rounds: ROUNDS, perRound: GESTURES },
      frames: { without: distribution(without), with: distribution(withAnnotations) },
      drag: distribution(drag),
      undo: { frames: undo, shownAfterOneFrame: undoneInOneFrame },
    },
  };
});
