/** React access to the workstation's session: the entry point provides the store, views select from it. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { SessionState, SessionStore } from './session-store';

export const SessionContext = createContext<SessionStore | null>(null);

/** The session store itself, for event handlers that write it or read it once. */
export function useSessionStore(): SessionStore {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionStore needs a SessionContext provider');
  return session;
}

/** Subscribes a view to part of the session; re-renders when the selected value changes. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useSessionStore(), selector);
}
