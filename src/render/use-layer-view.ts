import type { Container } from 'pixi.js';
import { createContext, type RefObject, useContext, useEffect, useRef, useState } from 'react';
import { useDrawGuard } from './draw-failure';
import type { LayerView, SharedLayer } from './shared-layer';

/** The workstation's one shared layer, provided by the entry point to every pane that draws with it. */
export const SharedLayerContext = createContext<SharedLayer | null>(null);

function useSharedLayer(): SharedLayer {
  const layer = useContext(SharedLayerContext);
  if (!layer) throw new Error('useLayerView needs a SharedLayerContext provider');
  return layer;
}

export interface Size {
  width: number;
  height: number;
}

/** The element's content size, followed with a ResizeObserver (tile resizes, maximize, window). */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * Registers a pane's canvas with the shared layer while the component is mounted and keeps the
 * layer told of its size. The returned `invalidate` asks for a redraw with the latest `draw`.
 */
export function useLayerView(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  size: Size,
  draw: (scene: Container) => void,
  /** `#rrggbb`, or null for a transparent overlay. */
  background: string | null,
): () => void {
  const latest = useRef({ draw, background });
  latest.current = { draw, background };
  const viewRef = useRef<LayerView | null>(null);
  const layer = useSharedLayer();
  const guard = useDrawGuard();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const view = layer.attach({
      canvas,
      // A failed pane stops drawing (its error shows instead) and stops failing every frame.
      draw: (scene) => guard.run(undefined, () => latest.current.draw(scene)),
      background: () => latest.current.background,
      onError: (error) => guard.fail(error),
    });
    viewRef.current = view;
    return () => {
      view.detach();
      viewRef.current = null;
    };
  }, [layer, canvasRef, guard]);

  useEffect(() => viewRef.current?.resize(size.width, size.height), [size]);

  return useRef(() => viewRef.current?.invalidate()).current;
}
