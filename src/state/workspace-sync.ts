/**
 * Saving the current workspace, with every open tab of it kept in step.
 *
 * Each save carries a revision. A tab knows the revision and the document it last had in common with
 * storage (its base). It writes only under a lock held across tabs, and only on top of the revision
 * it has seen: if another tab saved since, that save is applied here first (src/state/remote-change.ts
 * decides what of this tab's document and undo history it replaces), and the merged document is
 * written as the next revision. Every save is announced to the other tabs, which apply it within
 * the same second. A document saved by a newer version is never written over.
 *
 * The browser's pieces (localStorage, BroadcastChannel and the storage event, Web Locks) come in
 * through small interfaces, so this runs in unit tests with two tabs in one process.
 */
import { newerVersionProblem } from './migrations';
import {
  newerStoredVersion,
  readStoredWorkspace,
  type StorageLike,
  type StoredWorkspace,
  serializeStoredWorkspace,
  WORKSPACE_KEY,
} from './persistence';
import { changedParts } from './remote-change';
import type { WorkspaceDocument } from './workspace-document';

/** How tabs tell each other of a save: the stored text itself, so no one reads storage for it. */
export interface SyncChannel {
  post(text: string): void;
  /** Calls `receive` with each text another tab posted; returns the function that stops listening. */
  listen(receive: (text: string) => void): () => void;
}

/** Runs `task` while no other tab runs one (Web Locks); resolves when it has run. */
export interface SyncLock {
  run(task: () => void): Promise<void>;
}

export interface RemoteApplied {
  /** This tab's undo or redo steps the other tab's change emptied. */
  droppedSteps: number;
  /** The other tab's change replaced edits this tab had not saved yet. */
  overwroteLocal: boolean;
}

export interface WorkspaceSyncOptions {
  storage: StorageLike;
  /** This tab's id, written with each save so a tab ignores its own announcements. */
  tabId: string;
  channel: SyncChannel;
  lock: SyncLock;
  /** The revision and document this tab started from (loaded, or the default one at revision 0). */
  revision: number;
  document: WorkspaceDocument;
  /** This tab's document now. */
  current(): WorkspaceDocument;
  /** Applies another tab's change `base -> remote` to this tab's document and history. */
  applyRemote(base: WorkspaceDocument, remote: WorkspaceDocument): RemoteApplied;
  /** True while saving would destroy something (a newer document was found at start). */
  isBlocked(): boolean;
  /** Another tab saved a document this version cannot read or that is newer: saving stops. */
  onBlocked(problem: string): void;
  /** A remote change dropped steps or replaced unsaved edits here. */
  onConflict(applied: RemoteApplied): void;
  /** A save failed (quota, privacy mode): the document stays here and saving is retried. */
  onSaveFailed(error: unknown): void;
  /** A save succeeded after failures. */
  onSaved(): void;
  debounceMs?: number;
  retryMs?: number;
}

export interface WorkspaceSync {
  /** Saves the current document once edits have settled for `debounceMs`. */
  schedule(): void;
  /** Writes now, without the lock: for `pagehide`, when nothing asynchronous finishes. */
  flush(): void;
  /** The revision this tab has in common with storage. */
  readonly revision: number;
  dispose(): void;
}

export function createWorkspaceSync(options: WorkspaceSyncOptions): WorkspaceSync {
  const { storage, tabId, channel, lock, debounceMs = 300, retryMs = 5000 } = options;
  let revision = options.revision;
  let base = options.document;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** A save waits for the lock: its timer is gone and it has not written yet. */
  let waiting = false;
  let blocked = false;
  let failing = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const block = (problem: string) => {
    blocked = true;
    clearTimer();
    options.onBlocked(problem);
  };

  /** Takes another tab's save into this tab; false when it cannot be read (and saving stops). */
  const adopt = (stored: StoredWorkspace): boolean => {
    if (!stored.result.ok) {
      const { newerVersion, problem } = stored.result;
      block(
        newerVersion === undefined
          ? `Another tab saved a workspace this tab cannot read (${problem}). This tab stops saving; reload it.`
          : `${newerVersionProblem(newerVersion)} Another tab saved it; this tab stops saving.`,
      );
      return false;
    }
    const remote = stored.result.document;
    const applied = options.applyRemote(base, remote);
    revision = stored.revision;
    base = remote;
    if (applied.droppedSteps > 0 || applied.overwroteLocal) options.onConflict(applied);
    return true;
  };

  const write = (): void => {
    clearTimer();
    waiting = false;
    if (blocked || options.isBlocked()) return;
    try {
      const text = storage.getItem(WORKSPACE_KEY);
      const newer = newerStoredVersion(text);
      if (newer !== null) {
        block(`${newerVersionProblem(newer)} It was not overwritten; this tab stops saving.`);
        return;
      }
      const stored = text === null ? null : readStoredWorkspace(text);
      // Another tab saved since this one last did, and this tab has not heard of it yet: take it first.
      if (stored !== null && stored.revision > revision && stored.tab !== tabId && !adopt(stored)) return;
      const document = options.current();
      // Nothing of this tab's to add to what is stored: no new revision.
      if (stored !== null && stored.revision === revision && changedParts(document, base).size === 0) return;
      const next = Math.max(revision, stored?.revision ?? 0) + 1;
      const saved = serializeStoredWorkspace(document, next, tabId);
      storage.setItem(WORKSPACE_KEY, saved);
      revision = next;
      base = document;
      channel.post(saved);
      if (failing) {
        failing = false;
        options.onSaved();
      }
    } catch (error) {
      // Storage full or unavailable: keep the document here and try again later.
      failing = true;
      options.onSaveFailed(error);
      timer = setTimeout(save, retryMs);
    }
  };

  function save(): void {
    clearTimer();
    waiting = true;
    lock.run(write).catch((error: unknown) => {
      failing = true;
      options.onSaveFailed(error);
    });
  }

  const receive = (text: string) => {
    if (blocked) return;
    const stored = readStoredWorkspace(text);
    if (stored.tab === tabId || stored.revision <= revision) return;
    if (!adopt(stored)) return;
    // Edits of this tab that the other tab did not have are saved on top of its revision.
    if (changedParts(options.current(), base).size > 0) schedule();
  };

  function schedule(): void {
    if (blocked || options.isBlocked()) return;
    clearTimer();
    timer = setTimeout(save, debounceMs);
  }

  const stopListening = channel.listen(receive);

  return {
    schedule,
    flush: () => {
      // A save waiting for the lock counts: the page may be gone before the lock is granted.
      if (timer !== null || waiting || failing) write();
    },
    get revision() {
      return revision;
    },
    dispose() {
      clearTimer();
      stopListening();
    },
  };
}
