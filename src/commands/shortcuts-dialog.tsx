import { DialogHeader } from '../ui/dialog-header';
import { ModalDialog } from '../ui/modal-dialog';
import { KEY_SCOPE_NAMES } from './command';
import { shortcutRows } from './shortcut-rows';
import { useWorkstation } from './use-workstation';

/**
 * Every key binding of the registry, grouped, with where each key works (its scope); generated, so it
 * can never drift from the real keys.
 */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { registry } = useWorkstation();
  const bound = registry.list().filter((c) => c.keys?.length);
  const groups = [...new Set(bound.map((c) => c.group))];
  const rowsOf = (group: string) => shortcutRows(bound.filter((c) => c.group === group));
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
              {rowsOf(group).map((row) => (
                <tr key={`${row.scope}|${row.label}`}>
                  <th scope="row">{row.label}</th>
                  <td>
                    {row.keys.map((k) => (
                      <kbd key={k}>{k}</kbd>
                    ))}
                  </td>
                  <td className="shortcut-scope">{KEY_SCOPE_NAMES[row.scope]}</td>
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
