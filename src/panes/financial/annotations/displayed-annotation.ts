import type { AnnotationSession, DrawingDraft } from '../../../session/session-store';
import { createDrawing, placed } from '../../../state/annotation-edits';
import { anchorCount } from '../../../state/drawing-kinds';
import type { Annotation } from '../../../state/workspace-document';

/** The annotation as shown: the drag position while it is being dragged. */
export function displayed(annotation: Annotation, drag: AnnotationSession['drag']): Annotation {
  if (!drag || drag.id !== annotation.id) return annotation;
  return placed(annotation, drag.place);
}

/** The id the drawing being placed is shown under (never saved: drafts are session state). */
export const DRAFT_ID = 'draft';

/**
 * The drawing being placed, as an annotation to preview: its placed anchors and, for the next one,
 * the pointer or keyboard cursor. Null until the first anchor is placed.
 */
export function draftPreview(draft: DrawingDraft | null): Annotation | null {
  if (!draft || draft.placed.length === 0) return null;
  const points = [...draft.placed];
  const next = draft.at ?? draft.placed[draft.placed.length - 1];
  while (points.length < anchorCount(draft.kind) && next) points.push(next);
  return createDrawing(draft.paneId, draft.kind, points, { id: DRAFT_ID });
}
