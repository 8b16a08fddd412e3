import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIB_LEVELS, fibPrice } from '../../../state/drawing-kinds';
import {
  distanceToShapes,
  extendedSegment,
  FIB_LABEL_SPACING,
  NOTE_LINE_HEIGHT,
  noteTextWidth,
  type Px,
  type ShapeInput,
  shapesOf,
} from './drawing-shapes';

const box = { width: 800, height: 400 };

function input(
  kind: ShapeInput['kind'],
  px: Px[],
  points = px.map((p) => ({ time: p.x, price: 400 - p.y })),
) {
  return {
    kind,
    points,
    px,
    priceToY: (price: number) => 400 - price,
    formatPrice: (price: number) => price.toFixed(2),
    measure: () => 'measure',
    ...box,
  } satisfies ShapeInput;
}

describe('drawing shapes', () => {
  it('a trend line is the segment between its anchors; a ray runs on to the edge; an extended line both ways', () => {
    const a = { x: 100, y: 300 };
    const b = { x: 200, y: 200 };
    expect(shapesOf(input('trend-line', [a, b]))).toEqual([{ type: 'segment', from: a, to: b }]);
    const [ray] = shapesOf(input('ray', [a, b]));
    expect(ray).toMatchObject({ type: 'segment', from: a });
    expect(ray?.type === 'segment' && ray.to).toEqual({ x: 400, y: 0 });
    const [extended] = shapesOf(input('extended-line', [a, b]));
    expect(extended?.type === 'segment' && [extended.from, extended.to]).toEqual([
      { x: 0, y: 400 },
      { x: 400, y: 0 },
    ]);
  });

  it('a horizontal ray runs from its point to the right edge', () => {
    expect(shapesOf(input('horizontal-ray', [{ x: 300, y: 50 }]))).toEqual([
      { type: 'segment', from: { x: 300, y: 50 }, to: { x: 800, y: 50 } },
    ]);
  });

  it('drawings wholly off the pane have no shapes (they cost nothing to draw or hit-test)', () => {
    const off = [
      { x: -300, y: 100 },
      { x: -100, y: 200 },
    ];
    expect(shapesOf(input('trend-line', off))).toEqual([]);
    expect(shapesOf(input('rectangle', off))).toEqual([]);
    expect(shapesOf(input('fib-retracement', off))).toEqual([]);
    expect(shapesOf(input('date-price-range', off))).toEqual([]);
    // A ray pointing into the pane is visible even though both anchors are off it.
    expect(shapesOf(input('ray', off)).length).toBe(1);
  });

  it('a clipped segment stays inside the box and on the line (property)', () => {
    const coordinate = fc.double({ min: -2000, max: 2000, noNaN: true });
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        fc.boolean(),
        fc.boolean(),
        (ax, ay, bx, by, back, forward) => {
          fc.pre(Math.hypot(bx - ax, by - ay) > 1e-3);
          const clipped = extendedSegment({ x: ax, y: ay }, { x: bx, y: by }, box, back, forward);
          if (!clipped) return;
          for (const p of [clipped.from, clipped.to]) {
            expect(p.x).toBeGreaterThanOrEqual(-1e-6);
            expect(p.x).toBeLessThanOrEqual(box.width + 1e-6);
            expect(p.y).toBeGreaterThanOrEqual(-1e-6);
            expect(p.y).toBeLessThanOrEqual(box.height + 1e-6);
            const cross = (bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax);
            expect(Math.abs(cross) / Math.hypot(bx - ax, by - ay)).toBeLessThan(1e-6 * 4000);
          }
        },
      ),
      { seed: 11 },
    );
  });

  it('a Fibonacci retracement draws a level line and label per level, 0 at the second anchor', () => {
    const shapes = shapesOf(
      input('fib-retracement', [
        { x: 100, y: 300 },
        { x: 300, y: 100 },
      ]),
    );
    const labels = shapes.filter((s) => s.type === 'label').map((s) => (s.type === 'label' ? s.text : ''));
    expect(labels).toEqual(FIB_LEVELS.map((level) => `${level} (${fibPrice(100, 300, level).toFixed(2)})`));
    expect(labels[0]).toBe('0 (300.00)');
    expect(labels[labels.length - 1]).toBe('1 (100.00)');
  });

  it('hit-testing: near a line, on a box edge or inside it', () => {
    const trend = shapesOf(
      input('trend-line', [
        { x: 0, y: 0 },
        { x: 100, y: 100 },
      ]),
    );
    expect(distanceToShapes(trend, { x: 50, y: 53 })).toBeCloseTo(3 / Math.SQRT2, 6);
    expect(distanceToShapes(trend, { x: 150, y: 150 })).toBeCloseTo(50 * Math.SQRT2, 6);
    const rect = shapesOf(
      input('rectangle', [
        { x: 100, y: 100 },
        { x: 200, y: 150 },
      ]),
    );
    expect(distanceToShapes(rect, { x: 150, y: 120 })).toBe(0);
    expect(distanceToShapes(rect, { x: 205, y: 120 })).toBe(5);
  });
});

describe('text notes and arrow markers', () => {
  it('a note is a card above and right of its point, as wide as its text, grabbed anywhere on it', () => {
    const at = { x: 100, y: 200 };
    const [note] = shapesOf({ ...input('text-note', [at]), text: 'Breakout' });
    expect(note).toEqual({
      type: 'note',
      from: { x: 100, y: 178 },
      to: { x: 100 + noteTextWidth('Breakout') + 12, y: 200 },
      text: 'Breakout',
    });
    const shapes = note ? [note] : [];
    expect(distanceToShapes(shapes, { x: 130, y: 190 })).toBe(0);
    expect(distanceToShapes(shapes, { x: 90, y: 190 })).toBe(10);
  });

  it('a note of several lines is a card a line taller for each, as wide as its longest line', () => {
    const at = { x: 100, y: 200 };
    const [one] = shapesOf({ ...input('text-note', [at]), text: 'Breakout' });
    const [two] = shapesOf({ ...input('text-note', [at]), text: 'Breakout\nabove 95,000' });
    expect(two).toEqual({
      type: 'note',
      from: { x: 100, y: 200 - 22 - NOTE_LINE_HEIGHT },
      to: { x: 100 + noteTextWidth('above 95,000') + 12, y: 200 },
      text: 'Breakout\nabove 95,000',
    });
    expect(one?.type === 'note' && one.from.y).toBe(178);
  });

  it('a note whose card would run past the live edge opens to the left of its point', () => {
    const at = { x: 760, y: 200 };
    const width = noteTextWidth('At the high') + 12;
    // The plot ends at 790 with the latest bar in view: the card turns left, its corner on the point.
    const [left] = shapesOf({ ...input('text-note', [at]), text: 'At the high', liveEdge: 790 });
    expect(left).toMatchObject({ type: 'note', from: { x: 760 - width, y: 178 }, to: { x: 760, y: 200 } });
    // Room enough, or scrolled back so the live edge is far right: as usual, right of its point.
    const [right] = shapesOf({ ...input('text-note', [at]), text: 'At the high', liveEdge: 2000 });
    expect(right).toMatchObject({ from: { x: 760 }, to: { x: 760 + width } });
  });

  it('a note without text says the default, and a longer text makes a wider card', () => {
    const [plain] = shapesOf(input('text-note', [{ x: 10, y: 50 }]));
    expect(plain).toMatchObject({ type: 'note', text: 'Text' });
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((t) => !t.includes('\n')),
        fc.string({ minLength: 1, maxLength: 40 }).filter((t) => !t.includes('\n')),
        (x, y) => {
          const width = (text: string) => {
            const [n] = shapesOf({ ...input('text-note', [{ x: 10, y: 50 }]), text });
            return n?.type === 'note' ? n.to.x - n.from.x : 0;
          };
          if (x.length < y.length) expect(width(x)).toBeLessThan(width(y));
        },
      ),
    );
  });

  it('an arrow marker points up at its anchor: a shaft and two head strokes meeting at the point', () => {
    const at = { x: 300, y: 100 };
    const shapes = shapesOf(input('arrow-marker', [at]));
    expect(shapes).toHaveLength(3);
    for (const shape of shapes) expect(shape.type === 'segment' && shape.to).toEqual(at);
    expect(distanceToShapes(shapes, { x: 300, y: 115 })).toBe(0);
  });

  it('notes and arrows off the pane are not drawn', () => {
    expect(shapesOf(input('arrow-marker', [{ x: 900, y: 100 }]))).toEqual([]);
    expect(shapesOf(input('text-note', [{ x: 100, y: -30 }]))).toEqual([]);
  });
});

describe('parallel channel', () => {
  it('is the line through the first two anchors, its parallel through the third, and the middle line', () => {
    const a = { x: 100, y: 300 };
    const b = { x: 300, y: 200 };
    const c = { x: 200, y: 150 };
    const shapes = shapesOf(input('parallel-channel', [a, b, c]));
    expect(shapes).toEqual([
      { type: 'segment', from: a, to: b },
      { type: 'segment', from: { x: 100, y: 200 }, to: { x: 300, y: 100 } },
      { type: 'segment', from: { x: 100, y: 250 }, to: { x: 300, y: 150 } },
    ]);
  });

  it('the parallel passes through the third anchor wherever it is', () => {
    // Well inside a big pane, so no line is clipped.
    const point = fc.record({
      x: fc.integer({ min: 1e4, max: 2e4 }),
      y: fc.integer({ min: 5e8, max: 5e8 + 1e4 }),
    });
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        fc.pre(b.x - a.x > 10);
        const shapes = shapesOf({ ...input('parallel-channel', [a, b, c]), width: 1e9, height: 1e9 });
        const parallel = shapes[1];
        expect(parallel?.type).toBe('segment');
        if (parallel?.type !== 'segment') return;
        const t = (c.x - parallel.from.x) / (parallel.to.x - parallel.from.x);
        expect(parallel.from.y + t * (parallel.to.y - parallel.from.y)).toBeCloseTo(c.y, 6);
      }),
    );
  });
});

describe('Fibonacci levels', () => {
  it('crowded levels keep their lines; labels are left out where they would print over each other, 0 and 1 first', () => {
    // 200 px of price for 2 px of screen: the levels are at most 2 px apart.
    const crowded = {
      ...input('fib-retracement', [
        { x: 100, y: 300 },
        { x: 300, y: 298 },
      ]),
      points: [
        { time: 100, price: 100 },
        { time: 300, price: 300 },
      ],
      priceToY: (price: number) => 300 - (price - 100) / 100,
    };
    const shapes = shapesOf(crowded);
    expect(shapes.filter((s) => s.type === 'segment')).toHaveLength(FIB_LEVELS.length + 1);
    const labels = shapes.filter((s) => s.type === 'label').map((s) => (s.type === 'label' ? s.text : ''));
    expect(labels).toEqual(['0 (300.00)']);
    // Spread out, every label is clear of the next.
    const spread = { ...crowded, priceToY: (price: number) => 400 - price };
    const ys = shapesOf(spread).flatMap((s) => (s.type === 'label' ? [s.at.y] : []));
    expect(ys).toHaveLength(FIB_LEVELS.length);
    for (let i = 1; i < ys.length; i++) {
      expect(Math.abs((ys[i] as number) - (ys[i - 1] as number))).toBeGreaterThanOrEqual(FIB_LABEL_SPACING);
    }
    // Left of the levels, where no level line runs through them; inside the box at the chart's edge.
    const place = (x: number) =>
      shapesOf({
        ...spread,
        px: [
          { x, y: 300 },
          { x: x + 200, y: 100 },
        ],
      }).flatMap((s) => (s.type === 'label' ? [`${s.align} ${s.at.x < x ? 'outside' : 'inside'}`] : []));
    expect(new Set(place(150))).toEqual(new Set(['right outside']));
    expect(new Set(place(20))).toEqual(new Set(['left inside']));
  });

  it('draws the levels it is given, and no hidden one', () => {
    const a = { x: 100, y: 300 };
    const b = { x: 300, y: 100 };
    const levels = [
      { value: 0, visible: true },
      { value: 0.5, visible: false },
      { value: 1.618, visible: true },
    ];
    const texts = shapesOf({ ...input('fib-retracement', [a, b]), height: 2000, fibLevels: levels })
      .filter((s) => s.type === 'label')
      .map((s) => (s.type === 'label' ? s.text.split(' ')[0] : ''));
    expect(texts).toEqual(['0', '1.618']);
  });
});

describe('price range', () => {
  it('is the date and price range without its level line: box, upright line and the change', () => {
    const a = { x: 100, y: 300 };
    const b = { x: 200, y: 100 };
    const price = shapesOf(input('price-range', [a, b]));
    const both = shapesOf(input('date-price-range', [a, b]));
    expect(price.map((s) => s.type)).toEqual(['box', 'segment', 'label']);
    expect(both.filter((s) => !price.some((p) => JSON.stringify(p) === JSON.stringify(s)))).toEqual([
      { type: 'segment', from: { x: 100, y: 200 }, to: { x: 200, y: 200 } },
    ]);
  });
});

describe('extend and fill', () => {
  const a = { x: 100, y: 300 };
  const b = { x: 200, y: 200 };

  it('a trend line reaches the left or right edge as asked, whichever anchor comes first', () => {
    const right = shapesOf({ ...input('trend-line', [a, b]), extendRight: true });
    expect(right).toEqual([{ type: 'segment', from: a, to: { x: 400, y: 0 } }]);
    const left = shapesOf({ ...input('trend-line', [b, a]), extendLeft: true });
    expect(left).toEqual([{ type: 'segment', from: b, to: { x: 0, y: 400 } }]);
    const both = shapesOf({ ...input('trend-line', [a, b]), extendLeft: true, extendRight: true });
    expect(both).toEqual([{ type: 'segment', from: { x: 0, y: 400 }, to: { x: 400, y: 0 } }]);
  });

  it('a filled channel has a band between its outer lines, drawn under them; an empty rectangle no fill', () => {
    const c = { x: 150, y: 150 };
    const filled = shapesOf({ ...input('parallel-channel', [a, b, c]), fill: true });
    expect(filled[0]).toEqual({
      type: 'band',
      corners: [a, b, { x: 200, y: 100 }, { x: 100, y: 200 }],
    });
    expect(filled.filter((s) => s.type === 'segment')).toHaveLength(3);
    expect(shapesOf(input('parallel-channel', [a, b, c])).some((s) => s.type === 'band')).toBe(false);
    expect(shapesOf({ ...input('rectangle', [a, b]), fill: false })).toEqual([
      { type: 'box', from: a, to: b, fill: 'none' },
    ]);
    expect(shapesOf(input('rectangle', [a, b]))[0]).toMatchObject({ fill: 'plain' });
  });

  it('labels a Fibonacci retracement and a measurer placed with a margin as without it, shifted', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.integer({ min: 0, max: 800 }), y: fc.integer({ min: 20, max: 380 }) }),
        fc.record({ x: fc.integer({ min: 0, max: 800 }), y: fc.integer({ min: 20, max: 380 }) }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom<ShapeInput['kind']>('fib-retracement', 'price-range', 'date-price-range'),
        (a, b, mx, my, kind) => {
          const plain = input(kind, [a, b]);
          const shift = (p: Px) => ({ x: p.x + mx, y: p.y + my });
          const margined: ShapeInput = {
            ...input(kind, [shift(a), shift(b)], plain.points),
            priceToY: (price: number) => plain.priceToY(price) + my,
            width: box.width + 2 * mx,
            height: box.height + 2 * my,
            pane: { left: mx, bottom: my + box.height },
          };
          const labels = (shapes: ReturnType<typeof shapesOf>, dx: number, dy: number) =>
            shapes
              .filter((shape) => shape.type === 'label')
              .map((l) => ({
                text: l.text,
                align: l.align,
                x: Math.round((l.at.x - dx) * 1e6) / 1e6,
                y: Math.round((l.at.y - dy) * 1e6) / 1e6,
              }));
          expect(labels(shapesOf(margined), mx, my)).toEqual(labels(shapesOf(plain), 0, 0));
        },
      ),
    );
  });
});
