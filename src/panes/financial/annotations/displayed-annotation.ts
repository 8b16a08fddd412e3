import type { AnnotationSession } from '../../../session/session-store';
import type { Annotation } from '../../../state/workspace-document';

/** The annotation as shown: the drag position while it is being dragged. */
export function displayed(annotation: Annotation, drag: AnnotationSession['drag']): Annotation {
  if (!drag || drag.id !== annotation.id) return annotation;
  return {
    ...annotation,
    ...(annotation.time === undefined ? {} : { time: drag.time }),
    ...(annotation.price === undefined ? {} : { price: drag.price }),
  };
}
