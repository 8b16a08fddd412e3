import { useSession, useSessionStore } from '../session/session-context';
import './remove-import.css';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, type SymbolInfo } from '../../core/protocol';
import { formatCount } from '../data/csv-import-text';
import { fetchSymbols, importedSymbols, removeImportedSymbol } from '../data/symbol-catalog';
import { notify } from '../session/session-actions';
import { ModalDialog } from '../ui/modal-dialog';

const rowsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;

/**
 * `Remove imported symbol`: lists the imported symbols, each with a `Remove <SYMBOL>` button and a
 * confirm step. Removing deletes the series in the data engine and in this browser's storage; charts
 * of it then show "No data for <SYMBOL>". It is data, not a workspace edit, so it is not recorded in
 * the undo history, and the dialog says that it cannot be undone.
 */
export function RemoveImportDialog({ onClose }: { onClose(): void }) {
  const session = useSessionStore();
  const catalog = useSession((s) => s.catalog);
  const imported = importedSymbols(catalog);
  const [confirming, setConfirming] = useState<SymbolInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The button to focus after the view changed (the one clicked is gone). */
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The list may be older than another tab's changes, or not fetched yet.
    fetchSymbols(session).catch(() => undefined);
  }, [session]);

  useEffect(() => {
    if (focusKey === null) return;
    const target =
      bodyRef.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) ??
      bodyRef.current?.querySelector<HTMLElement>('[data-focus-key="close"]');
    target?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const ask = (info: SymbolInfo) => {
    setProblem(null);
    setConfirming(info);
    setFocusKey('keep');
  };

  const keep = (symbol: string) => {
    setConfirming(null);
    setFocusKey(`remove:${symbol}`);
  };

  const remove = async (symbol: string) => {
    setBusy(true);
    try {
      await removeImportedSymbol(session, symbol);
      // The symbol pickers get the engine's list anew; charts of the symbol reload and find no data.
      fetchSymbols(session).catch(() => undefined);
      notify(session, `Removed ${symbol} from this browser.`);
      setConfirming(null);
      setFocusKey('close');
    } catch (error) {
      setProblem(`Not removed: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog label="Remove imported symbol" onClose={onClose} className="remove-import">
      <div className="dialog-form" ref={bodyRef}>
        <h2>Remove imported symbol</h2>
        <p className="muted">
          Removing a symbol deletes the series imported from its CSV file from this browser. Charts of it then
          show no data. This cannot be undone: Undo restores workspace edits, not data. To get the series
          back, import the file again.
        </p>
        {confirming ? (
          <fieldset aria-label={`Confirm removing ${confirming.symbol}`} className="remove-import-confirm">
            <p>
              <strong>Remove {confirming.symbol}?</strong> Its {rowsText(confirming.count)} from "
              {confirming.name}" are deleted from this browser. This cannot be undone.
            </p>
            <div className="dialog-actions">
              <button
                type="button"
                className="button"
                data-focus-key="keep"
                disabled={busy}
                onClick={() => keep(confirming.symbol)}
              >
                Keep {confirming.symbol}
              </button>
              <button
                type="button"
                className="button danger"
                disabled={busy}
                onClick={() => void remove(confirming.symbol)}
              >
                {busy ? 'Removing…' : `Yes, remove ${confirming.symbol}`}
              </button>
            </div>
          </fieldset>
        ) : imported.length === 0 ? (
          <p>{catalog.symbols === null ? 'Loading the symbols…' : 'No imported symbols.'}</p>
        ) : (
          <ul className="remove-import-list" aria-label="Imported symbols">
            {imported.map((info) => (
              <li key={info.symbol}>
                <span className="remove-import-symbol">{info.symbol}</span>
                <span className="muted remove-import-source">
                  {info.name} · {rowsText(info.count)}
                </span>
                <button
                  type="button"
                  className="button"
                  data-focus-key={`remove:${info.symbol}`}
                  onClick={() => ask(info)}
                >
                  Remove {info.symbol}
                </button>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p role="alert" className="remove-import-error">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" data-focus-key="close" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
