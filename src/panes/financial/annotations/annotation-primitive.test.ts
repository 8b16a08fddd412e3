import fc from 'fast-check';
import { ColorType, type SeriesAttachedParameter, type Time } from 'lightweight-charts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnnotation, createDrawing } from '../../../state/annotation-edits';
import { ANNOTATION_KINDS, anchorCount } from '../../../state/drawing-kinds';
import type { Annotation } from '../../../state/workspace-document';
import { AnnotationPrimitive } from './annotation-primitive';
import { shapesOf } from './drawing-shapes';

// The shapes of every drawing are worked out when the drawings are placed (never for a frame that
// keeps a placement): its calls count the placements.
vi.mock('./drawing-shapes', async (original) => {
  const actual = await original<typeof import('./drawing-shapes')>();
  return { ...actual, shapesOf: vi.fn(actual.shapesOf) };
});

const DAY = 86_400;
const TIMES = Array.from({ length: 400 }, (_, i) => 1_600_000_000 + i * DAY);
const SIZE = { width: 800, height: 400 };

/** A chart as the primitive sees it: bar spacing and x of bar 0, price scale slope and y of price 1. */
interface View {
  x0: number;
  spacing: number;
  y1: number;
  slope: number;
}

function fakeChart(view: View) {
  const requestUpdate = vi.fn();
  const params = {
    chart: {
      timeScale: () => ({
        logicalToCoordinate: (l: number) => view.x0 + l * view.spacing,
        options: () => ({ rightOffset: 3, barSpacing: view.spacing }),
      }),
      options: () => ({ layout: { fontSize: 12, background: { type: ColorType.Solid, color: '#ffffff' } } }),
      paneSize: () => SIZE,
      subscribeCrosshairMove: () => undefined,
      unsubscribeCrosshairMove: () => undefined,
    },
    series: {
      priceToCoordinate: (price: number) => view.y1 + (price - 1) * view.slope,
      priceScale: () => ({ options: () => ({ mode: 0 }) }),
    },
    requestUpdate,
  } as unknown as SeriesAttachedParameter<Time>;
  return { params, requestUpdate };
}

function primitiveOn(view: View, annotations: readonly Annotation[], selectedId: string | null = null) {
  const primitive = new AnnotationPrimitive({
    times: () => TIMES,
    formatPrice: (p) => p.toFixed(2),
    formatTime: (t) => String(t),
  });
  const chart = fakeChart(view);
  primitive.attached(chart.params);
  primitive.setAnnotations(annotations, selectedId);
  return { primitive, ...chart };
}

/** Drawings of every tool and level lines, seeded, in and around the first view. */
function drawings(count: number, seed: number): Annotation[] {
  let s = seed;
  const random = () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) | 0;
    return ((s >>> 8) & 0xffff) / 0x10000;
  };
  const point = () => ({
    time: TIMES[Math.floor(random() * TIMES.length)] as number,
    price: 50 + random() * 100,
  });
  return Array.from({ length: count }, (_, i) => {
    const kind = ANNOTATION_KINDS[i % ANNOTATION_KINDS.length] as (typeof ANNOTATION_KINDS)[number];
    if (anchorCount(kind) === 1 && i % 2 === 0) {
      const p = point();
      return createAnnotation('p1', kind, p.time, p.price);
    }
    return createDrawing('p1', kind, Array.from({ length: anchorCount(kind) }, point));
  });
}

/** A frame of the chart: it tells its primitives their views are out of date, then paints. */
function frame(primitive: AnnotationPrimitive): void {
  primitive.updateAllViews();
  primitive.priceAxisViews();
}

const axisLabels = (primitive: AnnotationPrimitive) =>
  [...primitive.priceAxisViews(), ...primitive.timeAxisViews()].map((l) => [
    Math.round(l.coordinate() * 1000) / 1000,
    l.text(),
  ]);

describe('AnnotationPrimitive: a placement kept while the chart scrolls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hit-tests and labels every point of a scrolled chart as a fresh placement does', () => {
    const annotations = drawings(160, 7);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ dx: fc.integer({ min: -90, max: 90 }), dy: fc.integer({ min: -40, max: 40 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.array(fc.record({ x: fc.integer({ min: 8, max: 792 }), y: fc.integer({ min: 8, max: 392 }) }), {
          minLength: 20,
          maxLength: 20,
        }),
        fc.integer({ min: 0, max: 159 }),
        (shifts, points, selected) => {
          const selectedId = annotations[selected]?.id ?? null;
          const view = { x0: -2400, spacing: 8, y1: 700, slope: -3 };
          const scrolled = primitiveOn(view, annotations, selectedId);
          frame(scrolled.primitive);
          for (const { dx, dy } of shifts) {
            // Frames 16 ms apart: a scroll, copied from a placement with a margin.
            vi.advanceTimersByTime(16);
            view.x0 += dx;
            view.y1 += dy;
            frame(scrolled.primitive);
            const fresh = primitiveOn({ ...view }, annotations, selectedId).primitive;
            frame(fresh);
            for (const p of points) {
              expect(scrolled.primitive.hitAt(p.x, p.y)?.id ?? null).toBe(fresh.hitAt(p.x, p.y)?.id ?? null);
            }
            expect(axisLabels(scrolled.primitive)).toEqual(axisLabels(fresh));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('places afresh once the scroll has stopped, and at once when the scale changes', () => {
    const annotations = drawings(160, 11);
    const view = { x0: -2400, spacing: 8, y1: 700, slope: -3 };
    const { primitive, requestUpdate } = primitiveOn(view, annotations);
    frame(primitive);
    requestUpdate.mockClear();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(16);
      view.x0 += 12;
      frame(primitive);
    }
    expect(requestUpdate).not.toHaveBeenCalled();
    // The last frame is painted again once the scroll has rested.
    vi.advanceTimersByTime(500);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    frame(primitive);
    const rested = primitiveOn({ ...view }, annotations).primitive;
    frame(rested);
    for (let x = 10; x < 800; x += 37) {
      for (let y = 10; y < 400; y += 29) {
        expect(primitive.hitAt(x, y)?.id ?? null).toBe(rested.hitAt(x, y)?.id ?? null);
      }
    }
    // A zoom (another bar spacing) is placed anew: a hit where a drawing now is.
    view.spacing = 5;
    frame(primitive);
    const zoomed = primitiveOn({ ...view }, annotations).primitive;
    frame(zoomed);
    for (let x = 10; x < 800; x += 37) {
      expect(primitive.hitAt(x, 200)?.id ?? null).toBe(zoomed.hitAt(x, 200)?.id ?? null);
    }
  });

  it('keeps labels in place through a zoom gesture and places afresh once it rests', () => {
    const annotations = drawings(160, 5);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            factor: fc.double({ min: 0.93, max: 1.07, noNaN: true }),
            slope: fc.double({ min: 0.95, max: 1.05, noNaN: true }),
            dy: fc.integer({ min: -20, max: 20 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.integer({ min: 0, max: 159 }),
        (steps, selected) => {
          const selectedId = annotations[selected]?.id ?? null;
          const view = { x0: -2400, spacing: 8, y1: 700, slope: -3 };
          const zoomed = primitiveOn(view, annotations, selectedId);
          frame(zoomed.primitive);
          for (const { factor, slope, dy } of steps) {
            // Frames 16 ms apart: a wheel zoom about the pane's right edge, the prices autoscaling.
            vi.advanceTimersByTime(16);
            const right = view.x0 + 800;
            view.spacing *= factor;
            view.x0 = right - 800 * factor;
            view.slope *= slope;
            view.y1 += dy;
            frame(zoomed.primitive);
            const fresh = primitiveOn({ ...view }, annotations, selectedId).primitive;
            frame(fresh);
            // The selected drawing's anchors are labelled where a fresh placement labels them.
            const near = (labels: (string | number)[][]) =>
              labels.map(([at, text]) => [Math.round(Number(at)), text]);
            expect(near(axisLabels(zoomed.primitive))).toEqual(near(axisLabels(fresh)));
          }
          vi.advanceTimersByTime(500);
          frame(zoomed.primitive);
          const rested = primitiveOn({ ...view }, annotations, selectedId).primitive;
          frame(rested);
          for (let x = 10; x < 800; x += 53) {
            for (let y = 10; y < 400; y += 41) {
              expect(zoomed.primitive.hitAt(x, y)?.id ?? null).toBe(rested.hitAt(x, y)?.id ?? null);
            }
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keeps one placement through a wheel zoom going to and fro over a span one placement reaches', () => {
    const annotations = drawings(160, 9);
    // One drawing in the chart's bars: shaped at every placement.
    const marker = annotations.find((a) => a.points !== undefined)?.points?.[0];
    const view = { x0: -2400, spacing: 8, y1: 700, slope: -3 };
    const { primitive } = primitiveOn(view, annotations);
    frame(primitive);
    const placements = () =>
      vi
        .mocked(shapesOf)
        .mock.calls.filter(
          ([input]) => input.points[0]?.time === marker?.time && input.points[0]?.price === marker?.price,
        ).length;
    // Six wheel steps of 5 % about the pane's right edge one way, six back, and so on: frames 16 ms
    // apart. (Placed ahead of each step's direction alone, the copy ran out after each turn: 6 placements.)
    const gesture = (factor: number) => {
      for (let i = 0; i < 6; i++) {
        vi.advanceTimersByTime(16);
        view.spacing *= factor;
        view.x0 = SIZE.width + (view.x0 - SIZE.width) * factor;
        frame(primitive);
      }
    };
    gesture(1.05);
    gesture(1 / 1.05);
    // The gesture has turned back: from here on it stays within the span it went through (1.34x),
    // which one placement reaches (enlarged up to 1.25x, shrunk down to 1 / 1.1).
    vi.mocked(shapesOf).mockClear();
    for (let turn = 0; turn < 6; turn++) gesture(turn % 2 === 0 ? 1.05 : 1 / 1.05);
    expect(placements()).toBeLessThanOrEqual(1);
    // A zoom on past the span is placed again.
    vi.mocked(shapesOf).mockClear();
    gesture(1 / 1.05);
    gesture(1 / 1.05);
    expect(placements()).toBeGreaterThan(0);
  });

  it('settles a zoom while the crosshair keeps the chart painting', () => {
    const annotations = drawings(160, 3);
    const view = { x0: -2400, spacing: 8, y1: 700, slope: -3 };
    const { primitive, requestUpdate } = primitiveOn(view, annotations);
    frame(primitive);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(16);
      view.spacing *= 1.03;
      frame(primitive);
    }
    requestUpdate.mockClear();
    // Frames that move nothing (the pointer's crosshair), 16 ms apart, for 400 ms.
    for (let i = 0; i < 25; i++) {
      vi.advanceTimersByTime(16);
      frame(primitive);
    }
    expect(requestUpdate).toHaveBeenCalledTimes(1);
  });
});
