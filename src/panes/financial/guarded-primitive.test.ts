import type { IPrimitivePaneRenderer, ISeriesPrimitive, Time } from 'lightweight-charts';
import { describe, expect, it, vi } from 'vitest';
import { DrawGuard } from '../../render/draw-guard';
import { guardedPrimitive } from './guarded-primitive';

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];
const target = {} as Target;

function primitiveDrawing(draw: () => void): ISeriesPrimitive<Time> {
  const renderer = { draw };
  const view = { zOrder: () => 'bottom' as const, renderer: () => renderer };
  return {
    paneViews: () => [view],
    priceAxisViews: () => [
      { coordinate: () => 12, text: () => '101.25', textColor: () => '#fff', backColor: () => '#000' },
    ],
  };
}

describe('guardedPrimitive', () => {
  it("hands lightweight-charts the primitive's views and draws through them", () => {
    const draw = vi.fn();
    const guarded = guardedPrimitive(primitiveDrawing(draw), new DrawGuard('p', vi.fn()));
    const [view] = guarded.paneViews?.() ?? [];
    expect(view?.zOrder?.()).toBe('bottom');
    view?.renderer()?.draw(target);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(view?.renderer()?.drawBackground).toBeUndefined();
    // The same view and renderer each paint, as lightweight-charts caches its wrappers by them.
    expect(guarded.paneViews?.()[0]).toBe(view);
    expect(view?.renderer()).toBe(view?.renderer());
    const [label] = guarded.priceAxisViews?.() ?? [];
    expect([label?.coordinate(), label?.text(), label?.visible?.(), label?.tickVisible?.()]).toEqual([
      12,
      '101.25',
      true,
      true,
    ]);
    expect(guarded.autoscaleInfo?.(0 as never, 1 as never)).toBeNull();
  });

  it("keeps an error in the primitive's drawing from the chart's paint, tells the pane, then draws nothing", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailure = vi.fn();
    const guarded = guardedPrimitive(
      primitiveDrawing(() => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      }),
      new DrawGuard('p', onFailure),
    );
    const renderer = guarded.paneViews?.()[0]?.renderer();
    expect(() => renderer?.draw(target)).not.toThrow();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(guarded.paneViews?.()).toEqual([]);
    expect(guarded.priceAxisViews?.()).toEqual([]);
  });
});
