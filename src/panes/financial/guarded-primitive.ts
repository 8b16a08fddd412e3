/**
 * A series primitive as lightweight-charts sees it, with each call the chart makes into it (from its
 * paint, outside React) run by the pane's draw guard: an error in our drawings or session marks then
 * shows as the pane's error, where uncaught it stopped the chart's paint half-way and left stale bars.
 */
import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  Time,
} from 'lightweight-charts';
import type { DrawGuard } from '../../render/draw-guard';

const NO_VIEWS: readonly never[] = [];

function guardedRenderer(renderer: IPrimitivePaneRenderer, guard: DrawGuard): IPrimitivePaneRenderer {
  const { drawBackground } = renderer;
  return {
    draw: (target, utils) => guard.run(undefined, () => renderer.draw(target, utils)),
    ...(drawBackground && {
      drawBackground: (target, utils) =>
        guard.run(undefined, () => drawBackground.call(renderer, target, utils)),
    }),
  };
}

function guardedPaneViews(views: readonly IPrimitivePaneView[], guard: DrawGuard): IPrimitivePaneView[] {
  return views.map((view) => ({
    zOrder: () => guard.run(undefined, () => view.zOrder?.()) ?? 'normal',
    renderer: () =>
      guard.run(null, () => {
        const renderer = view.renderer();
        return renderer && guardedRenderer(renderer, guard);
      }),
  }));
}

function guardedAxisViews(
  views: readonly ISeriesPrimitiveAxisView[],
  guard: DrawGuard,
): ISeriesPrimitiveAxisView[] {
  return views.map((view) => ({
    coordinate: () => guard.run(0, () => view.coordinate()),
    fixedCoordinate: () => guard.run(undefined, () => view.fixedCoordinate?.()),
    text: () => guard.run('', () => view.text()),
    textColor: () => guard.run('transparent', () => view.textColor()),
    backColor: () => guard.run('transparent', () => view.backColor()),
    visible: () => guard.run(false, () => view.visible?.() ?? true),
    tickVisible: () => guard.run(false, () => view.tickVisible?.() ?? true),
  }));
}

export function guardedPrimitive(
  primitive: ISeriesPrimitive<Time>,
  guard: DrawGuard,
): ISeriesPrimitive<Time> {
  return {
    attached: (param) => guard.run(undefined, () => primitive.attached?.(param)),
    detached: () => guard.run(undefined, () => primitive.detached?.()),
    updateAllViews: () => guard.run(undefined, () => primitive.updateAllViews?.()),
    paneViews: () =>
      guard.run<readonly IPrimitivePaneView[]>(NO_VIEWS, () =>
        guardedPaneViews(primitive.paneViews?.() ?? NO_VIEWS, guard),
      ),
    priceAxisViews: () =>
      guard.run<readonly ISeriesPrimitiveAxisView[]>(NO_VIEWS, () =>
        guardedAxisViews(primitive.priceAxisViews?.() ?? NO_VIEWS, guard),
      ),
    timeAxisViews: () =>
      guard.run<readonly ISeriesPrimitiveAxisView[]>(NO_VIEWS, () =>
        guardedAxisViews(primitive.timeAxisViews?.() ?? NO_VIEWS, guard),
      ),
    autoscaleInfo: (start, end) => guard.run(null, () => primitive.autoscaleInfo?.(start, end) ?? null),
    hitTest: (x, y) => guard.run(null, () => primitive.hitTest?.(x, y) ?? null),
  };
}
