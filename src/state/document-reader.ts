/** The read side of the workspace store: what views, commands and the saver may use. */
import type { History } from './history';
import type { WorkspaceDocument } from './workspace-document';

export interface WorkspaceState {
  readonly document: WorkspaceDocument;
  readonly history: History<WorkspaceDocument>;
}

/** The store's read-only face (zustand's `ReadonlyStoreApi`): subscribable, with no `setState`. */
export interface ReadonlyState<T> {
  getState(): T;
  getInitialState(): T;
  subscribe(listener: (state: T, previous: T) => void): () => void;
}

export interface DocumentReader {
  readonly state: ReadonlyState<WorkspaceState>;
  getDocument(): WorkspaceDocument;
  canUndo(): boolean;
  canRedo(): boolean;
}
