import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coversPane,
  enlarges,
  isScaled,
  type Mapping,
  type PlacementTransform,
  placementTransform,
  type Squeeze,
  squeezeAhead,
  squeezeForSpan,
  squeezeMapping,
  squeezeX,
  squeezeY,
  toPane,
  toPlacement,
  withinStretch,
} from './placement-transform';

/** A bar index and a price placed by a mapping, `margin` added (as placeAll does). */
const place = (m: Mapping, margin: { x: number; y: number }, bar: number, price: number) => ({
  x: m.x0 + bar * m.spacing + margin.x,
  y: m.yA + (price - 1) * m.ySpan + margin.y,
});

const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const mapping = fc.record({
  x0: finite(-1e6, 1e6),
  spacing: finite(0.01, 50),
  yA: finite(-1e4, 1e4),
  ySpan: finite(-50, -0.001),
});

describe('placementTransform', () => {
  it('puts every placed point where the new mapping places it', () => {
    fc.assert(
      fc.property(
        mapping,
        mapping,
        fc.record({ x: finite(0, 400), y: finite(0, 200) }),
        finite(-1e4, 1e4),
        finite(-1e3, 1e3),
        (from, to, margin, bar, price) => {
          const t = placementTransform(from, margin, to);
          expect(t).not.toBeNull();
          if (!t) return;
          const then = place(from, margin, bar, price);
          const now = place(to, { x: 0, y: 0 }, bar, price);
          const moved = toPane(t, then.x, then.y);
          const tolerance =
            1e-6 * (1 + Math.abs(now.x) + Math.abs(now.y) + Math.abs(then.x) + Math.abs(then.y));
          expect(Math.abs(moved.x - now.x)).toBeLessThan(tolerance * 100);
          expect(Math.abs(moved.y - now.y)).toBeLessThan(tolerance * 100);
          const back = toPlacement(t, moved.x, moved.y);
          expect(Math.abs(back.x - then.x)).toBeLessThan(tolerance * 100);
          expect(Math.abs(back.y - then.y)).toBeLessThan(tolerance * 100);
        },
      ),
    );
  });

  it('is a shift when the spacing and the price span are the same', () => {
    const from = { x0: 100, spacing: 3, yA: 400, ySpan: -2 };
    const t = placementTransform(from, { x: 50, y: 20 }, { ...from, x0: 130, yA: 390 });
    expect(t).toEqual({ scale: { x: 1, y: 1 }, offset: { x: -20, y: -30 } });
    expect(t && isScaled(t)).toBe(false);
  });

  it('stretches by the ratio of the spacings and of the price spans', () => {
    const from = { x0: 0, spacing: 4, yA: 300, ySpan: -10 };
    const t = placementTransform(from, { x: 0, y: 0 }, { x0: 0, spacing: 5, yA: 300, ySpan: -8 });
    expect(t?.scale).toEqual({ x: 1.25, y: 0.8 });
    expect(t && withinStretch(t, { enlarge: 1.25, shrink: 1.25 })).toBe(true);
    // Enlarged by 1.25 on x, shrunk by 1.25 on y: each limit is its own.
    expect(t && withinStretch(t, { enlarge: 1.3, shrink: 1.2 })).toBe(false);
    expect(t && withinStretch(t, { enlarge: 1.2, shrink: 1.3 })).toBe(false);
    // Wider bars but a taller price span: the copy shrinks on y, so it is not drawn unfiltered.
    expect(t && enlarges(t)).toBe(false);
  });

  it('enlarges exactly when neighbouring pixels of the placement stay at least a pixel apart on the pane', () => {
    fc.assert(
      fc.property(mapping, mapping, finite(-500, 500), finite(-500, 500), (from, to, x, y) => {
        const t = placementTransform(from, { x: 0, y: 0 }, to);
        fc.pre(t !== null);
        const at = toPane(t, x, y);
        const right = toPane(t, x + 1, y);
        const below = toPane(t, x, y + 1);
        const apart = Math.abs(right.x - at.x) >= 1 - 1e-9 && Math.abs(below.y - at.y) >= 1 - 1e-9;
        const exact =
          Math.abs(Math.abs(right.x - at.x) - 1) > 1e-9 && Math.abs(Math.abs(below.y - at.y) - 1) > 1e-9;
        fc.pre(exact);
        expect(enlarges(t)).toBe(apart);
      }),
    );
  });

  it('has no transform for a collapsed or turned mapping', () => {
    const from = { x0: 0, spacing: 4, yA: 300, ySpan: -10 };
    expect(placementTransform({ ...from, spacing: 0 }, { x: 0, y: 0 }, from)).toBeNull();
    expect(placementTransform(from, { x: 0, y: 0 }, { ...from, ySpan: 10 })).toBeNull();
  });
});

describe('coversPane', () => {
  const pane = { width: 800, height: 400 };
  const placed = { width: 1200, height: 600 };

  it('holds while the placement with its margins spans the pane', () => {
    expect(coversPane({ scale: { x: 1, y: 1 }, offset: { x: -200, y: -100 } }, placed, pane)).toBe(true);
    expect(coversPane({ scale: { x: 1, y: 1 }, offset: { x: -400, y: -200 } }, placed, pane)).toBe(true);
    expect(coversPane({ scale: { x: 1, y: 1 }, offset: { x: 1, y: -100 } }, placed, pane)).toBe(false);
    expect(coversPane({ scale: { x: 1, y: 1 }, offset: { x: -401, y: -100 } }, placed, pane)).toBe(false);
  });

  it('fails once a zoom out shrinks it inside the pane', () => {
    expect(coversPane({ scale: { x: 0.7, y: 1 }, offset: { x: -40, y: -100 } }, placed, pane)).toBe(true);
    expect(coversPane({ scale: { x: 0.6, y: 1 }, offset: { x: -40, y: -100 } }, placed, pane)).toBe(false);
  });
});

describe('a placement squeezed ahead of a zoom', () => {
  const AHEAD = { out: 1.18, in: 1.03 };
  const pane = fc.record({ width: finite(300, 2000), height: finite(200, 1200) });
  const squeezeOn = fc.record({ x: fc.boolean(), y: fc.boolean() }).filter((a) => a.x || a.y);

  /** The chart at `m` zoomed by `s` (bar spacing times s) about pane x `still`, which stays put. */
  const zoomedAbout = (m: Mapping, still: number, s: number): Mapping => ({
    ...m,
    x0: still + (m.x0 - still) * s,
    spacing: m.spacing * s,
  });

  /**
   * The placement squeezed by `q` for the chart at `m`, with `margin`, where the chart draws it: it
   * is enlarged by at most AHEAD.out or shrunk by at most AHEAD.in, covers the pane, and puts `point` (as placed) back where it was.
   */
  function expectSqueezedPlacement(
    m: Mapping,
    q: Squeeze,
    margin: { x: number; y: number },
    size: { width: number; height: number },
    point: { x: number; y: number },
  ): PlacementTransform {
    const t = placementTransform(squeezeMapping(m, q), margin, m);
    if (!t) throw new Error('no transform');
    expect(withinStretch(t, { enlarge: AHEAD.out, shrink: AHEAD.in })).toBe(true);
    const placed = { width: size.width + 2 * margin.x, height: size.height + 2 * margin.y };
    expect(coversPane(t, placed, size)).toBe(true);
    const back = toPane(t, squeezeX(q, point.x) + margin.x, squeezeY(q, point.y) + margin.y);
    const tolerance = 1e-6 * (1 + Math.abs(m.x0) + Math.abs(m.yA) + Math.abs(point.x) + Math.abs(point.y));
    expect(Math.abs(back.x - point.x)).toBeLessThan(tolerance);
    expect(Math.abs(back.y - point.y)).toBeLessThan(tolerance);
    return t;
  }

  it('ahead of a zoom out is drawn enlarged, by at most AHEAD.out, over the whole pane, each drawing where the chart has it', () => {
    fc.assert(
      fc.property(
        mapping,
        pane,
        squeezeOn,
        fc.record({ x: finite(0, 1), y: finite(0, 1) }),
        // A gesture's placements have a margin (ZOOM_MARGIN, SCROLL_MARGIN).
        finite(0.05, 0.25),
        fc.record({ x: finite(-200, 2200), y: finite(-200, 1400) }),
        (m, size, on, at, share, point) => {
          const q = {
            x: on.x ? 1 / AHEAD.out : 1,
            y: on.y ? 1 / AHEAD.out : 1,
            cx: at.x * size.width,
            cy: at.y * size.height,
          };
          const margin = { x: Math.round(size.width * share), y: Math.round(size.height * share) };
          expect(enlarges(expectSqueezedPlacement(m, q, margin, size, point))).toBe(true);
        },
      ),
    );
  });

  it('is squeezed about the point the zoom out holds still, on the axes the copy shrank on', () => {
    fc.assert(
      fc.property(mapping, finite(0.75, 0.99), finite(0, 1), finite(0, 0.25), (m, s, at, share) => {
        const size = { width: 1000, height: 600 };
        const margin = { x: Math.round(size.width * share), y: Math.round(size.height * share) };
        // The chart zoomed out about x = at * width: bar spacing times s, that x held still.
        const still = at * size.width;
        const t = placementTransform(m, margin, zoomedAbout(m, still, s));
        if (!t) throw new Error('no transform');
        const q = squeezeAhead(t, margin, size, AHEAD, margin);
        expect(q).not.toBeNull();
        expect(q?.x).toBeCloseTo(1 / AHEAD.out, 12);
        expect(q?.y).toBe(1);
        expect(Math.abs((q?.cx ?? Number.NaN) - still)).toBeLessThan(1e-6 * (1 + Math.abs(m.x0)));
      }),
    );
    // A scroll stretches nothing: no squeeze.
    const m = { x0: 0, spacing: 4, yA: 300, ySpan: -10 };
    const margin = { x: 100, y: 60 };
    const scroll = placementTransform(m, margin, { ...m, x0: 40 });
    expect(scroll && squeezeAhead(scroll, margin, { width: 1000, height: 600 }, AHEAD, margin)).toBeNull();
  });

  it('ahead of a zoom in is drawn shrunk, by at most AHEAD.in, still over the whole pane, about the point the zoom holds still, each drawing where the chart has it', () => {
    fc.assert(
      fc.property(
        mapping,
        pane,
        finite(0, 1),
        finite(1.01, 1.15),
        // The last placement's margin, and the new one's (ZOOM_MARGIN, SCROLL_MARGIN).
        finite(0, 0.25),
        finite(0.05, 0.25),
        fc.record({ x: finite(-200, 2200), y: finite(-200, 1400) }),
        (m, size, at, s, lastShare, share, point) => {
          const margin = { x: Math.round(size.width * lastShare), y: Math.round(size.height * lastShare) };
          const room = { x: Math.round(size.width * share), y: Math.round(size.height * share) };
          // The chart zoomed in about x = at * width: bar spacing times s, that x held still.
          const still = at * size.width;
          const zoomed = zoomedAbout(m, still, s);
          const last = placementTransform(m, margin, zoomed);
          if (!last) throw new Error('no transform');
          const q = squeezeAhead(last, margin, size, AHEAD, room);
          if (!q) throw new Error('no squeeze');
          expect(q.x).toBeGreaterThan(1);
          expect(q.x).toBeLessThanOrEqual(AHEAD.in);
          expect(q.y).toBe(1);
          expect(Math.abs(q.cx - still)).toBeLessThan(1e-6 * (1 + Math.abs(m.x0) + still));
          expect(expectSqueezedPlacement(zoomed, q, room, size, point).scale.x).toBeLessThan(1);
        },
      ),
    );
  });
});

describe('a placement for a zoom that goes to and fro', () => {
  const LIMITS = { enlarge: 1.25, shrink: 1.1 };

  it('is made where the copy reaches every bar spacing of the span within the limits', () => {
    fc.assert(
      fc.property(finite(0.5, 50), finite(1, 1.37), finite(0, 1), (min, ratio, at) => {
        const max = min * ratio;
        const now = min + (max - min) * at;
        const q = squeezeForSpan(now, { min, max }, LIMITS);
        if (q === null) throw new Error('a span within the limits has a placement');
        // The placement's spacing is now * q; the copy's scale at a spacing z is z / (now * q).
        const placed = now * q;
        expect(max / placed).toBeLessThanOrEqual(LIMITS.enlarge * (1 + 1e-9));
        expect((min / placed) * LIMITS.shrink).toBeGreaterThanOrEqual(1 - 1e-9);
      }),
    );
  });

  it('is none when the span is wider than one placement reaches', () => {
    expect(squeezeForSpan(10, { min: 10, max: 10 * 1.25 * 1.1 * 1.01 }, LIMITS)).toBeNull();
    expect(squeezeForSpan(0, { min: 10, max: 11 }, LIMITS)).toBeNull();
  });

  it('is squeezed by the factor asked for on x, about the point the zoom holds still, and no further in than its margin covers', () => {
    const m = { x0: 0, spacing: 4, yA: 300, ySpan: -10 };
    const size = { width: 1000, height: 600 };
    const margin = { x: 120, y: 72 };
    // Zoomed out about x = 700.
    const zoomed = { ...m, x0: 700 + (m.x0 - 700) / 1.05, spacing: m.spacing / 1.05 };
    const t = placementTransform(m, margin, zoomed);
    if (!t) throw new Error('no transform');
    const out = squeezeAhead(t, margin, size, { out: 1.18, in: 1.03 }, margin, 0.95);
    expect(out?.x).toBe(0.95);
    expect(out?.cx).toBeCloseTo(700, 6);
    // Further in than the margin covers: as far as it does (120 px over the 700 px to the far edge).
    const within = squeezeAhead(t, margin, size, { out: 1.18, in: 1.03 }, margin, 1.5);
    expect(within?.x).toBeCloseTo(1 + 119 / 700, 9);
  });
});
