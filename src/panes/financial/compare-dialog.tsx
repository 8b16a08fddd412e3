/** `Compare symbol…`: picks another symbol to draw on the focused chart in percent. */
import { useState } from 'react';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { useSymbols } from '../../data/use-symbols';
import { useSession } from '../../session/session-context';
import { ModalDialog } from '../../ui/modal-dialog';
import { resolveFocusedPane } from '../../workspace/focus';
import { readChartSettings } from './chart-settings';

export function CompareDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const pane = paneId ? doc.panes[paneId] : undefined;
  const compared = pane ? readChartSettings(pane.settings).compare : [];
  const choices = useSymbols().filter((s) => s.symbol !== pane?.symbol && !compared.includes(s.symbol));
  const [symbol, setSymbol] = useState('');
  const chosen = symbol || choices[0]?.symbol || '';
  return (
    <ModalDialog label="Compare symbol" onClose={onClose}>
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!paneId || !chosen) return;
          run('add-compared-symbol', { paneId, symbol: chosen });
          onClose();
        }}
      >
        <h2>Compare with {pane?.symbol ?? 'the chart'}</h2>
        <p className="muted">
          The chart then shows every symbol in percent from the first bar in view, so they start together.
        </p>
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
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={!chosen}>
            Compare
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
