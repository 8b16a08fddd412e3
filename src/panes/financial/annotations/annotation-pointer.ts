/**
 * Mouse, pen and touch on a chart's annotations: click to select, drag a drawing or one of its
 * anchors (one undo step on release), and draw with an armed tool: one click for a line, two clicks
 * or a press-drag-release for a two-anchor drawing, whose preview follows the pointer. Chart panning
 * is paused while an annotation is dragged. A touch draws with taps and drags alike, but a touch
 * press places nothing until it is a tap or a drag: held still, it is the long-press that opens the
 * pane menu.
 */

import type { DrawingDraft } from '../../../session/session-store';
import type { AnnotationPlace } from '../../../state/annotation-edits';
import { type AnnotationKind, anchorCount, type DrawingPoint } from '../../../state/drawing-kinds';
import { LONG_PRESS_SLOP_PX } from '../../../ui/use-long-press';
import type { FinancialChart } from '../financial-chart';
import { draggedPlace, type Grab } from './annotation-geometry';

export interface AnnotationPointerHandlers {
  tool(): AnnotationKind | null;
  /** The drawing being placed, if any (on any pane). */
  draft(): DrawingDraft | null;
  setDraft(draft: DrawingDraft | null): void;
  /** The last anchor is placed: the drawing enters the document. */
  draw(kind: AnnotationKind, points: readonly DrawingPoint[]): void;
  select(id: string | null): void;
  /** A double-click on an annotation opens its editor. */
  edit(id: string): void;
  dragMove(id: string, place: AnnotationPlace): void;
  dragEnd(id: string, place: AnnotationPlace | null): void;
  /** A context menu is open: a touch press held still opened it (long-press), so it draws nothing. */
  menuOpen(): boolean;
}

const DRAG_THRESHOLD_PX = 3;

/** With Shift, the anchor being placed keeps the previous anchor's price: a level line. */
function constrained(at: DrawingPoint, placed: readonly DrawingPoint[], shift: boolean): DrawingPoint {
  const previous = placed[placed.length - 1];
  return shift && previous ? { time: at.time, price: previous.price } : at;
}

/**
 * While a touch press draws or drags, the browser must not take the gesture (scroll the workspace,
 * or swipe back through history): pointer events would end in pointercancel. Returns the release.
 */
function holdTouch(container: HTMLElement, e: PointerEvent): () => void {
  if (e.pointerType !== 'touch') return () => {};
  const hold = (t: TouchEvent) => {
    if (t.cancelable) t.preventDefault();
  };
  container.addEventListener('touchmove', hold, { passive: false });
  return () => container.removeEventListener('touchmove', hold);
}

export function attachAnnotationPointer(
  container: HTMLElement,
  paneId: string,
  chart: FinancialChart,
  handlers: AnnotationPointerHandlers,
): () => void {
  const local = (e: MouseEvent) => {
    const r = container.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const ownDraft = (kind: AnnotationKind) => {
    const draft = handlers.draft();
    return draft && draft.paneId === paneId && draft.kind === kind ? draft : null;
  };

  /** Places an anchor of a two-anchor tool at `at`; the last one draws it. */
  const place = (kind: AnnotationKind, at: DrawingPoint): readonly DrawingPoint[] | null => {
    const placed = [...(ownDraft(kind)?.placed ?? []), at];
    if (placed.length >= anchorCount(kind)) {
      handlers.draw(kind, placed);
      return null;
    }
    handlers.setDraft({ paneId, kind, placed, at });
    return placed;
  };

  const onDraw = (e: PointerEvent, kind: AnnotationKind) => {
    const p = local(e);
    const snapped = chart.pointAt(p.x, p.y, true);
    if (!snapped) return;
    e.preventDefault();
    e.stopPropagation();
    const at = constrained(snapped, ownDraft(kind)?.placed ?? [], e.shiftKey);
    const placed = place(kind, at);
    if (!placed) return;
    // Press, drag and release draws too: a release away from the press places the next anchor.
    chart.setInteractive(false);
    container.setPointerCapture(e.pointerId);
    const onUp = (u: PointerEvent) => {
      container.removeEventListener('pointerup', onUp);
      container.removeEventListener('pointercancel', onUp);
      chart.setInteractive(true);
      const q = local(u);
      if (u.type === 'pointercancel' || Math.hypot(q.x - p.x, q.y - p.y) < DRAG_THRESHOLD_PX) return;
      const end = chart.pointAt(q.x, q.y, true);
      if (end && ownDraft(kind)) place(kind, constrained(end, placed, u.shiftKey));
    };
    container.addEventListener('pointerup', onUp);
    container.addEventListener('pointercancel', onUp);
  };

  /**
   * A touch with a tool armed: a tap places an anchor where it lands; a drag past the long-press slop
   * places one at the press and, on release, one at the lift; a press held still until the pane menu
   * opens places nothing. Not stopped here: the pane's long-press must see the press.
   */
  const onTouchDraw = (e: PointerEvent, kind: AnnotationKind) => {
    const p = local(e);
    const pressed = chart.pointAt(p.x, p.y, true);
    if (!pressed) return;
    // No compatibility mouse events: the chart library would take them for a mouse press.
    e.preventDefault();
    chart.setInteractive(false);
    const release = holdTouch(container, e);
    const before = ownDraft(kind)?.placed ?? [];
    // Undefined while it is a press; once a drag, the anchors placed (null: the press finished the drawing).
    let dragged: readonly DrawingPoint[] | null | undefined;
    const onMove = (m: PointerEvent) => {
      if (m.pointerId !== e.pointerId || dragged !== undefined || handlers.menuOpen()) return;
      const q = local(m);
      if (Math.hypot(q.x - p.x, q.y - p.y) <= LONG_PRESS_SLOP_PX) return;
      // A drag: the press is the first anchor, and the preview follows the finger from it.
      dragged = place(kind, constrained(pressed, before, m.shiftKey));
    };
    const onUp = (u: PointerEvent) => {
      if (u.pointerId !== e.pointerId) return;
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerup', onUp);
      container.removeEventListener('pointercancel', onUp);
      release();
      chart.setInteractive(true);
      if (u.type === 'pointercancel' || handlers.menuOpen()) return;
      if (dragged === undefined) {
        place(kind, constrained(pressed, before, u.shiftKey));
        return;
      }
      const q = local(u);
      const end = chart.pointAt(q.x, q.y, true);
      if (dragged && end && ownDraft(kind)) place(kind, constrained(end, dragged, u.shiftKey));
    };
    container.addEventListener('pointermove', onMove);
    container.addEventListener('pointerup', onUp);
    container.addEventListener('pointercancel', onUp);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const kind = handlers.tool();
    if (kind && e.pointerType === 'touch') {
      onTouchDraw(e, kind);
      return;
    }
    if (kind) {
      onDraw(e, kind);
      return;
    }
    const p = local(e);
    const hit = chart.hitAt(p.x, p.y);
    handlers.select(hit?.id ?? null);
    const from = chart.pointAt(p.x, p.y, true);
    if (!hit || hit.annotation.locked || !from) return;
    const touch = e.pointerType === 'touch';
    e.preventDefault();
    // A finger held still on a drawing opens the pane menu with the drawing selected (its commands:
    // edit, alert, lock, delete): the pane's long-press must see the press, so a touch is not stopped
    // here; the chart, paused, does not pan. A finger moves a drawing once past the long-press slop.
    if (!touch) e.stopPropagation();
    chart.setInteractive(false);
    container.setPointerCapture(e.pointerId);
    const release = holdTouch(container, e);
    const grab: Grab = { anchor: hit.anchor, from };
    const threshold = touch ? LONG_PRESS_SLOP_PX : DRAG_THRESHOLD_PX;
    let moved = false;
    let last: AnnotationPlace | null = null;
    const onMove = (m: PointerEvent) => {
      if (!moved && handlers.menuOpen()) return;
      const q = local(m);
      if (!moved && Math.hypot(q.x - p.x, q.y - p.y) <= threshold) return;
      moved = true;
      const to = chart.pointAt(q.x, q.y, true);
      if (!to) return;
      last = draggedPlace(hit.annotation, grab, to, chart.times());
      handlers.dragMove(hit.id, last);
    };
    const onUp = () => {
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerup', onUp);
      container.removeEventListener('pointercancel', onUp);
      release();
      chart.setInteractive(true);
      handlers.dragEnd(hit.id, moved ? last : null);
    };
    container.addEventListener('pointermove', onMove);
    container.addEventListener('pointerup', onUp);
    container.addEventListener('pointercancel', onUp);
  };

  // The preview's free end follows the pointer between the clicks.
  const onHover = (e: PointerEvent) => {
    const draft = handlers.draft();
    if (!draft || draft.paneId !== paneId || draft.placed.length === 0) return;
    const p = local(e);
    const at = chart.pointAt(p.x, p.y, true);
    if (at) handlers.setDraft({ ...draft, at: constrained(at, draft.placed, e.shiftKey) });
  };

  const onDoubleClick = (e: MouseEvent) => {
    if (handlers.tool()) return;
    const p = local(e);
    const hit = chart.annotationAt(p.x, p.y);
    if (!hit) return;
    e.preventDefault();
    e.stopPropagation();
    handlers.edit(hit.id);
  };

  // Capture phase: the chart library must not start a pan when an annotation is grabbed.
  container.addEventListener('pointerdown', onPointerDown, true);
  container.addEventListener('pointermove', onHover);
  container.addEventListener('dblclick', onDoubleClick, true);
  return () => {
    container.removeEventListener('pointerdown', onPointerDown, true);
    container.removeEventListener('pointermove', onHover);
    container.removeEventListener('dblclick', onDoubleClick, true);
  };
}
