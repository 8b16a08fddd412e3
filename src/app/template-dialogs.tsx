/** The dialogs of pane templates: save the focused pane's setup under a name; apply or delete one. */
import { useState } from 'react';
import { templateFits } from '../commands/template-commands';
import { useDocument, useWorkstation } from '../commands/use-workstation';
import { useSession } from '../session/session-context';
import { templateNameProblem, templatesOf } from '../state/pane-templates';
import { ModalDialog } from '../ui/modal-dialog';
import { resolveFocusedPane } from '../workspace/focus';
import { getPaneKind, paneTitle } from '../workspace/pane-registry';

function useFocusedPaneId(): string | null {
  const doc = useDocument((s) => s.document);
  return useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
}

export function SaveTemplateDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const paneId = useFocusedPaneId();
  const pane = useDocument((s) => (paneId ? s.document.panes[paneId] : undefined));
  const existing = useDocument((s) => s.document.templates);
  const [name, setName] = useState('');
  const problem = templateNameProblem(name);
  const trimmed = name.trim();
  return (
    <ModalDialog label="Save pane as template" onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (problem !== null || !paneId) return;
          run('save-pane-template', { paneId, name: trimmed });
          onClose();
        }}
      >
        <h2>Save pane as template</h2>
        <p className="muted">
          {pane
            ? `Saves the type, interval, studies and styles of ${paneTitle(pane)}; not its symbol.`
            : 'No pane is focused.'}
        </p>
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required />
        </label>
        {existing?.[trimmed] && <p className="muted">This replaces the template "{trimmed}".</p>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={problem !== null || !pane}>
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function TemplatesDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const paneId = useFocusedPaneId();
  const pane = paneId ? doc.panes[paneId] : undefined;
  const templates = templatesOf(doc);
  return (
    <ModalDialog label="Pane templates" onClose={onClose}>
      <div className="dialog-form">
        <h2>Apply a template{pane ? ` to ${paneTitle(pane)}` : ''}</h2>
        {templates.length === 0 ? (
          <p className="muted">No templates yet. Use "Save pane as template…" first.</p>
        ) : (
          <ul className="workspace-list" aria-label="Templates">
            {templates.map((template) => {
              const fits = templateFits(doc, paneId, template.name);
              return (
                <li key={template.name}>
                  <span>
                    {template.name}{' '}
                    <span className="muted">({getPaneKind(template.kind)?.label ?? template.kind})</span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Apply ${template.name}`}
                    aria-disabled={fits !== true}
                    title={fits === true ? undefined : fits}
                    onClick={() => {
                      if (fits !== true || !paneId) return;
                      run('apply-pane-template', { paneId, name: template.name });
                      onClose();
                    }}
                  >
                    Apply
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Delete ${template.name}`}
                    onClick={() => run('delete-pane-template', { name: template.name })}
                  >
                    Delete
                  </button>
                </li>
              );
            })}
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
