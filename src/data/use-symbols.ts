import { useEffect } from 'react';
import type { SymbolInfo } from '../../workers/protocol';
import { useSession, useSessionStore } from '../session/session-context';
import { fetchSymbols } from './symbol-catalog';

const NONE: readonly SymbolInfo[] = [];

/**
 * Every symbol the data engine can chart (fixtures, synthetic, imported), as the session's catalog
 * holds it; asks the engine when the catalog has no list yet. An import or a removal fetches anew.
 */
export function useSymbols(): readonly SymbolInfo[] {
  const session = useSessionStore();
  const symbols = useSession((s) => s.catalog.symbols);
  const known = symbols !== null;
  useEffect(() => {
    if (!known) fetchSymbols(session).catch(() => undefined);
  }, [session, known]);
  return symbols ?? NONE;
}
