import { DialogHeader } from '../ui/dialog-header';
import { ModalDialog } from '../ui/modal-dialog';
import { KEY_SCOPE_NAMES } from './command';
import { formatKey } from './key-format';
import { useWorkstation } from './use-workstation';

/**
 * Every key binding of the registry, grouped, with where each key works (its scope); generated, so it
 * can never drift from the real keys.
 */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { registry } = useWorkstation();
  const bound = registry.list().filter((c) => c.keys?.length);
  const groups = [...new Set(bound.map((c) => c.group))];
  return (
    <ModalDialog label="Keyboard shortcuts" onClose={onClose} className="shortcuts">
      <DialogHeader title="Keyboard shortcuts" onClose={onClose} />
      {groups.map((group) => (
        <section key={group} aria-label={group}>
          <h3>{group}</h3>
          <table className="shortcut-table">
            <thead>
              <tr>
                <th scope="col">Command</th>
                <th scope="col">Keys</th>
                <th scope="col">Where</th>
              </tr>
            </thead>
            <tbody>
              {bound
                .filter((c) => c.group === group)
                .map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.label}</th>
                    <td>
                      {c.keys?.map((k) => (
                        <kbd key={k}>{formatKey(k)}</kbd>
                      ))}
                    </td>
                    <td className="shortcut-scope">{KEY_SCOPE_NAMES[c.scope ?? 'global']}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
      <p className="muted">Tab reaches the splitters between panes and the watchlist table.</p>
    </ModalDialog>
  );
}
