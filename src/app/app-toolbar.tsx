import { CommandButton } from '../commands/command-button';
import { MenuButton } from '../commands/menu-button';
import { COMMON_TIME_ZONES } from '../commands/time-zone-commands';
import { useDocument, useWorkstation } from '../commands/use-workstation';
import { timeZoneOf, zoneLabel } from '../state/time-zone';
import { THEMES } from '../themes/themes';
import { listPaneKinds } from '../workspace/pane-registry';

/** The workstation's top bar: history, panes, theme, workspaces, palette. All of it reads the registry. */
export function AppToolbar() {
  const { run } = useWorkstation();
  const theme = useDocument((s) => s.document.theme);
  return (
    <header className="app-toolbar">
      <span className="brand" aria-hidden="true">
        ◧ Workstation
      </span>
      <div role="toolbar" aria-label="Workspace tools" className="toolbar-group">
        <CommandButton commandId="undo" icon="undo" />
        <CommandButton commandId="redo" icon="redo" />
        <MenuButton
          label="New pane"
          icon="plus"
          commandIds={listPaneKinds().map((k) => `new-pane:${k.id}`)}
        />
        <MenuButton
          label="Workspace"
          icon="menu"
          commandIds={[
            'save-workspace-as',
            'open-workspace',
            'export-workspace',
            'import-workspace',
            'reset-workspace',
          ]}
        />
        <CommandButton commandId="import-csv" icon="fileImport" />
        <label className="theme-picker">
          <span>Theme</span>
          <select value={theme} onChange={(e) => run(`theme:${e.target.value}`)}>
            {THEMES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <TimeZonePicker />
        <CommandButton commandId="open-command-palette" icon="palette" />
        <CommandButton commandId="show-keyboard-shortcuts" icon="keyboard" />
      </div>
    </header>
  );
}

/** Every IANA zone the browser knows, after the common ones. */
const ALL_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** The workspace's time zone: the common ones first, then every zone the browser knows. */
function TimeZonePicker() {
  const { run } = useWorkstation();
  const zone = useDocument((s) => timeZoneOf(s.document));
  const common = new Set(COMMON_TIME_ZONES.map((z) => z.zone));
  return (
    <label className="theme-picker">
      <span>Time zone</span>
      <select value={zone} onChange={(e) => run('set-time-zone', { zone: e.target.value })}>
        {COMMON_TIME_ZONES.map((z) => (
          <option key={z.zone} value={z.zone}>
            {z.name}
          </option>
        ))}
        {!common.has(zone) && !ALL_ZONES.includes(zone) && <option value={zone}>{zoneLabel(zone)}</option>}
        <optgroup label="All time zones">
          {ALL_ZONES.filter((z) => !common.has(z)).map((z) => (
            <option key={z} value={z}>
              {zoneLabel(z)}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}
