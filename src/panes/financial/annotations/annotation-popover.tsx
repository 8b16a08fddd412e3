/**
 * The popover that edits one annotation next to where it is drawn: label, colour, line style, width
 * and lock, plus delete. Opened by "Edit annotation" (palette, context menu) and by a double-click on
 * the annotation. Escape, Enter in its label or a click elsewhere closes it; focus goes back to the pane.
 */
import { type RefObject, useEffect, useReducer, useRef } from 'react';
import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { useSession, useSessionStore } from '../../../session/session-context';
import { patchSession } from '../../../session/session-store';
import type { AnnotationPatch } from '../../../state/annotation-edits';
import { isAlertable } from '../../../state/price-alerts';
import type { FinancialChart } from '../financial-chart';
import { AnnotationEditor } from './annotation-editor';

const WIDTH = 260;
const HEIGHT = 250;
const GAP = 12;

interface AnnotationPopoverProps {
  paneId: string;
  chartRef: RefObject<FinancialChart | null>;
  /** The element the chart draws in; the popover is placed relative to its offset parent. */
  chartElementRef: RefObject<HTMLElement | null>;
}

export function AnnotationPopover({ paneId, chartRef, chartElementRef }: AnnotationPopoverProps) {
  const session = useSessionStore();
  const { run } = useWorkstation();
  const id = useSession((s) => s.annotation.popover?.annotationId ?? null);
  const popoverPane = useSession((s) => s.annotation.popover?.paneId ?? null);
  const annotation = useDocument((s) => (id ? s.document.annotations[id] : undefined));
  const ref = useRef<HTMLDivElement>(null);
  // Re-place on pan and zoom, so the popover stays beside its annotation.
  const [, repaint] = useReducer((n: number) => n + 1, 0);
  const open = annotation !== undefined && popoverPane === paneId;
  const chart = chartRef.current;
  const chartElement = chartElementRef.current;

  const close = (refocus: boolean) => {
    patchSession(session, 'annotation', { popover: null });
    if (refocus) chartElement?.closest<HTMLElement>('[data-pane-id]')?.focus();
  };

  useEffect(() => {
    if (!open || !chart) return;
    return chart.onVisibleRange(() => repaint());
  }, [open, chart]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) {
        patchSession(session, 'annotation', { popover: null });
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, session]);

  // A popover left open for an annotation that is gone (deleted, undone) closes itself.
  useEffect(() => {
    if (id && !annotation) patchSession(session, 'annotation', { popover: null });
  }, [id, annotation, session]);

  if (!open || !annotation) return null;

  const edit = (patch: AnnotationPatch, mergeKey?: string) =>
    run('update-annotation', { annotationId: annotation.id, patch, ...(mergeKey ? { mergeKey } : {}) });

  const area = {
    left: chartElement?.offsetLeft ?? 0,
    top: chartElement?.offsetTop ?? 0,
    width: chartElement?.clientWidth ?? WIDTH,
    height: chartElement?.clientHeight ?? HEIGHT,
  };
  // Beside a drawing's last anchor (where the pointer let go of it), or a line's point.
  const anchor = annotation.points?.[annotation.points.length - 1] ?? annotation;
  const point = chart?.coordinatesOf(anchor) ?? { x: null, y: null };
  const x = point.x ?? area.width / 2;
  const y = point.y ?? area.height / 3;
  // Beside the point, on the side with room, and never outside the chart.
  // A text note's card is above and right of its point: its editor opens below it, not over it.
  const note = annotation.kind === 'text-note';
  const left = note
    ? Math.min(Math.max(0, x), Math.max(0, area.width - WIDTH))
    : x + GAP + WIDTH <= area.width
      ? x + GAP
      : Math.max(0, x - GAP - WIDTH);
  const top = note
    ? Math.min(y + GAP, Math.max(0, area.height - HEIGHT))
    : Math.min(Math.max(0, y - HEIGHT / 2), Math.max(0, area.height - HEIGHT));

  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Edit annotation"
      className="annotation-popover"
      style={{ left: area.left + left, top: area.top + top, width: WIDTH }}
      onKeyDown={(e) => {
        // Keys typed here edit the annotation; they never reach the chart's or workspace's bindings.
        e.stopPropagation();
        if (e.key === 'Escape') close(true);
        // Enter in the label is done typing (a note's Shift+Enter is a new line); the text is in already.
        const inLabel = e.target instanceof HTMLElement && e.target.getAttribute('name') === 'label';
        if (e.key === 'Enter' && !e.shiftKey && inLabel) {
          e.preventDefault();
          close(true);
        }
      }}
    >
      <AnnotationEditor
        annotation={annotation}
        onEdit={edit}
        onPaneOnly={(paneOnly) =>
          run('update-annotation', { annotationId: annotation.id, patch: {}, paneOnly, paneId })
        }
        autoFocus
      />
      <div className="annotation-popover-actions">
        <button
          type="button"
          className="button"
          aria-disabled={annotation.locked}
          title={annotation.locked ? 'Locked: unlock it to delete' : undefined}
          onClick={() => {
            if (annotation.locked) return;
            run('delete-annotation', { annotationId: annotation.id });
            close(true);
          }}
        >
          Delete
        </button>
        {isAlertable(annotation.kind) && (
          <button
            type="button"
            className="button"
            onClick={() => {
              close(false);
              run('add-alert', { annotationId: annotation.id, paneId });
            }}
          >
            Add alert…
          </button>
        )}
        <button type="button" className="button primary" onClick={() => close(true)}>
          Done
        </button>
      </div>
    </div>
  );
}
