import { ModalDialog } from '../ui/modal-dialog';
import { formatKey } from './key-format';
import { useWorkstation } from './use-workstation';

/** Every key binding of the registry, grouped; generated, so it can never drift from the real keys. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { registry } = useWorkstation();
  const bound = registry.list().filter((c) => c.keys?.length);
  const groups = [...new Set(bound.map((c) => c.group))];
  return (
    <ModalDialog label="Keyboard shortcuts" onClose={onClose} className="shortcuts">
      <header className="dialog-header">
        <h2>Keyboard shortcuts</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {groups.map((group) => (
        <section key={group} aria-label={group}>
          <h3>{group}</h3>
          <table className="shortcut-table">
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
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
      <section aria-label="Splitters">
        <h3>Splitters</h3>
        <p>Tab to a splitter, then use the arrow keys to resize (Shift for bigger steps).</p>
      </section>
    </ModalDialog>
  );
}
