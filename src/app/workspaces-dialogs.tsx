import { useState } from 'react';
import { useWorkstation } from '../commands/use-workstation';
import { notify } from '../session/session-actions';
import { useSessionStore } from '../session/session-context';
import {
  deleteNamedWorkspace,
  listNamedWorkspaces,
  openNamedWorkspace,
  saveNamedWorkspace,
} from '../state/persistence';
import { ModalDialog } from '../ui/modal-dialog';

export function SaveWorkspaceDialog({ onClose }: { onClose(): void }) {
  const session = useSessionStore();
  const { workspace } = useWorkstation();
  const [name, setName] = useState('');
  const existing = listNamedWorkspaces(localStorage);
  const trimmed = name.trim();
  const valid = trimmed.length > 0 && trimmed.length <= 60;
  return (
    <ModalDialog label="Save workspace as" onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          saveNamedWorkspace(localStorage, trimmed, workspace.getDocument());
          notify(session, `Saved workspace "${trimmed}".`);
          onClose();
        }}
      >
        <h2>Save workspace as</h2>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
        </label>
        {existing.includes(trimmed) && (
          <p className="muted">This replaces the saved workspace "{trimmed}".</p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!valid}>
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function OpenWorkspaceDialog({ onClose }: { onClose(): void }) {
  const session = useSessionStore();
  const { run } = useWorkstation();
  const [names, setNames] = useState(() => listNamedWorkspaces(localStorage));
  return (
    <ModalDialog label="Open workspace" onClose={onClose}>
      <div className="dialog-form">
        <h2>Open workspace</h2>
        {names.length === 0 ? (
          <p className="muted">No saved workspaces yet. Use "Save workspace as…" first.</p>
        ) : (
          <ul className="workspace-list" aria-label="Saved workspaces">
            {names.map((name) => (
              <li key={name}>
                <span>{name}</span>
                <button
                  type="button"
                  className="button"
                  aria-label={`Open ${name}`}
                  onClick={() => {
                    const result = openNamedWorkspace(localStorage, name);
                    if (!result.ok) {
                      notify(session, `Could not open "${name}": ${result.problem}`, 'error');
                      return;
                    }
                    // Opening is an edit like any other: undo returns to the workspace before it.
                    run('replace-workspace', {
                      document: result.document,
                      notice: `Opened workspace "${name}".`,
                    });
                    onClose();
                  }}
                >
                  Open
                </button>
                <button
                  type="button"
                  className="button"
                  aria-label={`Delete ${name}`}
                  onClick={() => {
                    deleteNamedWorkspace(localStorage, name);
                    setNames(listNamedWorkspaces(localStorage));
                  }}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
