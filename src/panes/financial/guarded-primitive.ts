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

/**
 * The guarded twin of each view, made once: lightweight-charts keeps its own wrapper of a view's
 * renderer while the renderer stays the same object, so a new twin each paint would undo that.
 */
function twins<T extends object>(make: (inner: T) => T): (inner: T) => T {
  const made = new WeakMap<T, T>();
  return (inner) => {
    let twin = made.get(inner);
    if (!twin) {
      twin = make(inner);
      made.set(inner, twin);
    }
    return twin;
  };
}

function guardedPaneView(view: IPrimitivePaneView, guard: DrawGuard): IPrimitivePaneView {
  const renderers = twins<IPrimitivePaneRenderer>((renderer) => guardedRenderer(renderer, guard));
  return {
    zOrder: () => guard.run(undefined, () => view.zOrder?.()) ?? 'normal',
    renderer: () =>
      guard.run(null, () => {
        const renderer = view.renderer();
        return renderer && renderers(renderer);
      }),
  };
}

function guardedAxisView(view: ISeriesPrimitiveAxisView, guard: DrawGuard): ISeriesPrimitiveAxisView {
  return {
    coordinate: () => guard.run(0, () => view.coordinate()),
    fixedCoordinate: () => guard.run(undefined, () => view.fixedCoordinate?.()),
    text: () => guard.run('', () => view.text()),
    textColor: () => guard.run('transparent', () => view.textColor()),
    backColor: () => guard.run('transparent', () => view.backColor()),
    visible: () => guard.run(false, () => view.visible?.() ?? true),
    tickVisible: () => guard.run(false, () => view.tickVisible?.() ?? true),
  };
}

export function guardedPrimitive(
  primitive: ISeriesPrimitive<Time>,
  guard: DrawGuard,
): ISeriesPrimitive<Time> {
  const paneView = twins<IPrimitivePaneView>((view) => guardedPaneView(view, guard));
  const axisView = twins<ISeriesPrimitiveAxisView>((view) => guardedAxisView(view, guard));
  return {
    attached: (param) => guard.run(undefined, () => primitive.attached?.(param)),
    detached: () => guard.run(undefined, () => primitive.detached?.()),
    updateAllViews: () => guard.run(undefined, () => primitive.updateAllViews?.()),
    paneViews: () =>
      guard.run<readonly IPrimitivePaneView[]>(NO_VIEWS, () =>
        (primitive.paneViews?.() ?? NO_VIEWS).map(paneView),
      ),
    priceAxisViews: () =>
      guard.run<readonly ISeriesPrimitiveAxisView[]>(NO_VIEWS, () =>
        (primitive.priceAxisViews?.() ?? NO_VIEWS).map(axisView),
      ),
    timeAxisViews: () =>
      guard.run<readonly ISeriesPrimitiveAxisView[]>(NO_VIEWS, () =>
        (primitive.timeAxisViews?.() ?? NO_VIEWS).map(axisView),
      ),
    autoscaleInfo: (start, end) => guard.run(null, () => primitive.autoscaleInfo?.(start, end) ?? null),
    hitTest: (x, y) => guard.run(null, () => primitive.hitTest?.(x, y) ?? null),
  };
}
