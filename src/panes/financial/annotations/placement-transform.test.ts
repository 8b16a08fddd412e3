import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coversPane,
  enlarges,
  isScaled,
  type Mapping,
  placementTransform,
  stretchOf,
  toPane,
  toPlacement,
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
    expect(t && stretchOf(t)).toBeCloseTo(1.25, 12);
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
