/**
 * Mouse, pen and touch on a chart's annotations: click to select, drag to move (one undo step on
 * release), click with an armed tool to draw. Chart panning is paused while an annotation is dragged.
 */
import type { AnnotationKind } from '../../../state/workspace-document';
import type { FinancialChart } from '../financial-chart';

export interface AnnotationPointerHandlers {
  tool(): AnnotationKind | null;
  draw(kind: AnnotationKind, at: { time: number; price: number }): void;
  select(id: string | null): void;
  /** A double-click on an annotation opens its editor. */
  edit(id: string): void;
  dragMove(id: string, at: { time: number; price: number }): void;
  dragEnd(id: string, at: { time: number; price: number } | null): void;
}

const DRAG_THRESHOLD_PX = 3;

export function attachAnnotationPointer(
  container: HTMLElement,
  chart: FinancialChart,
  handlers: AnnotationPointerHandlers,
): () => void {
  const local = (e: MouseEvent) => {
    const r = container.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const p = local(e);
    const kind = handlers.tool();
    if (kind) {
      const at = chart.pointAt(p.x, p.y, true);
      if (at) {
        e.preventDefault();
        e.stopPropagation();
        handlers.draw(kind, at);
      }
      return;
    }
    const hit = chart.annotationAt(p.x, p.y);
    handlers.select(hit?.id ?? null);
    if (!hit || hit.locked) return;
    e.preventDefault();
    e.stopPropagation();
    chart.setInteractive(false);
    container.setPointerCapture(e.pointerId);
    let moved = false;
    let last: { time: number; price: number } | null = null;
    const onMove = (m: PointerEvent) => {
      const q = local(m);
      if (!moved && Math.hypot(q.x - p.x, q.y - p.y) < DRAG_THRESHOLD_PX) return;
      moved = true;
      last = chart.pointAt(q.x, q.y, true);
      if (last) handlers.dragMove(hit.id, last);
    };
    const onUp = () => {
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerup', onUp);
      container.removeEventListener('pointercancel', onUp);
      chart.setInteractive(true);
      handlers.dragEnd(hit.id, moved ? last : null);
    };
    container.addEventListener('pointermove', onMove);
    container.addEventListener('pointerup', onUp);
    container.addEventListener('pointercancel', onUp);
  };

  const onDoubleClick = (e: MouseEvent) => {
    const p = local(e);
    const hit = chart.annotationAt(p.x, p.y);
    if (!hit) return;
    e.preventDefault();
    e.stopPropagation();
    handlers.edit(hit.id);
  };

  // Capture phase: the chart library must not start a pan when an annotation is grabbed.
  container.addEventListener('pointerdown', onPointerDown, true);
  container.addEventListener('dblclick', onDoubleClick, true);
  return () => {
    container.removeEventListener('pointerdown', onPointerDown, true);
    container.removeEventListener('dblclick', onDoubleClick, true);
  };
}
