/** `Compare symbol…`: picks another symbol to draw on the focused chart in percent. */
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { symbolTimeZone } from '../../data/symbol-catalog';
import { useSymbols } from '../../data/use-symbols';
import { useSession } from '../../session/session-context';
import { timeZoneOf } from '../../state/time-zone';
import { SymbolPickerDialog } from '../../ui/symbol-picker-dialog';
import { resolveFocusedPane } from '../../workspace/focus';
import { chartOf } from './chart-registry';
import { readChartSettings } from './chart-settings';
import { comparableFirst, comparedRangeText } from './compared-range';

export function CompareDialog({ onClose }: { onClose(): void }) {
  const { run } = useWorkstation();
  const doc = useDocument((s) => s.document);
  const paneId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const pane = paneId ? doc.panes[paneId] : undefined;
  const compared = pane ? readChartSettings(pane.settings).compare : [];
  const view = paneId ? (chartOf(paneId)?.visibleTimeRange() ?? null) : null;
  const catalog = useSession((s) => s.catalog);
  // Asked afresh: a feed symbol's range grows while the page is open.
  const choices = comparableFirst(
    useSymbols({ fresh: true }).filter((s) => s.symbol !== pane?.symbol && !compared.includes(s.symbol)),
    view,
  );
  return (
    <SymbolPickerDialog
      label="Compare symbol"
      title={`Compare with ${pane?.symbol ?? 'the chart'}`}
      intro="The chart then shows every symbol in percent from the first bar in view, so they start together."
      none="Every other symbol is compared already."
      choices={choices}
      action="Compare"
      describe={(choice) =>
        comparedRangeText(choice, view, symbolTimeZone(timeZoneOf(doc), catalog, choice.symbol))
      }
      onPick={(symbol) => paneId && run('add-compared-symbol', { paneId, symbol })}
      onClose={onClose}
    />
  );
}
