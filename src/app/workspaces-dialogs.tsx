import { useState } from 'react';
import { useWorkstation } from '../commands/use-workstation';
import { notify } from '../session/session-actions';
import { type Backup, listBackups, listNamedWorkspaces, openNamedWorkspace } from '../state/persistence';
import { downloadText } from '../ui/files';
import { ModalDialog } from '../ui/modal-dialog';

export function SaveWorkspaceDialog({ onClose }: { onClose(): void }) {
  const { storage, run } = useWorkstation();
  const [name, setName] = useState('');
  const existing = listNamedWorkspaces(storage);
  const trimmed = name.trim();
  const valid = trimmed.length > 0 && trimmed.length <= 60;
  return (
    <ModalDialog label="Save workspace as" onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          // The command says whether it saved (a full storage is named in its notice).
          run('save-named-workspace', { name: trimmed });
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
  const { storage } = useWorkstation();
  const [names, setNames] = useState(() => listNamedWorkspaces(storage));
  return (
    <ModalDialog label="Open workspace" onClose={onClose}>
      <div className="dialog-form">
        <h2>Open workspace</h2>
        {names.length === 0 ? (
          <p className="muted">No saved workspaces yet. Use "Save workspace as…" first.</p>
        ) : (
          <ul className="workspace-list" aria-label="Saved workspaces">
            {names.map((name) => (
              <NamedWorkspaceItem
                key={name}
                name={name}
                onOpened={onClose}
                onDeleted={() => setNames(listNamedWorkspaces(storage))}
              />
            ))}
          </ul>
        )}
        <Backups backups={listBackups(storage)} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** One saved workspace: open it (an undoable step), or delete it after a confirmation. */
function NamedWorkspaceItem(props: { name: string; onOpened(): void; onDeleted(): void }) {
  const { name } = props;
  const { storage, session, run } = useWorkstation();
  const [confirming, setConfirming] = useState(false);
  const open = () => {
    const result = openNamedWorkspace(storage, name);
    if (!result.ok) {
      notify(session, `Could not open "${name}": ${result.problem}`, 'error');
      return;
    }
    // Opening is an edit like any other: undo returns to the workspace before it.
    run('replace-workspace', { document: result.document, notice: `Opened workspace "${name}".` });
    props.onOpened();
  };
  if (confirming) {
    return (
      <li>
        <span>Delete "{name}"?</span>
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          Keep
        </button>
        <button
          type="button"
          className="button"
          aria-label={`Confirm delete ${name}`}
          onClick={() => {
            run('delete-named-workspace', { name });
            props.onDeleted();
          }}
        >
          Delete
        </button>
      </li>
    );
  }
  return (
    <li>
      <span>{name}</span>
      <button type="button" className="button" aria-label={`Open ${name}`} onClick={open}>
        Open
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Delete ${name}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
    </li>
  );
}

const backupDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Copies of saved workspaces this version could not read, kept aside when they were found. */
function Backups({ backups }: { backups: readonly Backup[] }) {
  if (backups.length === 0) return null;
  return (
    <section aria-label="Unreadable workspaces kept aside">
      <h3>Unreadable workspaces kept aside</h3>
      <ul className="workspace-list">
        {backups.map((backup) => {
          const date = new Date(backup.savedAt);
          const when = Number.isNaN(date.getTime()) ? backup.savedAt : backupDate.format(date);
          return (
            <li key={backup.key}>
              <span>{when}</span>
              <button
                type="button"
                className="button"
                aria-label={`Download the copy of ${when}`}
                onClick={() => downloadText(`unreadable-workspace-${backup.savedAt}.json`, backup.raw)}
              >
                Download
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
