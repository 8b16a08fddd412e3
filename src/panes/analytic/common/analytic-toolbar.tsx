import { useWorkstation } from '../../../app/workstation-context';
import { RECORD } from '../../../state/history';
import { setPaneSettings } from '../../../state/workspace-edits';
import type { PaneViewProps } from '../../../workspace/pane-registry';
import { readSetting, type SettingControl } from './chart';

/** Title-bar selects for a kind's settings (gauge preset, bar mode); each change is one undo step. */
export function AnalyticToolbar({ pane, controls }: PaneViewProps & { controls: readonly SettingControl[] }) {
  const { workspace } = useWorkstation();
  return (
    <span className="pane-tools">
      {controls.map((control) => (
        <select
          key={control.key}
          aria-label={control.label}
          value={readSetting(pane.settings, control)}
          onChange={(e) =>
            workspace.edit((d) => setPaneSettings(d, pane.id, { [control.key]: e.target.value }), RECORD)
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
