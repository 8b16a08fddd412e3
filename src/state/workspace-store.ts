/**
 * The one store of the workspace document and its history. Writing is split from reading: views and
 * commands get the `DocumentReader`; only the action layer (src/commands/command-runner.ts) and the
 * composition root hold the store itself, and `npm run lint` checks that nothing else imports this module.
 */
import { createStore } from 'zustand/vanilla';
import type { DocumentReader, WorkspaceState } from './document-reader';
import { editThroughout, emptyHistory, type HistoryMode, recordStep, redo, undo } from './history';
import { type Rebased, rebaseOnRemote } from './remote-change';
import type { WorkspaceDocument } from './workspace-document';

export interface WorkspaceStore {
  readonly reader: DocumentReader;
  /**
   * Applies a pure edit and enters it in history as `mode` says (there is no default). Returns false
   * when the edit changed nothing, and so recorded nothing.
   */
  apply(edit: (doc: WorkspaceDocument) => WorkspaceDocument, mode: HistoryMode): boolean;
  undo(): boolean;
  redo(): boolean;
  /** Replaces the whole document and starts a fresh history (loading the saved workspace). */
  reset(document: WorkspaceDocument): void;
  /**
   * Takes another tab's change `base -> remote` into the document and every undo and redo snapshot
   * (src/state/remote-change.ts): this tab's undo never takes the other tab's edit back.
   */
  rebase(base: WorkspaceDocument, remote: WorkspaceDocument): Rebased;
}

export function createWorkspaceStore(
  initial: WorkspaceDocument,
  now: () => number = Date.now,
): WorkspaceStore {
  const api = createStore<WorkspaceState>(() => ({ document: initial, history: emptyHistory() }));
  const travel = (go: typeof undo) => {
    const { document, history } = api.getState();
    const next = go(history, document);
    if (!next) return false;
    api.setState(next);
    return true;
  };
  const reader: DocumentReader = {
    state: { getState: api.getState, getInitialState: api.getInitialState, subscribe: api.subscribe },
    getDocument: () => api.getState().document,
    canUndo: () => api.getState().history.past.length > 0,
    canRedo: () => api.getState().history.future.length > 0,
  };
  return {
    reader,
    apply(edit, mode) {
      const { document, history } = api.getState();
      const next = edit(document);
      if (mode.kind === 'throughout') {
        const rewritten = editThroughout(history, edit);
        if (next === document && rewritten === history) return false;
        api.setState({ document: next, history: rewritten });
        return next !== document;
      }
      if (next === document) return false;
      api.setState({ document: next, history: recordStep(history, document, next, mode, now()) });
      return true;
    },
    undo: () => travel(undo),
    redo: () => travel(redo),
    reset(document) {
      api.setState({ document, history: emptyHistory() });
    },
    rebase(base, remote) {
      const rebased = rebaseOnRemote(api.getState(), base, remote);
      api.setState({ document: rebased.document, history: rebased.history });
      return rebased;
    },
  };
}
