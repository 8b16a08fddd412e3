import { useStore } from 'zustand';
import { useWorkstation } from '../../../app/workstation-context';
import {
  annotationsOf,
  deleteAnnotation,
  KIND_NAMES,
  updateAnnotation,
} from '../../../state/annotation-edits';
import { resolveFocusedPane } from '../../../state/focus';
import { mergeBy, RECORD } from '../../../state/history';
import { uiStore } from '../../../state/ui-store';
import type { Annotation, LineStyle } from '../../../state/workspace-document';
import { useWorkspace } from '../../../state/workspace-store';
import { paneTitle } from '../../../workspace/pane-registry';
import { annotationUi } from './annotation-ui';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: '2-digit',
});

export function describeAnnotation(a: Annotation): string {
  const parts = [a.label || KIND_NAMES[a.kind]];
  if (a.price !== undefined) parts.push(a.price.toFixed(2));
  if (a.time !== undefined) parts.push(dateFormat.format(new Date(a.time * 1000)));
  return parts.join(' · ');
}

/** The object tree: the focused pane's annotations, to select, rename, hide, lock, style or delete. */
export function AnnotationsPanel() {
  const { workspace } = useWorkstation();
  const doc = useWorkspace(workspace, (s) => s.document);
  const open = useStore(annotationUi, (s) => s.panelOpen);
  const selectedId = useStore(annotationUi, (s) => s.selectedId);
  const editingId = useStore(annotationUi, (s) => s.editingId);
  const paneId = useStore(uiStore, (s) => resolveFocusedPane(doc, s.focusedPaneId));
  if (!open) return null;
  const pane = paneId ? doc.panes[paneId] : undefined;
  const items = paneId ? annotationsOf(doc, paneId) : [];
  const edit = (id: string, patch: Parameters<typeof updateAnnotation>[2], merge?: string) =>
    workspace.edit((d) => updateAnnotation(d, id, patch), merge ? mergeBy(merge) : RECORD);

  return (
    <aside className="annotations-panel" aria-label="Annotations panel">
      <header className="dialog-header">
        <h2>Annotations</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close annotations panel"
          onClick={() => annotationUi.setState({ panelOpen: false })}
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
              onClick={() => annotationUi.setState({ selectedId: a.id })}
            >
              <span className="annotation-swatch" style={{ background: a.color }} aria-hidden="true" />
              {describeAnnotation(a)}
              {a.locked && <span className="muted"> (locked)</span>}
            </button>
            <label className="inline-check">
              <input type="checkbox" checked={!a.hidden} onChange={() => edit(a.id, { hidden: !a.hidden })} />
              Visible
            </label>
            <button
              type="button"
              className="button"
              aria-label={`Edit ${describeAnnotation(a)}`}
              onClick={() =>
                annotationUi.setState({ editingId: editingId === a.id ? null : a.id, selectedId: a.id })
              }
            >
              Edit
            </button>
            <button
              type="button"
              className="button"
              aria-label={`Delete ${describeAnnotation(a)}`}
              aria-disabled={a.locked}
              title={a.locked ? 'Locked: unlock it to delete' : undefined}
              onClick={() => !a.locked && workspace.edit((d) => deleteAnnotation(d, a.id), RECORD)}
            >
              Delete
            </button>
            {editingId === a.id && (
              <fieldset className="annotation-editor" aria-label="Edit annotation">
                <label>
                  Label
                  <input
                    value={a.label}
                    maxLength={80}
                    onChange={(e) => edit(a.id, { label: e.target.value }, `label:${a.id}`)}
                  />
                </label>
                <label>
                  Colour
                  <input
                    type="color"
                    value={a.color}
                    onChange={(e) => edit(a.id, { color: e.target.value }, `color:${a.id}`)}
                  />
                </label>
                <label>
                  Line style
                  <select
                    value={a.lineStyle}
                    onChange={(e) => edit(a.id, { lineStyle: e.target.value as LineStyle })}
                  >
                    <option value="solid">Solid</option>
                    <option value="dashed">Dashed</option>
                    <option value="dotted">Dotted</option>
                  </select>
                </label>
                <label>
                  Line width
                  <select
                    value={a.lineWidth}
                    onChange={(e) => edit(a.id, { lineWidth: Number(e.target.value) })}
                  >
                    {[1, 2, 3, 4].map((w) => (
                      <option key={w} value={w}>
                        {w} px
                      </option>
                    ))}
                  </select>
                </label>
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={a.locked}
                    onChange={() => edit(a.id, { locked: !a.locked })}
                  />
                  Locked
                </label>
              </fieldset>
            )}
          </li>
        ))}
      </ul>
    </aside>
  );
}
