/** `Add symbol to watchlist…`: picks a symbol the data engine knows and the focused watchlist lacks. */
import { useState } from 'react';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { useSymbols } from '../../data/use-symbols';
import { useSession } from '../../session/session-context';
import { ModalDialog } from '../../ui/modal-dialog';
import { resolveFocusedPane } from '../../workspace/focus';
import { readWatchlistSettings } from './watchlist-settings';

export function AddWatchlistSymbolDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const pane = paneId ? doc.panes[paneId] : undefined;
  const listed = pane?.kind === 'watchlist' ? readWatchlistSettings(pane.settings).symbols : [];
  const choices = useSymbols().filter((s) => !listed.includes(s.symbol));
  const [symbol, setSymbol] = useState('');
  const chosen = symbol || choices[0]?.symbol || '';
  return (
    <ModalDialog label="Add symbol to watchlist" onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!paneId || !chosen) return;
          run('add-watchlist-symbol', { paneId, symbol: chosen });
          onClose();
        }}
      >
        <h2>Add symbol to watchlist</h2>
        {choices.length === 0 ? (
          <p className="muted">Every symbol is in the watchlist already.</p>
        ) : (
          <label>
            Symbol
            <select value={chosen} onChange={(e) => setSymbol(e.target.value)}>
              {choices.map((s) => (
                <option key={s.symbol} value={s.symbol}>
                  {s.symbol} · {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!chosen}>
            Add
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
