import { useStore } from 'zustand';
import { CommandPalette } from '../commands/command-palette';
import { ContextMenu } from '../commands/context-menu';
import { ShortcutsDialog } from '../commands/shortcuts-dialog';
import { useKeyBindings } from '../commands/use-key-bindings';
import { WorkstationContext } from '../commands/use-workstation';
import type { Workstation } from '../commands/workstation-api';
import { uiStore } from '../session/ui-store';
import { Notices } from '../ui/notices';
import { StorageProblemBanner } from '../ui/storage-problem-banner';
import { listSidePanels } from '../workspace/pane-registry';
import { AppToolbar } from './app-toolbar';
import { CsvImportDialog } from './csv-import-dialog';
import { RemoveImportDialog } from './remove-import-dialog';
import { StatusBar } from './status-bar';
import { WorkspaceView } from './workspace-view';
import { OpenWorkspaceDialog, SaveWorkspaceDialog } from './workspaces-dialogs';

const closeDialog = () => uiStore.setState({ dialog: null });

export function App({ workstation }: { workstation: Workstation }) {
  useKeyBindings(workstation);
  const dialog = useStore(uiStore, (s) => s.dialog);
  return (
    <WorkstationContext.Provider value={workstation}>
      <div className="app">
        <AppToolbar />
        <StorageProblemBanner />
        <div className="workspace-row">
          <main aria-label="Workspace" className="workspace">
            <WorkspaceView />
          </main>
          {listSidePanels().map((Panel) => (
            <Panel key={Panel.displayName ?? Panel.name} />
          ))}
        </div>
        <StatusBar />
      </div>
      {dialog === 'palette' && <CommandPalette onClose={closeDialog} />}
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={closeDialog} />}
      {dialog === 'save-workspace' && <SaveWorkspaceDialog onClose={closeDialog} />}
      {dialog === 'open-workspace' && <OpenWorkspaceDialog onClose={closeDialog} />}
      {dialog === 'remove-imported-symbol' && <RemoveImportDialog onClose={closeDialog} />}
      <CsvImportDialog />
      <ContextMenu />
      <Notices />
    </WorkstationContext.Provider>
  );
}
