/**
 * The one store of the workspace document and its history. Every change goes through `edit`, which
 * says how it enters history; nothing else writes the document.
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyHistory, type History, type HistoryMode, RECORD, recordStep, redo, undo } from './history';
import type { WorkspaceDocument } from './workspace-document';

export interface WorkspaceState {
  readonly document: WorkspaceDocument;
  readonly history: History<WorkspaceDocument>;
}

export interface WorkspaceStore {
  readonly api: StoreApi<WorkspaceState>;
  getDocument(): WorkspaceDocument;
  /** Applies a pure edit. Returns false when the edit changed nothing (and so recorded nothing). */
  edit(change: (doc: WorkspaceDocument) => WorkspaceDocument, mode?: HistoryMode): boolean;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Replaces the whole document and starts a fresh history (load, open a named workspace). */
  reset(document: WorkspaceDocument): void;
}

export function createWorkspaceStore(
  initial: WorkspaceDocument,
  now: () => number = Date.now,
): WorkspaceStore {
  const api = createStore<WorkspaceState>(() => ({ document: initial, history: emptyHistory() }));
  return {
    api,
    getDocument: () => api.getState().document,
    edit(change, mode = RECORD) {
      const { document, history } = api.getState();
      const next = change(document);
      if (next === document) return false;
      api.setState({ document: next, history: recordStep(history, document, next, mode, now()) });
      return true;
    },
    undo() {
      const { document, history } = api.getState();
      const travel = undo(history, document);
      if (!travel) return false;
      api.setState(travel);
      return true;
    },
    redo() {
      const { document, history } = api.getState();
      const travel = redo(history, document);
      if (!travel) return false;
      api.setState(travel);
      return true;
    },
    canUndo: () => api.getState().history.past.length > 0,
    canRedo: () => api.getState().history.future.length > 0,
    reset(document) {
      api.setState({ document, history: emptyHistory() });
    },
  };
}

export function useWorkspace<T>(store: WorkspaceStore, selector: (state: WorkspaceState) => T): T {
  return useStore(store.api, selector);
}
