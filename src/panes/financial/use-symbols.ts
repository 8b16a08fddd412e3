import { useEffect, useState } from 'react';
import type { SymbolInfo } from '../../../workers/protocol';
import { fetchSymbols } from '../../data/symbol-catalog';

let cached: Promise<SymbolInfo[]> | null = null;
let version = 0;
const listeners = new Set<() => void>();

/** One fetch for every symbol list (it also updates the symbol catalog); a failed one is forgotten. */
function loadSymbols(): Promise<SymbolInfo[]> {
  const loading = fetchSymbols();
  loading.catch(() => {
    if (cached === loading) cached = null;
  });
  return loading;
}

/** Asks every symbol list to fetch again (a CSV import added a symbol, or one was removed). */
export function refreshSymbols(): void {
  // Fetched now rather than by the next list rendered: the symbol catalog needs the new list even
  // when no chart is open (it decides whether `Remove imported symbol` is available).
  cached = loadSymbols();
  version++;
  for (const listener of [...listeners]) listener();
}

/** Every symbol the data engine can chart (fixtures, synthetic, imported). */
export function useSymbols(): SymbolInfo[] {
  const [symbols, setSymbols] = useState<SymbolInfo[]>([]);
  const [seen, setSeen] = useState(version);
  useEffect(() => {
    const listener = () => setSeen(version);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` changes when the list must be fetched again
  useEffect(() => {
    let live = true;
    cached ??= loadSymbols();
    cached.then(
      (list) => live && setSymbols(list),
      () => {
        cached = null;
      },
    );
    return () => {
      live = false;
    };
  }, [seen]);
  return symbols;
}
