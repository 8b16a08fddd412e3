import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { DrawGuard } from './draw-guard';

interface DrawFailureScopeValue {
  paneId: string;
  report(error: Error): void;
}

const DrawFailureContext = createContext<DrawFailureScopeValue>({
  paneId: '',
  // Outside a pane (bench pages, tests): the guard has logged it already.
  report: () => {},
});

/**
 * Where a pane's drawing failures surface: the first one is thrown from here while rendering, so the
 * pane's error boundary above shows it and offers a reload (which mounts the pane, and a fresh guard,
 * again).
 */
export function DrawFailureScope({ paneId, children }: { paneId: string; children: ReactNode }) {
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw new Error(`Its chart could not be drawn (${failure.message}).`, { cause: failure });
  const value = useRef<DrawFailureScopeValue>({
    paneId,
    report: (error) => setFailure((current) => current ?? error),
  }).current;
  return <DrawFailureContext.Provider value={value}>{children}</DrawFailureContext.Provider>;
}

/** A guard for the drawing of the pane this component is in, one per mount. */
export function useDrawGuard(): DrawGuard {
  const { paneId, report } = useContext(DrawFailureContext);
  const guard = useRef<DrawGuard | null>(null);
  guard.current ??= new DrawGuard(paneId, report);
  return guard.current;
}
