import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AHEAD_SCREENS, EarlierEdge } from './earlier-edge';

const WIDTH = 600;
const MINUTE = 60;
/** The first bar held, and views in minutes from it (negative: before it). */
const FIRST = 1_700_000_000;
const view = (from: number, to: number, widthPx = WIDTH) => ({
  from: FIRST + from * MINUTE,
  to: FIRST + to * MINUTE,
  first: FIRST,
  widthPx,
});

describe('EarlierEdge', () => {
  it('leaves the view a pane opens on alone, all bars in it or not', () => {
    expect(new EarlierEdge(WIDTH).wants(view(0, 5000))).toBe(false);
    expect(new EarlierEdge(WIDTH).wants(view(4000, 5000))).toBe(false);
  });

  it('asks once the user moves left to within AHEAD_SCREENS screens of the first bar', () => {
    const edge = new EarlierEdge(WIDTH);
    const screen = 200;
    const at = (screens: number) => view(screens * screen, (screens + 1) * screen);
    expect(edge.wants(at(AHEAD_SCREENS + 2))).toBe(false);
    // Left, but still more than AHEAD_SCREENS screens from the first bar.
    expect(edge.wants(at(AHEAD_SCREENS + 0.5))).toBe(false);
    expect(edge.wants(at(AHEAD_SCREENS - 0.1))).toBe(true);
  });

  it('counts in time: finer bars swapped in, or a page, renumber bars but move no time', () => {
    // The view holds still in time while its bars change: no ask, however the positions moved.
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(600, 1200))).toBe(false);
    for (let i = 0; i < 5; i++) expect(edge.wants(view(600, 1200))).toBe(false);
    // A tiny move back is rounding; a real one, within two screens, asks.
    expect(edge.wants(view(599.9999, 1199.9999))).toBe(false);
    expect(edge.wants(view(500, 1100))).toBe(true);
  });

  it('asks for a view that opens on space before the first bar (kept from a push there)', () => {
    expect(new EarlierEdge(WIDTH).wants(view(-40, 160))).toBe(true);
  });

  it('counts a drag that went past the first bar and was drawn back before the view held', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5000))).toBe(false);
    edge.moved(FIRST - 30 * MINUTE);
    expect(edge.wants(view(0, 5000))).toBe(true);
  });

  it('never asks for live bars moving the view right', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5000))).toBe(false);
    for (let i = 1; i < 20; i++) {
      edge.moved(FIRST + i * MINUTE);
      expect(edge.wants(view(i, 5000 + i))).toBe(false);
    }
  });

  it('does not take a resize for a move: wider shows space before the first bar, and nobody asked', () => {
    const edge = new EarlierEdge(WIDTH);
    expect(edge.wants(view(0, 5000))).toBe(false);
    expect(edge.wants(view(-2436, 5000, 1000))).toBe(false);
    // The user then zooms out from there: that asks.
    expect(edge.wants(view(-3000, 5000, 1000))).toBe(true);
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
        // A pane opens on bars (one that opens on space before them was pushed there: it asks).
        fc.integer({ min: 0, max: 500 }),
        (steps, start) => {
          const edge = new EarlierEdge(900);
          let floor = start;
          let width = 900;
          let from = start;
          // The view the pane opens on.
          expect(edge.wants(view(from, from + 200, width))).toBe(false);
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
