import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { useSession, useSessionStore } from '../../../session/session-context';
import { patchSession } from '../../../session/session-store';
import { type AnnotationPatch, annotationName, annotationsOf } from '../../../state/annotation-edits';
import { timeZoneOf } from '../../../state/time-zone';
import type { Annotation } from '../../../state/workspace-document';
import { resolveFocusedPane } from '../../../workspace/focus';
import { paneTitle } from '../../../workspace/pane-registry';
import { formatAnnotationTime } from '../bar-time';
import { AnnotationEditor } from './annotation-editor';

export function describeAnnotation(a: Annotation, zone = 'UTC'): string {
  const parts = [annotationName(a)];
  if (a.points) {
    const [first, last] = [a.points[0], a.points[a.points.length - 1]];
    if (first && last) {
      parts.push(`${first.price.toFixed(2)} to ${last.price.toFixed(2)}`);
      parts.push(`${formatAnnotationTime(first.time, zone)} to ${formatAnnotationTime(last.time, zone)}`);
    }
    return parts.join(' · ');
  }
  if (a.price !== undefined) parts.push(a.price.toFixed(2));
  if (a.time !== undefined) parts.push(formatAnnotationTime(a.time, zone));
  return parts.join(' · ');
}

/** The object tree: the focused pane's annotations, to select, rename, hide, lock, style or delete. */
export function AnnotationsPanel() {
  const session = useSessionStore();
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const open = useSession((s) => s.annotation.panelOpen);
  const selectedId = useSession((s) => s.annotation.selectedId);
  const editingId = useSession((s) => s.annotation.editingId);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  if (!open) return null;
  const pane = paneId ? doc.panes[paneId] : undefined;
  const items = paneId ? annotationsOf(doc, paneId) : [];
  const edit = (id: string, patch: AnnotationPatch, mergeKey?: string) =>
    run('update-annotation', { annotationId: id, patch, ...(mergeKey ? { mergeKey } : {}) });

  return (
    <aside className="annotations-panel" aria-label="Annotations panel">
      <header className="dialog-header">
        <h2>Annotations</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close annotations panel"
          onClick={() => patchSession(session, 'annotation', { panelOpen: false })}
        >
          ✕
        </button>
      </header>
      <p className="muted">{pane ? paneTitle(pane) : 'No pane'}</p>
      {items.length === 0 && (
        <p className="muted">No annotations on this pane. Press X on a chart to add a cross-line.</p>
      )}
      <ul aria-label="Annotations" className="annotation-list">
        {items.map((a) => (
          <li key={a.id} className={a.id === selectedId ? 'selected' : undefined}>
            <button
              type="button"
              className="annotation-name"
              aria-pressed={a.id === selectedId}
              onClick={() => patchSession(session, 'annotation', { selectedId: a.id })}
            >
              <span className="annotation-swatch" style={{ background: a.color }} aria-hidden="true" />
              {describeAnnotation(a, timeZoneOf(doc))}
              {a.locked && <span className="muted"> (locked)</span>}
            </button>
            <label className="inline-check">
              <input type="checkbox" checked={!a.hidden} onChange={() => edit(a.id, { hidden: !a.hidden })} />
              Visible
            </label>
            <button
              type="button"
              className="button"
              aria-label={`Edit ${describeAnnotation(a, timeZoneOf(doc))}`}
              onClick={() =>
                patchSession(session, 'annotation', {
                  editingId: editingId === a.id ? null : a.id,
                  selectedId: a.id,
                })
              }
            >
              Edit
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Delete ${describeAnnotation(a, timeZoneOf(doc))}`}
              aria-disabled={a.locked}
              title={a.locked ? 'Locked: unlock it to delete' : undefined}
              onClick={() => !a.locked && run('delete-annotation', { annotationId: a.id })}
            >
              Delete
            </button>
            {editingId === a.id && (
              <AnnotationEditor
                annotation={a}
                onEdit={(patch, merge) => edit(a.id, patch, merge)}
                onPaneOnly={(paneOnly) =>
                  run('update-annotation', { annotationId: a.id, patch: {}, paneOnly })
                }
              />
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
