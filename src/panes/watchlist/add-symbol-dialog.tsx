/** `Add symbol to watchlist…`: picks a symbol the data engine knows and the focused watchlist lacks. */
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { useSymbols } from '../../data/use-symbols';
import { useSession } from '../../session/session-context';
import { SymbolPickerDialog } from '../../ui/symbol-picker-dialog';
import { resolveFocusedPane } from '../../workspace/focus';
import { readWatchlistSettings } from './watchlist-settings';

export function AddWatchlistSymbolDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const pane = paneId ? doc.panes[paneId] : undefined;
  const listed = pane?.kind === 'watchlist' ? readWatchlistSettings(pane.settings).symbols : [];
  const choices = useSymbols().filter((s) => !listed.includes(s.symbol));
  return (
    <SymbolPickerDialog
      label="Add symbol to watchlist"
      title="Add symbol to watchlist"
      none="Every symbol is in the watchlist already."
      choices={choices}
      action="Add"
      onPick={(symbol) => paneId && run('add-watchlist-symbol', { paneId, symbol })}
      onClose={onClose}
    />
  );
}
