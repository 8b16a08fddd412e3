/**
 * Pure edits of annotations. A locked annotation refuses moves and deletion here, in one place,
 * whatever asked for it (mouse, keys, menu, list).
 */
import type { Annotation, AnnotationKind, WorkspaceDocument } from './workspace-document';

let counter = 0;

export function newAnnotationId(): string {
  counter += 1;
  return `a${Date.now().toString(36)}${counter.toString(36)}`;
}

export const ANNOTATION_DEFAULTS = {
  color: '#2962ff',
  lineStyle: 'dashed',
  lineWidth: 1,
} as const;

/** A new annotation of `kind` through (time, price); a horizontal line keeps no time, a vertical no price. */
export function createAnnotation(
  paneId: string,
  kind: AnnotationKind,
  time: number,
  price: number,
  overrides: Partial<Annotation> = {},
): Annotation {
  return {
    id: newAnnotationId(),
    paneId,
    kind,
    ...(kind === 'horizontal-line' ? {} : { time }),
    ...(kind === 'vertical-line' ? {} : { price }),
    label: '',
    color: ANNOTATION_DEFAULTS.color,
    lineStyle: ANNOTATION_DEFAULTS.lineStyle,
    lineWidth: ANNOTATION_DEFAULTS.lineWidth,
    locked: false,
    hidden: false,
    ...overrides,
  };
}

export function addAnnotation(doc: WorkspaceDocument, annotation: Annotation): WorkspaceDocument {
  if (!doc.panes[annotation.paneId]) return doc;
  return { ...doc, annotations: { ...doc.annotations, [annotation.id]: annotation } };
}

/** The fields an edit that is not a move may change. */
export type AnnotationPatch = Partial<
  Pick<Annotation, 'label' | 'color' | 'lineStyle' | 'lineWidth' | 'locked' | 'hidden'>
>;

/** Edits that are not moves (label, colour, style, width, lock, visibility). */
export function updateAnnotation(
  doc: WorkspaceDocument,
  id: string,
  patch: AnnotationPatch,
): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current) return doc;
  const changed = (Object.keys(patch) as (keyof typeof patch)[]).some((k) => current[k] !== patch[k]);
  return changed ? { ...doc, annotations: { ...doc.annotations, [id]: { ...current, ...patch } } } : doc;
}

/** Moves to a new point; only the coordinates the kind has are changed. Locked ones stay. */
export function moveAnnotation(
  doc: WorkspaceDocument,
  id: string,
  time: number,
  price: number,
): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current || current.locked) return doc;
  const next: Annotation = {
    ...current,
    ...(current.time === undefined ? {} : { time }),
    ...(current.price === undefined ? {} : { price }),
  };
  if (next.time === current.time && next.price === current.price) return doc;
  return { ...doc, annotations: { ...doc.annotations, [id]: next } };
}

export function deleteAnnotation(doc: WorkspaceDocument, id: string): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current || current.locked) return doc;
  const { [id]: _deleted, ...annotations } = doc.annotations;
  return { ...doc, annotations };
}

/** A copy with a new id, for paste and duplicate; pasted into `paneId` when given. */
export function copyAnnotation(
  source: Annotation,
  paneId = source.paneId,
  offset?: { time: number; price: number },
) {
  return createAnnotation(
    paneId,
    source.kind,
    (source.time ?? 0) + (offset?.time ?? 0),
    (source.price ?? 0) + (offset?.price ?? 0),
    {
      label: source.label,
      color: source.color,
      lineStyle: source.lineStyle,
      lineWidth: source.lineWidth,
      locked: false,
      hidden: false,
    },
  );
}

export function annotationsOf(doc: WorkspaceDocument, paneId: string): Annotation[] {
  return Object.values(doc.annotations).filter((a) => a.paneId === paneId);
}

export const KIND_NAMES: Record<AnnotationKind, string> = {
  'cross-line': 'Cross-line',
  'horizontal-line': 'Horizontal line',
  'vertical-line': 'Vertical line',
};
