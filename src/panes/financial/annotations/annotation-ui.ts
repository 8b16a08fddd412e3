/** Annotation session state: selection, the drawing tool, a drag in progress. Never in history. */
import { createStore } from 'zustand/vanilla';
import type { Annotation, AnnotationKind } from '../../../state/workspace-document';

export interface AnnotationUiState {
  selectedId: string | null;
  /** Where the annotation being dragged is now; committed as one step on release. */
  drag: { id: string; time: number; price: number } | null;
  /** The tool armed from a chart toolbar: the next click in a chart draws it. */
  tool: AnnotationKind | null;
  /** Snap to the bar's open, high, low or close while drawing and dragging. */
  magnet: boolean;
  clipboard: Annotation | null;
  panelOpen: boolean;
  editingId: string | null;
  /** The annotation whose edit popover is open beside it in its chart. */
  popoverId: string | null;
}

export const annotationUi = createStore<AnnotationUiState>(() => ({
  selectedId: null,
  drag: null,
  tool: null,
  magnet: false,
  clipboard: null,
  panelOpen: false,
  editingId: null,
  popoverId: null,
}));

/** The annotation as shown: the drag position while it is being dragged. */
export function displayed(annotation: Annotation, drag: AnnotationUiState['drag']): Annotation {
  if (!drag || drag.id !== annotation.id) return annotation;
  return {
    ...annotation,
    ...(annotation.time === undefined ? {} : { time: drag.time }),
    ...(annotation.price === undefined ? {} : { price: drag.price }),
  };
}
