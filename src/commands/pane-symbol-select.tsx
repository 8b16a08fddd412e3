import { useSymbols } from '../data/use-symbols';
import type { PaneState } from '../state/workspace-document';
import { useWorkstation } from './use-workstation';

/**
 * A pane's `Symbol` picker: every symbol of the data engine's catalog (and the pane's own, should the
 * catalog not have it); choosing one is the `set-pane-symbol` command, so a link group follows.
 */
export function PaneSymbolSelect({ pane, shown = pane.symbol }: { pane: PaneState; shown?: string }) {
  const { run } = useWorkstation();
  const symbols = useSymbols();
  const known = symbols.some((s) => s.symbol === shown);
  return (
    <select
      aria-label="Symbol"
      value={shown}
      onChange={(e) => run('set-pane-symbol', { paneId: pane.id, symbol: e.target.value })}
    >
      {!known && <option value={shown}>{shown}</option>}
      {symbols.map((s) => (
        <option key={s.symbol} value={s.symbol}>
          {s.symbol}
        </option>
      ))}
    </select>
  );
}
