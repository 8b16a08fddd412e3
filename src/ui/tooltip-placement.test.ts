import { describe, expect, it } from 'vitest';
import { tooltipPlacement } from './tooltip-placement';

describe('tooltip placement', () => {
  const plot = { left: 0, top: 60, width: 400, height: 300 };
  const container = { width: 400, height: 360 };

  it('opens right of and below a point in the top left of the plot', () => {
    expect(tooltipPlacement({ x: 50, y: 40 }, plot, container, 16)).toEqual({ left: 66, top: 116 });
  });

  it('opens left of and above a point near the right and bottom edges', () => {
    expect(tooltipPlacement({ x: 380, y: 280 }, plot, container, 16)).toEqual({ right: 36, bottom: 36 });
  });
});
