import { useEffect } from 'react';
import type { SymbolInfo } from '../../core/protocol';
import { useSession, useSessionStore } from '../session/session-context';
import { fetchSymbols } from './symbol-catalog';

const NONE: readonly SymbolInfo[] = [];

/**
 * Every symbol the data engine can chart (fixtures, synthetic, imported, the feeds'), as the session's
 * catalog holds it; asks the engine when the catalog has no list yet. An import or a removal fetches
 * anew. `fresh`: asks once more when the caller mounts, for what changes while the page is open (the
 * range of a feed symbol's bars), as a dialog that tells it does.
 */
export function useSymbols({ fresh = false }: { fresh?: boolean } = {}): readonly SymbolInfo[] {
  const session = useSessionStore();
  const symbols = useSession((s) => s.catalog.symbols);
  const known = symbols !== null;
  useEffect(() => {
    if (!known || fresh) fetchSymbols(session).catch(() => undefined);
  }, [session, known, fresh]);
  return symbols ?? NONE;
}
