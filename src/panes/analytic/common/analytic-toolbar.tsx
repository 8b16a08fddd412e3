import { useWorkstation } from '../../../commands/use-workstation';
import type { PaneViewProps } from '../../../workspace/pane-registry';
import { readSetting, type SettingControl } from './chart';

/** Title-bar selects for a kind's settings (gauge preset, bar mode); each change is one undo step. */
export function AnalyticToolbar({ pane, controls }: PaneViewProps & { controls: readonly SettingControl[] }) {
  const { run } = useWorkstation();
  return (
    <span className="pane-tools">
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
