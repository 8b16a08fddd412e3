import { useEffect, useState } from 'react';
import type { SymbolInfo } from '../../../workers/protocol';
import { getEngineClient } from '../../data/engine-client';

let cached: Promise<SymbolInfo[]> | null = null;

/** Every symbol the data engine can chart (fixtures, synthetic, imported). */
export function useSymbols(): SymbolInfo[] {
  const [symbols, setSymbols] = useState<SymbolInfo[]>([]);
  useEffect(() => {
    let live = true;
    cached ??= getEngineClient().call('listSymbols');
    cached.then(
      (list) => live && setSymbols(list),
      () => {
        cached = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return symbols;
}
