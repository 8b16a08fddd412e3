/**
 * What a mounted pane hands to the commands (its chart, its zoom and pan, its data cursor), by pane
 * id, so a keyboard command reaches the focused pane's. Unregistering removes only the handle it
 * registered: a pane remounted meanwhile keeps its new one.
 */
export interface PaneHandles<T> {
  register(paneId: string, handle: T): () => void;
  of(paneId: string | null): T | undefined;
}

export function createPaneHandles<T>(): PaneHandles<T> {
  const handles = new Map<string, T>();
  return {
    register(paneId, handle) {
      handles.set(paneId, handle);
      return () => {
        if (handles.get(paneId) === handle) handles.delete(paneId);
      };
    },
    of: (paneId) => (paneId ? handles.get(paneId) : undefined),
  };
}
