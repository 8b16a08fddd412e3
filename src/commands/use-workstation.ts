/** React access to the workstation: the provider is set by the entry point, read by every view. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { WorkspaceState } from '../state/document-reader';
import type { Workstation } from './workstation-api';

export const WorkstationContext = createContext<Workstation | null>(null);

export function useWorkstation(): Workstation {
  const workstation = useContext(WorkstationContext);
  if (!workstation) throw new Error('useWorkstation needs a WorkstationContext provider');
  return workstation;
}

/** Subscribes a view to part of the document (or the history's shape); re-renders when it changes. */
export function useDocument<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(useWorkstation().workspace.state, selector);
}
