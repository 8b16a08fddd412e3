import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EarlierEdge } from './earlier-edge';

const WIDTH = 600;
const view = (from: number, to: number, widthPx = WIDTH) => ({ from, to, widthPx });

describe('EarlierEdge', () => {
  it('leaves the view a pane opens on alone, all bars in it or not', () => {
    expect(new EarlierEdge(WIDTH).wants(view(0, 5001))).toBe(false);
    expect(new EarlierEdge(WIDTH).wants(view(4000, 5001))).toBe(false);
  });

  it('asks once the user moves left to within half a screen of the first bar', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(300, 500))).toBe(false);
    // Left, but still more than half a screen (100 bars) from the first bar.
    expect(edge.wants(view(150, 350))).toBe(false);
    expect(edge.wants(view(90, 290))).toBe(true);
  });

  it('asks for a view that opens on space before the first bar (kept from a push there)', () => {
    expect(new EarlierEdge(WIDTH).wants(view(-40, 160))).toBe(true);
  });

  it('counts a drag that went past the first bar and was drawn back before the view held', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5001))).toBe(false);
    edge.moved(-30);
    expect(edge.wants(view(0, 5001))).toBe(true);
  });

  it('never asks for live bars moving the view right', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5001))).toBe(false);
    for (let i = 1; i < 20; i++) {
      edge.moved(i);
      expect(edge.wants(view(i, 5001 + i))).toBe(false);
    }
  });

  it('does not take a resize for a move: wider shows space before the first bar, and nobody asked', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5001))).toBe(false);
    expect(edge.wants(view(-2436, 5001, 1000))).toBe(false);
    // The user then zooms out from there: that asks.
    expect(edge.wants(view(-3000, 5001, 1000))).toBe(true);
  });

  it('does not take a resize before the view first held for a move either', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(-488, 1000, 900))).toBe(false);
    expect(edge.wants(view(-488, 1000, 900))).toBe(false);
    expect(edge.wants(view(-600, 1000, 900))).toBe(true);
  });

  it('views that never go left of where the last resize left them never ask (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ move: fc.integer({ min: -50, max: 300 }), widthPx: fc.constantFrom(400, 600, 900) }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: -500, max: 500 }),
        (steps, start) => {
          const edge = new EarlierEdge(WIDTH);
          // Resized before the view first held: whatever it shows is where the user starts from.
          expect(edge.wants(view(start, start + 200, 900))).toBe(false);
          let floor = start;
          let width = 900;
          let from = start;
          for (const { move, widthPx } of steps) {
            // A resize may show more or less at the left; otherwise the view moves, never left of `floor`.
            from = widthPx !== width ? from - move : Math.max(floor, from + move);
            if (widthPx !== width) floor = from;
            width = widthPx;
            expect(edge.wants(view(from, from + 200, widthPx))).toBe(false);
          }
        },
      ),
    );
  });
});
