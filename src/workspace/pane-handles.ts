/**
 * What a mounted pane hands to the commands (its chart, its zoom and pan, its data cursor), by pane
 * id, so a keyboard command reaches the focused pane's. Unregistering removes only the handle it
 * registered: a pane remounted meanwhile keeps its new one. Views that follow handles (the data
 * window) subscribe: `version` changes whenever one comes or goes.
 */
export interface PaneHandles<T> {
  register(paneId: string, handle: T): () => void;
  of(paneId: string | null): T | undefined;
  subscribe(listener: () => void): () => void;
  version(): number;
}

export function createPaneHandles<T>(): PaneHandles<T> {
  const handles = new Map<string, T>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  return {
    register(paneId, handle) {
      handles.set(paneId, handle);
      changed();
      return () => {
        if (handles.get(paneId) !== handle) return;
        handles.delete(paneId);
        changed();
      };
    },
    of: (paneId) => (paneId ? handles.get(paneId) : undefined),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
