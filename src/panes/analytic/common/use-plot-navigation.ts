import { type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { PaneId } from '../../../state/layout-node';
import type { Hit, Viewport, ViewWindow } from './chart';
import { registerViewControls } from './view-controls';
import { inViewport, panViewport, shiftViewport, zoomViewport, zoomViewportCentre } from './view-window';

export interface PlotNavigation {
  /** The item under the pointer, for the tooltip and the highlight. */
  hover: Hit | null;
  clearHover(): void;
  /** Shows an item as hovered (the keyboard data cursor). */
  showHit(hit: Hit | null): void;
  handlers: {
    onPointerDown(event: PointerEvent<HTMLDivElement>): void;
    onPointerMove(event: PointerEvent<HTMLDivElement>): void;
    onPointerUp(): void;
    onPointerCancel(): void;
    onPointerLeave(): void;
  };
}

const local = (event: PointerEvent<HTMLDivElement>) => {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
};

/**
 * Zoom and pan of a plot with a viewport, and hover of its items. The wheel zooms around the pointer,
 * a drag pans (a click is not a drag), and the chart-scope keys (+, -, arrows, Home) act through the
 * pane's registered view controls. `hitTest` is null while nothing can be hovered.
 */
export function usePlotNavigation(
  paneId: PaneId,
  plotRef: RefObject<HTMLDivElement | null>,
  viewport: Viewport | null,
  hitTest: ((x: number, y: number) => Hit | null) | null,
  setView: (view: ViewWindow | null) => void,
): PlotNavigation {
  const [hover, setHover] = useState<Hit | null>(null);
  const drag = useRef<{ x: number; y: number; viewport: Viewport; moved: boolean } | null>(null);
  const viewportRef = useRef(viewport);
  viewportRef.current = viewport;

  // A native listener, since React's wheel listeners are passive.
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    const onWheel = (event: WheelEvent) => {
      const current = viewportRef.current;
      if (!current) return;
      const rect = plot.getBoundingClientRect();
      const px = event.clientX - rect.left;
      const py = event.clientY - rect.top;
      if (!inViewport(current, px, py)) return;
      event.preventDefault();
      setView(zoomViewport(current, event.deltaY > 0 ? 1.25 : 0.8, px, py));
    };
    plot.addEventListener('wheel', onWheel, { passive: false });
    return () => plot.removeEventListener('wheel', onWheel);
  }, [plotRef, setView]);

  const zoomable = viewport !== null;
  useEffect(() => {
    if (!zoomable) return;
    const act = (next: (current: Viewport) => ViewWindow) => {
      const current = viewportRef.current;
      if (current) setView(next(current));
    };
    return registerViewControls(paneId, {
      zoom: (factor) => act((current) => zoomViewportCentre(current, factor)),
      pan: (fx, fy) => act((current) => shiftViewport(current, fx, fy)),
      reset: () => setView(null),
    });
  }, [paneId, zoomable, setView]);

  // A hovered item of an earlier layout may no longer exist.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new hit test stands for a new layout
  useEffect(() => setHover(null), [hitTest]);

  const endDrag = () => {
    drag.current = null;
  };
  return {
    hover,
    clearHover: () => setHover(null),
    showHit: setHover,
    handlers: {
      onPointerDown(event) {
        const p = local(event);
        if (event.button !== 0 || !viewport || !inViewport(viewport, p.x, p.y)) return;
        drag.current = { ...p, viewport, moved: false };
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove(event) {
        if (!hitTest) return;
        const p = local(event);
        const d = drag.current;
        if (d) {
          d.moved ||= Math.hypot(p.x - d.x, p.y - d.y) > 3;
          if (d.moved) {
            setHover(null);
            setView(panViewport(d.viewport, p.x - d.x, p.y - d.y));
          }
          return;
        }
        const hit = hitTest(p.x, p.y);
        setHover((current) => (current?.key === hit?.key ? current : hit));
      },
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onPointerLeave: () => setHover(null),
    },
  };
}
