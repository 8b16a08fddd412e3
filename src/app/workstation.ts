/**
 * Wires the singletons of a running workstation: the document store (restored from storage), the
 * command registry, saving on change and applying the theme. Everything here is created once.
 */
import { errorMessage, storageErrorMessage } from '../../core/error-message';
import type { WorkspaceGeometry } from '../commands/command';
import { CommandRegistry } from '../commands/command-registry';
import { createCommandRunner } from '../commands/command-runner';
import { csvImportCommands } from '../commands/csv-import-commands';
import { documentCommands } from '../commands/document-commands';
import { feedCommands } from '../commands/feed-commands';
import { helpCommands } from '../commands/help-commands';
import { liveFeedCommands } from '../commands/live-feed-commands';
import { menuCommands } from '../commands/menu-commands';
import { namedWorkspaceCommands } from '../commands/named-workspace-commands';
import { listPaneCommands } from '../commands/pane-commands';
import { removeImportCommands } from '../commands/remove-import-commands';
import { rendererCommands } from '../commands/renderer-commands';
import { splitterCommands } from '../commands/splitter-commands';
import { templateCommands } from '../commands/template-commands';
import { themeCommands } from '../commands/theme-commands';
import { timeZoneCommands } from '../commands/time-zone-commands';
import { workspaceCommands } from '../commands/workspace-commands';
import type { Workstation } from '../commands/workstation-api';
import { syncAlertsWithEngine } from '../data/alert-sync';
import { createCsvImportSession } from '../data/csv-import-session';
import { getEngineClient } from '../data/engine-client';
import { SharedLayer } from '../render/shared-layer';
import { notify } from '../session/session-actions';
import { createSessionStore, type SessionStore } from '../session/session-store';
import type { PaneId, Rect } from '../state/layout-node';
import { loadWorkspace, WORKSPACE_KEY } from '../state/persistence';
import { alertDescription } from '../state/price-alerts';
import { createWorkspaceStore, type WorkspaceStore } from '../state/workspace-store';
import { createWorkspaceSync } from '../state/workspace-sync';
import { applyTheme } from '../themes/apply-theme';
import { getTheme } from '../themes/themes';
import { keepAlertSoundSetting } from '../ui/alert-sound';
import { createDefaultDocument } from '../workspace/default-document';
import { resolveFocusedPane } from '../workspace/focus';
import { followForcedColors } from './system-colors';
import { browserSyncChannel, browserSyncLock, newTabId } from './tab-channel';

function readGeometry(): WorkspaceGeometry {
  const root = document.querySelector<HTMLElement>('[data-workspace-area]');
  const origin = root?.getBoundingClientRect() ?? new DOMRect(0, 0, window.innerWidth, window.innerHeight);
  const bounds: Rect = { x: 0, y: 0, width: origin.width, height: origin.height };
  const rects = new Map<PaneId, Rect>();
  for (const el of document.querySelectorAll<HTMLElement>('[data-pane-id]')) {
    const r = el.getBoundingClientRect();
    const id = el.dataset.paneId;
    if (id) rects.set(id, { x: r.x - origin.x, y: r.y - origin.y, width: r.width, height: r.height });
  }
  return { bounds, rects };
}

/** What loading found: whether saving must stay off (a newer document), and the stored revision. */
interface Restored {
  blocked: boolean;
  revision: number;
}

function restoreDocument(workspace: WorkspaceStore, session: SessionStore, storage: Storage): Restored {
  const result = loadWorkspace(storage);
  switch (result.status) {
    case 'loaded':
      workspace.reset(result.document);
      if (result.migratedFrom !== undefined)
        notify(session, `Your saved workspace was upgraded from schema ${result.migratedFrom}.`);
      return { blocked: false, revision: result.revision };
    case 'unreadable':
      session.setState({
        storageProblem: {
          kind: 'unreadable',
          problem: result.problem,
          raw: result.raw,
          backupKey: result.backupKey,
        },
      });
      // No copy could be kept aside (storage full): saving would destroy the only one.
      return { blocked: result.backupKey === null, revision: 0 };
    case 'newer':
      session.setState({
        storageProblem: { kind: 'newer', problem: result.problem, raw: result.raw, backupKey: null },
      });
      return { blocked: true, revision: 0 };
    default:
      return { blocked: false, revision: 0 };
  }
}

export interface CreatedWorkstation {
  /** What the views get: read the document, list commands, run them. */
  workstation: Workstation;
  /** The store's write side, for the command runner and for benchmark harnesses that time it directly. */
  store: WorkspaceStore;
}

export function createWorkstation(storage: Storage = window.localStorage): CreatedWorkstation {
  const store = createWorkspaceStore(createDefaultDocument());
  const session = createSessionStore();
  const layer = new SharedLayer(session);
  const csvImport = createCsvImportSession(getEngineClient, session, storage);
  getEngineClient().onRestart((reason) => {
    if (reason === 'hang')
      notify(
        session,
        'The data engine stopped responding and was restarted; pending data was requested again.',
        'warning',
      );
  });
  const restored = restoreDocument(store, session, storage);
  const workspace = store.reader;

  const registry = new CommandRegistry();
  registry.register([
    ...workspaceCommands(),
    ...splitterCommands(),
    ...themeCommands(),
    ...timeZoneCommands(),
    ...documentCommands(),
    ...namedWorkspaceCommands(storage),
    ...templateCommands(),
    ...menuCommands(),
    ...csvImportCommands(csvImport),
    ...removeImportCommands(),
    ...helpCommands(),
    ...liveFeedCommands(),
    ...feedCommands(),
    ...rendererCommands(layer),
    ...listPaneCommands(),
  ]);

  const sync = createWorkspaceSync({
    storage,
    tabId: newTabId(),
    channel: browserSyncChannel('workstation.workspace', WORKSPACE_KEY),
    lock: browserSyncLock('workstation.workspace'),
    revision: restored.revision,
    document: workspace.getDocument(),
    current: workspace.getDocument,
    applyRemote: (base, remote) => store.rebase(base, remote),
    isBlocked: () => restored.blocked,
    onBlocked: (problem) => {
      session.setState({ saveProblem: problem });
      notify(session, problem, 'error');
    },
    onConflict: ({ droppedSteps }) =>
      notify(
        session,
        droppedSteps > 0
          ? `Another tab changed the same part of the workspace; its change was kept and ${droppedSteps} of your undo steps ${droppedSteps === 1 ? 'was' : 'were'} dropped.`
          : 'Another tab changed the same part of the workspace; its change was kept.',
        'warning',
      ),
    onSaveFailed: (error) => {
      const problem = `The workspace could not be saved: ${storageErrorMessage(error)}. It is kept in this tab and saving is retried. Export it to a file to be safe.`;
      if (session.getState().saveProblem === null) notify(session, problem, 'error');
      session.setState({ saveProblem: problem });
    },
    onSaved: () => {
      session.setState({ saveProblem: null });
      notify(session, 'The workspace is saved again.');
    },
  });
  let theme = workspace.getDocument().theme;
  applyTheme(getTheme(theme));
  workspace.state.subscribe((state, previous) => {
    if (state.document === previous.document) return;
    sync.schedule();
    if (state.document.theme !== theme) {
      theme = state.document.theme;
      applyTheme(getTheme(theme));
    }
  });
  window.addEventListener('pagehide', () => sync.flush());
  followForcedColors(session);

  const runner = createCommandRunner({
    store,
    registry,
    session,
    focusedPaneId: () => resolveFocusedPane(workspace.getDocument(), session.getState().focusedPaneId),
    geometry: readGeometry,
    onError: (label, error) => notify(session, `${label} failed: ${errorMessage(error)}`, 'error'),
  });
  // Alerts are evaluated in the data worker; a firing comes back as a command, like every change.
  keepAlertSoundSetting(session, storage);
  syncAlertsWithEngine({
    reader: workspace,
    engine: getEngineClient,
    onFired: (alerts) => {
      for (const fired of alerts) runner.run('record-alert-fired', { fired });
    },
    // Nothing is written: an alert past its expiry reads as expired wherever it is shown.
    onExpired: (alerts) => {
      const doc = workspace.getDocument();
      for (const alert of alerts) notify(session, `Alert expired: ${alertDescription(doc, alert)}.`);
    },
  });
  return {
    workstation: {
      workspace,
      registry,
      session,
      layer,
      csvImport,
      storage,
      context: runner.context,
      run: runner.run,
    },
    store,
  };
}
