/**
 * Wires the singletons of a running workstation: the document store (restored from storage), the
 * command registry, saving on change and applying the theme. Everything here is created once.
 */
import type { CommandContext, WorkspaceGeometry } from '../commands/command';
import { CommandRegistry } from '../commands/command-registry';
import { csvImportCommands } from '../commands/csv-import-commands';
import { documentCommands } from '../commands/document-commands';
import { helpCommands } from '../commands/help-commands';
import { liveFeedCommands } from '../commands/live-feed-commands';
import { removeImportCommands } from '../commands/remove-import-commands';
import { themeCommands } from '../commands/theme-commands';
import { workspaceCommands } from '../commands/workspace-commands';
import { createDefaultDocument } from '../state/default-document';
import { resolveFocusedPane } from '../state/focus';
import { createSaver, loadWorkspace } from '../state/persistence';
import { notify, uiStore } from '../state/ui-store';
import { createWorkspaceStore, type WorkspaceStore } from '../state/workspace-store';
import { applyTheme } from '../themes/apply-theme';
import { getTheme } from '../themes/themes';
import type { PaneId, Rect } from '../workspace/layout-node';
import { listPaneCommands } from '../workspace/pane-registry';

export interface Workstation {
  workspace: WorkspaceStore;
  registry: CommandRegistry;
  /** The context commands run in; `paneId` overrides the focused pane (menus, pane toolbars). */
  context(paneId?: PaneId | null): CommandContext;
  run(commandId: string, paneId?: PaneId | null): boolean;
}

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

function restoreDocument(workspace: WorkspaceStore, storage: Storage): boolean {
  const result = loadWorkspace(storage);
  switch (result.status) {
    case 'loaded':
      workspace.reset(result.document);
      if (result.migratedFrom !== undefined)
        notify(`Your saved workspace was upgraded from schema ${result.migratedFrom}.`);
      return false;
    case 'unreadable':
      uiStore.setState({
        storageProblem: {
          kind: 'unreadable',
          problem: result.problem,
          raw: result.raw,
          backupKey: result.backupKey,
        },
      });
      return false;
    case 'newer':
      uiStore.setState({
        storageProblem: { kind: 'newer', problem: result.problem, raw: result.raw, backupKey: null },
      });
      return true;
    default:
      return false;
  }
}

export function createWorkstation(storage: Storage = window.localStorage): Workstation {
  const workspace = createWorkspaceStore(createDefaultDocument());
  const savingBlocked = restoreDocument(workspace, storage);

  const registry = new CommandRegistry();
  registry.register([
    ...workspaceCommands(),
    ...themeCommands(),
    ...documentCommands(),
    ...csvImportCommands(),
    ...removeImportCommands(),
    ...helpCommands(),
    ...liveFeedCommands(),
    ...listPaneCommands(),
  ]);

  const saver = createSaver(storage, {
    isBlocked: () => savingBlocked,
    onError: (error: unknown) => notify(`The workspace could not be saved: ${String(error)}`, 'error'),
  });
  let theme = workspace.getDocument().theme;
  applyTheme(getTheme(theme));
  workspace.api.subscribe((state, previous) => {
    if (state.document === previous.document) return;
    saver.schedule(state.document);
    if (state.document.theme !== theme) {
      theme = state.document.theme;
      applyTheme(getTheme(theme));
    }
  });
  window.addEventListener('pagehide', () => saver.flush());

  const context = (paneId?: PaneId | null): CommandContext => ({
    workspace,
    paneId: paneId ?? resolveFocusedPane(workspace.getDocument(), uiStore.getState().focusedPaneId),
    geometry: readGeometry,
  });
  return {
    workspace,
    registry,
    context,
    run: (id, paneId) => registry.execute(id, context(paneId)),
  };
}
