import { useStore } from 'zustand';
import { CommandPalette } from '../commands/command-palette';
import { ContextMenu } from '../commands/context-menu';
import { ShortcutsDialog } from '../commands/shortcuts-dialog';
import { useKeyBindings } from '../commands/use-key-bindings';
import { useDocument, WorkstationContext } from '../commands/use-workstation';
import type { Workstation } from '../commands/workstation-api';
import { ItemsTableDialog } from '../panes/analytic/common/items-table-dialog';
import { AlertDialog } from '../panes/financial/alerts/alert-dialog';
import { CompareDialog } from '../panes/financial/compare-dialog';
import { DataTableDialog } from '../panes/financial/data-table-dialog';
import { IntervalEntryDialog } from '../panes/financial/interval-entry-dialog';
import { SymbolSearchDialog } from '../panes/financial/symbol-search-dialog';
import { AddWatchlistSymbolDialog } from '../panes/watchlist/add-symbol-dialog';
import { SharedLayerContext } from '../render/use-layer-view';
import { closeDialog } from '../session/session-actions';
import { SessionContext } from '../session/session-context';
import { Notices } from '../ui/notices';
import { StorageProblemBanner } from '../ui/storage-problem-banner';
import { getPaneKind, listSidePanels } from '../workspace/pane-registry';
import { AppToolbar } from './app-toolbar';
import { CsvImportDialog } from './csv-import-dialog';
import { FeedStatusDialog } from './feed-status-dialog';
import { RemoveImportDialog } from './remove-import-dialog';
import { StatusBar } from './status-bar';
import { SaveTemplateDialog, TemplatesDialog } from './template-dialogs';
import { WorkspaceView } from './workspace-view';
import { OpenWorkspaceDialog, SaveWorkspaceDialog } from './workspaces-dialogs';

/** Gives every view the workstation, its session and its shared layer. */
export function App({ workstation }: { workstation: Workstation }) {
  return (
    <WorkstationContext.Provider value={workstation}>
      <SessionContext.Provider value={workstation.session}>
        <SharedLayerContext.Provider value={workstation.layer}>
          <Shell workstation={workstation} />
        </SharedLayerContext.Provider>
      </SessionContext.Provider>
    </WorkstationContext.Provider>
  );
}

function Shell({ workstation }: { workstation: Workstation }) {
  useKeyBindings(workstation);
  const { session } = workstation;
  const dialog = useStore(session, (s) => s.dialog);
  const dataTablePaneId = useStore(session, (s) => s.dataTablePaneId);
  const close = () => closeDialog(session);
  return (
    <>
      <div className="app">
        <AppToolbar />
        <StorageProblemBanner />
        <div className="workspace-row">
          <main aria-label="Workspace" className="workspace">
            <WorkspaceView />
          </main>
          {/* One column at the right: open panels share its height, so the workspace keeps its width. */}
          <div className="side-dock">
            {listSidePanels().map((Panel) => (
              <Panel key={Panel.displayName ?? Panel.name} />
            ))}
          </div>
        </div>
        <StatusBar />
      </div>
      {dialog === 'palette' && <CommandPalette onClose={close} />}
      {dialog === 'shortcuts' && <ShortcutsDialog onClose={close} />}
      {dialog === 'save-workspace' && <SaveWorkspaceDialog onClose={close} />}
      {dialog === 'open-workspace' && <OpenWorkspaceDialog onClose={close} />}
      {dialog === 'remove-imported-symbol' && <RemoveImportDialog onClose={close} />}
      {dialog === 'data-table' && dataTablePaneId && (
        <PaneDataTable paneId={dataTablePaneId} onClose={close} />
      )}
      {dialog === 'interval-entry' && <IntervalEntryDialog onClose={close} />}
      {dialog === 'symbol-search' && <SymbolSearchDialog onClose={close} />}
      {dialog === 'feed-status' && <FeedStatusDialog onClose={close} />}
      {dialog === 'save-template' && <SaveTemplateDialog onClose={close} />}
      {dialog === 'templates' && <TemplatesDialog onClose={close} />}
      {dialog === 'compare-symbol' && <CompareDialog onClose={close} />}
      {dialog === 'add-watchlist-symbol' && <AddWatchlistSymbolDialog onClose={close} />}
      {dialog === 'alert' && <AlertDialog onClose={close} />}
      <CsvImportDialog />
      <ContextMenu />
      <Notices />
    </>
  );
}

/** `Show data table`: a financial chart's bars, or an analytic chart's items. */
function PaneDataTable({ paneId, onClose }: { paneId: string; onClose(): void }) {
  const family = useDocument((s) => {
    const pane = s.document.panes[paneId];
    return pane ? getPaneKind(pane.kind)?.family : undefined;
  });
  return family === 'financial' ? (
    <DataTableDialog paneId={paneId} onClose={onClose} />
  ) : (
    <ItemsTableDialog paneId={paneId} onClose={onClose} />
  );
}
