import { useWorkstation } from '../../commands/use-workstation';
import { useSymbols } from '../../data/use-symbols';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { FINANCIAL_KINDS } from './financial-kinds';

/** Title-bar controls of a financial pane: symbol and chart type (both undoable edits). */
export function FinancialToolbar({ pane }: PaneViewProps) {
  const { run } = useWorkstation();
  const symbols = useSymbols();
  const known = symbols.some((s) => s.symbol === pane.symbol);
  return (
    <span className="pane-tools">
      <select
        aria-label="Symbol"
        value={pane.symbol}
        onChange={(e) => run('set-pane-symbol', { paneId: pane.id, symbol: e.target.value })}
      >
        {!known && <option value={pane.symbol}>{pane.symbol}</option>}
        {symbols.map((s) => (
          <option key={s.symbol} value={s.symbol}>
            {s.symbol}
          </option>
        ))}
      </select>
      <select
        aria-label="Chart type"
        value={pane.kind}
        onChange={(e) => run(`chart-type:${e.target.value}`, { paneId: pane.id })}
      >
        {FINANCIAL_KINDS.map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
    </span>
  );
}
