/**
 * The gestures a chart is timed under, as a trader makes them: pans that keep going one way (past any
 * margin a renderer paints ahead), wheel zooms in and out, each of a seeded random length and step,
 * and after each gesture the frame that settles it (a renderer that copies a cached painting during a
 * gesture paints afresh once it rests). The same seed gives the same gestures, so a page can time
 * them with and without what it measures from the same view.
 */
import { SETTLE_MS } from '../../src/panes/financial/annotations/annotation-primitive';
import type { FinancialChart } from '../../src/panes/financial/financial-chart';
import { timeStepFrames, watchFrames } from './frame-probe';
import { seededRandom, sleep } from './harness';

export type GestureKind = 'pan' | 'zoom';

export interface Gesture {
  kind: GestureKind;
  /** Steps of the gesture, one a frame. */
  steps: number;
  /** Per step: a pan's share of the visible width (signed), or a zoom's factor (< 1 zooms in). */
  amount: number;
}

const PAN_STEPS = { min: 6, max: 20 };
/** 1 to 4 % of the width a step: 6 % to 80 % one way a gesture, often past a 25 % margin. */
const PAN_SHARE = { min: 0.01, max: 0.04 };
const ZOOM_STEPS = { min: 3, max: 12 };
/** A wheel notch of 2 to 8 %. */
const ZOOM_FACTOR = { min: 1.02, max: 1.08 };
/**
 * How long the frames after a gesture are watched for its settle frame: the annotation renderer
 * repaints SETTLE_MS after the last moved frame, and then takes a frame or more to paint.
 */
export const SETTLE_WATCH_MS = SETTLE_MS + 200;

/** `count` gestures from `seed`: half pans, a quarter zooms in, a quarter zooms out. */
export function gestureMix(seed: number, count: number): Gesture[] {
  const random = seededRandom(seed);
  const between = (range: { min: number; max: number }) => range.min + random() * (range.max - range.min);
  return Array.from({ length: count }, (): Gesture => {
    const pick = random();
    if (pick < 0.5) {
      const direction = random() < 0.5 ? -1 : 1;
      return { kind: 'pan', steps: Math.round(between(PAN_STEPS)), amount: direction * between(PAN_SHARE) };
    }
    const factor = between(ZOOM_FACTOR);
    return {
      kind: 'zoom',
      steps: Math.round(between(ZOOM_STEPS)),
      amount: pick < 0.75 ? 1 / factor : factor,
    };
  });
}

export interface GestureFrames {
  /** Every step's frame (the frame and the next, dearer of the two) and each gesture's settle frame. */
  pan: number[];
  zoom: number[];
  /** The settle frames alone (also in `pan` and `zoom`). */
  settle: number[];
}

/**
 * Plays `gestures` on `chart` from the view `start` shows, timing every step and, after each gesture,
 * the dearest frame while it settles.
 */
export async function playGestures(
  chart: FinancialChart,
  gestures: readonly Gesture[],
  start: () => void,
): Promise<GestureFrames> {
  const out: GestureFrames = { pan: [], zoom: [], settle: [] };
  start();
  await sleep(SETTLE_WATCH_MS);
  for (const gesture of gestures) {
    const frames = out[gesture.kind];
    for (let i = 0; i < gesture.steps; i++) {
      const step = await timeStepFrames(() =>
        gesture.kind === 'pan' ? chart.nav.pan(gesture.amount) : chart.nav.zoom(gesture.amount),
      );
      frames.push(step.frameMs);
    }
    const watch = watchFrames();
    await sleep(SETTLE_WATCH_MS);
    const settle = Math.max(0, ...watch.stop().map((f) => f.ms));
    frames.push(settle);
    out.settle.push(settle);
  }
  return out;
}
