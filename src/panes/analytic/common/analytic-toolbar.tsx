import { PaneSymbolSelect } from '../../../commands/pane-symbol-select';
import { useWorkstation } from '../../../commands/use-workstation';
import type { PaneViewProps } from '../../../workspace/pane-registry';
import { readSetting, type SettingControl } from './chart';

/**
 * Title-bar selects for a kind's settings (gauge preset, bar mode); each change is one undo step.
 * `symbol`: the symbol the pane shows, when it shows one: a `Symbol` picker comes first.
 */
export function AnalyticToolbar({
  pane,
  controls,
  symbol,
}: PaneViewProps & { controls: readonly SettingControl[]; symbol?: string | null }) {
  const { run } = useWorkstation();
  return (
    <span className="pane-tools">
      {symbol && <PaneSymbolSelect pane={pane} shown={symbol} />}
      {controls.map((control) => (
        <select
          key={control.key}
          aria-label={control.label}
          value={readSetting(pane.settings, control)}
          onChange={(e) =>
            run('set-analytic-setting', { paneId: pane.id, key: control.key, value: e.target.value })
          }
        >
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ))}
    </span>
  );
}
