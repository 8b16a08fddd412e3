import { PaneSymbolSelect } from '../../commands/pane-symbol-select';
import { useWorkstation } from '../../commands/use-workstation';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { FINANCIAL_KINDS } from './financial-kinds';

/** Title-bar controls of a financial pane: symbol and chart type (both undoable edits). */
export function FinancialToolbar({ pane }: PaneViewProps) {
  const { run } = useWorkstation();
  return (
    <span className="pane-tools">
      <PaneSymbolSelect pane={pane} />
      <select
        className="chart-type-select"
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
