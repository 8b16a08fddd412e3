import { useState } from 'react';
import { useWorkstation } from '../../../commands/use-workstation';
import { useSession, useSessionStore } from '../../../session/session-context';
import { patchSession } from '../../../session/session-store';
import type { AnnotationPatch } from '../../../state/annotation-edits';
import { KIND_SPECS } from '../../../state/drawing-kinds';
import type { Annotation } from '../../../state/workspace-document';
import { AnnotationEditor } from './annotation-editor';

interface AnnotationRowProps {
  annotation: Annotation;
  /** What the row says about it (name, prices, times). */
  description: string;
  /** Rows in the workspace list say which tool and symbol too. */
  showOwner?: boolean;
}

/** One drawing in the object tree: select, show or hide, lock, zoom to, edit (rename, style) and delete. */
export function AnnotationRow({ annotation: a, description, showOwner }: AnnotationRowProps) {
  const session = useSessionStore();
  const { run } = useWorkstation();
  const selected = useSession((s) => s.annotation.selectedId === a.id);
  // Open in this row only: a drawing is listed under its pane and under the workspace.
  const [editing, setEditing] = useState(false);
  const edit = (patch: AnnotationPatch, mergeKey?: string) =>
    run('update-annotation', { annotationId: a.id, patch, ...(mergeKey ? { mergeKey } : {}) });
  const owner = [KIND_SPECS[a.kind].name, a.symbol ?? 'this pane', a.paneOnly ? 'this pane only' : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <li className={selected ? 'selected' : undefined}>
      <button
        type="button"
        className="annotation-name"
        aria-pressed={selected}
        onClick={() => patchSession(session, 'annotation', { selectedId: a.id })}
      >
        <span className="annotation-swatch" style={{ background: a.color }} aria-hidden="true" />
        {description}
        {a.locked && <span className="muted"> (locked)</span>}
        {showOwner && <span className="annotation-owner muted">{owner}</span>}
      </button>
      <div className="annotation-actions">
        <span className="annotation-toggles">
          <label className="inline-check">
            <input
              type="checkbox"
              aria-label={`Visible: ${description}`}
              checked={!a.hidden}
              onChange={() => edit({ hidden: !a.hidden })}
            />
            Visible
          </label>
          <label className="inline-check">
            <input
              type="checkbox"
              aria-label={`Locked: ${description}`}
              checked={a.locked}
              onChange={() => edit({ locked: !a.locked })}
            />
            Locked
          </label>
        </span>
        <span className="annotation-buttons">
          <button
            type="button"
            className="button"
            aria-label={`Zoom to ${description}`}
            onClick={() => run('zoom-to-annotation', { annotationId: a.id })}
          >
            Zoom to
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Edit ${description}`}
            aria-expanded={editing}
            onClick={() => {
              setEditing(!editing);
              patchSession(session, 'annotation', { selectedId: a.id });
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="button"
            aria-label={`Delete ${description}`}
            aria-disabled={a.locked}
            title={a.locked ? 'Locked: unlock it to delete' : undefined}
            onClick={() => !a.locked && run('delete-annotation', { annotationId: a.id })}
          >
            Delete
          </button>
        </span>
      </div>
      {editing && (
        <AnnotationEditor
          annotation={a}
          onEdit={edit}
          onPaneOnly={(paneOnly) => run('update-annotation', { annotationId: a.id, patch: {}, paneOnly })}
        />
      )}
    </li>
  );
}
