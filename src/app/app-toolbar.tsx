import { CommandButton } from '../commands/command-button';
import { MenuButton } from '../commands/menu-button';
import { useDocument, useWorkstation } from '../commands/use-workstation';
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
        <CommandButton commandId="open-command-palette" icon="palette" />
        <CommandButton commandId="show-keyboard-shortcuts" icon="keyboard" />
      </div>
    </header>
  );
}
