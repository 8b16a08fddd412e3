/**
 * Pure edits of annotations. A locked annotation refuses moves and deletion here, in one place,
 * whatever asked for it (mouse, keys, menu, list).
 */
import { type AnnotationKind, type DrawingPoint, KIND_SPECS } from './drawing-kinds';
import { withoutOrphanAlerts } from './price-alerts';
import type { Annotation, PaneState, WorkspaceDocument } from './workspace-document';

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

/** Drawings (trend lines, rectangles...) are solid and a little heavier than the dashed guide lines. */
const DRAWING_DEFAULTS = { ...ANNOTATION_DEFAULTS, lineStyle: 'solid', lineWidth: 2 } as const;

function defaultsOf(kind: AnnotationKind) {
  return KIND_SPECS[kind].shaped ? DRAWING_DEFAULTS : ANNOTATION_DEFAULTS;
}

/** Where an annotation is: the fields of `Annotation` that place it, for moves and drags. */
export type AnnotationPlace = Partial<Pick<Annotation, 'time' | 'price' | 'points'>>;

/**
 * The place of a `kind` drawn through `points` (as many as the kind has anchors; a one-anchor kind
 * reads the first): a horizontal line keeps no time, a vertical line no price.
 */
export function placeOf(kind: AnnotationKind, points: readonly DrawingPoint[]): AnnotationPlace {
  const anchoring = KIND_SPECS[kind].anchoring;
  if (anchoring === 'points') return { points: points.map(({ time, price }) => ({ time, price })) };
  const first = points[0] ?? { time: 0, price: 0 };
  return {
    ...(anchoring === 'price' ? {} : { time: first.time }),
    ...(anchoring === 'time' ? {} : { price: first.price }),
  };
}

/** The anchors of an annotation as points (a line's missing coordinate is 0). */
export function pointsOf(annotation: AnnotationPlace): DrawingPoint[] {
  if (annotation.points) return [...annotation.points];
  return [{ time: annotation.time ?? 0, price: annotation.price ?? 0 }];
}

/** A new annotation of `kind` through (time, price); a horizontal line keeps no time, a vertical no price. */
export function createAnnotation(
  paneId: string,
  kind: AnnotationKind,
  time: number,
  price: number,
  overrides: Partial<Annotation> = {},
): Annotation {
  return createDrawing(paneId, kind, [{ time, price }], overrides);
}

/** A new annotation of `kind` through its anchors (`points`, one per anchor the kind has). */
export function createDrawing(
  paneId: string,
  kind: AnnotationKind,
  points: readonly DrawingPoint[],
  overrides: Partial<Annotation> = {},
): Annotation {
  return {
    id: newAnnotationId(),
    paneId,
    kind,
    ...placeOf(kind, points),
    label: '',
    ...defaultsOf(kind),
    locked: false,
    hidden: false,
    ...overrides,
  };
}

/**
 * Adds an annotation to its pane; it belongs to the symbol the pane shows (a pasted copy takes the
 * symbol of the pane it is pasted into).
 */
export function addAnnotation(doc: WorkspaceDocument, annotation: Annotation): WorkspaceDocument {
  const pane = doc.panes[annotation.paneId];
  if (!pane) return doc;
  const owned = annotation.symbol === undefined ? { ...annotation, symbol: pane.symbol } : annotation;
  return { ...doc, annotations: { ...doc.annotations, [annotation.id]: owned } };
}

/**
 * Keeps a drawing on one pane only (`paneOnly`), which becomes its home, or gives it back to its
 * symbol. A pane that does not show it cannot keep it; nor can a pane-only annotation lose a pane.
 */
export function setPaneOnly(
  doc: WorkspaceDocument,
  id: string,
  paneId: string | null,
  paneOnly: boolean,
): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current || current.symbol === undefined || (current.paneOnly === true) === paneOnly) return doc;
  if (!paneOnly)
    return { ...doc, annotations: { ...doc.annotations, [id]: { ...current, paneOnly: false } } };
  const home = paneId !== null && shownOn(current, doc.panes[paneId]) ? paneId : current.paneId;
  if (!doc.panes[home]) return doc;
  return { ...doc, annotations: { ...doc.annotations, [id]: { ...current, paneOnly: true, paneId: home } } };
}

/** The annotation belongs to its pane (kept there only, gone with it) rather than to its symbol. */
export function belongsToPane(annotation: Annotation): boolean {
  return annotation.symbol === undefined || annotation.paneOnly === true;
}

/** Whether a chart of `pane` shows the annotation: its symbol's drawings, and its own pane-only ones. */
export function shownOn(annotation: Annotation, pane: Pick<PaneState, 'id' | 'symbol'> | undefined): boolean {
  if (!pane) return false;
  if (annotation.symbol === undefined) return annotation.paneId === pane.id;
  return annotation.symbol === pane.symbol && (!annotation.paneOnly || annotation.paneId === pane.id);
}

/** The fields an edit that is not a move may change. */
export type AnnotationPatch = Partial<
  Pick<
    Annotation,
    | 'label'
    | 'color'
    | 'lineStyle'
    | 'lineWidth'
    | 'locked'
    | 'hidden'
    | 'fibLevels'
    | 'extendLeft'
    | 'extendRight'
    | 'fill'
  >
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

/** Moves to a new place; only the coordinates the kind has are changed. Locked ones stay. */
export function moveAnnotation(
  doc: WorkspaceDocument,
  id: string,
  place: AnnotationPlace,
): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current || current.locked) return doc;
  const next = placed(current, place);
  return next === current ? doc : { ...doc, annotations: { ...doc.annotations, [id]: next } };
}

/** The annotation at `place` (the coordinates it has), or itself when nothing moves. */
export function placed(annotation: Annotation, place: AnnotationPlace): Annotation {
  const time = annotation.time === undefined ? undefined : (place.time ?? annotation.time);
  const price = annotation.price === undefined ? undefined : (place.price ?? annotation.price);
  const points =
    annotation.points && place.points?.length === annotation.points.length ? place.points : annotation.points;
  if (time === annotation.time && price === annotation.price && samePoints(points, annotation.points)) {
    return annotation;
  }
  return {
    ...annotation,
    ...(time === undefined ? {} : { time }),
    ...(price === undefined ? {} : { price }),
    ...(points === undefined ? {} : { points }),
  };
}

function samePoints(a: readonly DrawingPoint[] | undefined, b: readonly DrawingPoint[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((p, i) => p.time === b[i]?.time && p.price === b[i]?.price);
}

export function deleteAnnotation(doc: WorkspaceDocument, id: string): WorkspaceDocument {
  const current = doc.annotations[id];
  if (!current || current.locked) return doc;
  const { [id]: _deleted, ...annotations } = doc.annotations;
  // Its alerts go with it (practice 4): an alert follows its drawing.
  return withoutOrphanAlerts({ ...doc, annotations });
}

/** A copy with a new id, for paste and duplicate; pasted into `paneId` when given. */
export function copyAnnotation(
  source: Annotation,
  paneId = source.paneId,
  offset?: { time: number; price: number },
) {
  const shift = (p: DrawingPoint) => ({
    time: p.time + (offset?.time ?? 0),
    price: p.price + (offset?.price ?? 0),
  });
  return createDrawing(paneId, source.kind, pointsOf(source).map(shift), {
    label: source.label,
    color: source.color,
    lineStyle: source.lineStyle,
    lineWidth: source.lineWidth,
    locked: false,
    hidden: false,
    ...(source.paneOnly ? { paneOnly: true } : {}),
    ...(source.fibLevels ? { fibLevels: source.fibLevels } : {}),
  });
}

/** The annotations a chart of the pane shows. */
export function annotationsOf(doc: WorkspaceDocument, paneId: string): Annotation[] {
  const pane = doc.panes[paneId];
  return Object.values(doc.annotations).filter((a) => shownOn(a, pane));
}

/** What an annotation is called in lists and menus: its label, else its kind's name. */
export function annotationName(annotation: Annotation): string {
  return annotation.label || KIND_SPECS[annotation.kind].name;
}
