/**
 * The main thread's copy of the data engine's symbol list, for what must know it synchronously (whether
 * `Remove imported symbol` is available), and a data version per symbol that charts watch: it moves
 * when the symbol's series is removed or imported again, so a pane charting it loads again. Session
 * state fed by the engine: none of it is part of the workspace document or its history.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { SymbolInfo } from '../../workers/protocol';
import { type EngineClient, getEngineClient } from './engine-client';

export interface SymbolCatalog {
  /** The engine's last answer to `listSymbols`; null until one arrives. */
  symbols: readonly SymbolInfo[] | null;
  /** Per symbol, how many times its data changed under the panes (absent: never). */
  dataVersion: Readonly<Record<string, number>>;
}

export const symbolCatalog = createStore<SymbolCatalog>(() => ({ symbols: null, dataVersion: {} }));

/** Asks the engine for its symbols and keeps the answer; every symbol list fetches through here. */
export async function fetchSymbols(client: EngineClient = getEngineClient()): Promise<SymbolInfo[]> {
  const symbols = await client.call('listSymbols');
  symbolCatalog.setState({ symbols });
  return symbols;
}

/** The symbols the user imported from CSV files (empty while the list is unknown). */
export function importedSymbols(catalog: SymbolCatalog = symbolCatalog.getState()): SymbolInfo[] {
  return (catalog.symbols ?? []).filter((s) => s.imported === true);
}

/** The series of `symbol` changed (removed, or imported again under the name): charts of it reload. */
export function symbolDataChanged(symbol: string): void {
  symbolCatalog.setState((s) => ({
    dataVersion: { ...s.dataVersion, [symbol]: (s.dataVersion[symbol] ?? 0) + 1 },
  }));
}

/** A number that changes whenever `symbol`'s data does; a chart loads again when it changes. */
export function useSymbolDataVersion(symbol: string): number {
  return useStore(symbolCatalog, (s) => s.dataVersion[symbol] ?? 0);
}

/**
 * Deletes an imported symbol in the engine (its series and its stored copy). Data, not a workspace
 * edit: nothing enters the undo history, and there is no way back but importing the file again.
 * Resolves with whether there was such an import; rejects with the engine's reason (a shipped symbol,
 * storage that failed) and then nothing changed.
 */
export async function removeImportedSymbol(
  symbol: string,
  client: EngineClient = getEngineClient(),
): Promise<boolean> {
  const removed = await client.call('removeImportedSymbol', symbol);
  symbolCatalog.setState((s) => ({ symbols: s.symbols?.filter((i) => i.symbol !== symbol) ?? null }));
  symbolDataChanged(symbol);
  return removed;
}
