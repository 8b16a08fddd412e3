import { describe, expect, it } from 'vitest';
import type { Shape } from './drawing-shapes';
import { drawShapeItems } from './shape-renderer';

/** A 2D context that records the text calls with the styles in force (the rest are no-ops). */
function recordingContext() {
  const calls: string[] = [];
  const state = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineJoin: 'miter',
    font: '',
    textAlign: 'start',
  };
  const ctx = new Proxy(state as unknown as CanvasRenderingContext2D, {
    get(_target, key) {
      if (key === 'fillText' || key === 'strokeText')
        return (text: string, x: number, y: number) => {
          const style = key === 'fillText' ? state.fillStyle : `${state.strokeStyle} ${state.lineWidth}px`;
          calls.push(`${String(key)} ${text} ${x},${y} ${style}`);
        };
      if (key in state) return state[key as keyof typeof state];
      return () => undefined;
    },
    set(_target, key, value) {
      (state as Record<string, unknown>)[key as string] = value;
      return true;
    },
  });
  return { ctx, calls };
}

const label: Shape = { type: 'label', at: { x: 10, y: 20 }, text: '0.618 (2998.48)', align: 'right' };
const item = { shapes: [label], color: '#2962ff', lineStyle: 'solid' as const, width: 1 };

describe('drawShapeItems labels', () => {
  it("outline each label in the chart's background, under its text, when a halo is given", () => {
    const { ctx, calls } = recordingContext();
    drawShapeItems(ctx, [item], { hr: 2, vr: 2 }, { width: 200, height: 100 }, '#131722');
    expect(calls).toEqual([
      'strokeText 0.618 (2998.48) 20,40 #131722 8px',
      'fillText 0.618 (2998.48) 20,40 #2962ff',
    ]);
  });

  it('write the text alone without one', () => {
    const { ctx, calls } = recordingContext();
    drawShapeItems(ctx, [item], { hr: 1, vr: 1 }, { width: 200, height: 100 });
    expect(calls).toEqual(['fillText 0.618 (2998.48) 10,20 #2962ff']);
  });
});
