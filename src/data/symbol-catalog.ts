/**
 * The main thread's copy of the data engine's symbol list, kept in the session for what must know it
 * synchronously (whether `Remove imported symbol` is available), and a data version per symbol that
 * charts watch: it moves when the symbol's series is removed or imported again, so a pane charting it
 * loads again. None of it is part of the workspace document or its history.
 */
import { IMPORTS_CHANGED_CHANNEL, SOURCE_CHANGED_CHANNEL, type SymbolInfo } from '../../core/protocol';
import { patchSession, type SessionStore, type SymbolCatalog } from '../session/session-store';
import { zoneFor } from '../state/time-zone';
import { type EngineClient, getEngineClient } from './engine-client';

/** Asks the engine for its symbols and keeps the answer; every symbol list fetches through here. */
export async function fetchSymbols(
  session: SessionStore,
  client: EngineClient = getEngineClient(),
): Promise<SymbolInfo[]> {
  const symbols = await client.call('listSymbols');
  patchSession(session, 'catalog', { symbols });
  return symbols;
}

/** What the engine says of `symbol` (undefined while the list is unknown, or for no such symbol). */
export function symbolInfoOf(catalog: SymbolCatalog, symbol: string): SymbolInfo | undefined {
  return catalog.symbols?.find((s) => s.symbol === symbol);
}

/** The IANA zone of `symbol`'s exchange; undefined for one that trades around the clock or is not known yet. */
export function exchangeZoneOf(catalog: SymbolCatalog, symbol: string | null): string | undefined {
  return symbol === null ? undefined : symbolInfoOf(catalog, symbol)?.session?.zone;
}

/** The zone `symbol`'s times are shown in under the workspace's setting `zone` (see `zoneFor`). */
export function symbolTimeZone(zone: string, catalog: SymbolCatalog, symbol: string | null): string {
  return zoneFor(zone, exchangeZoneOf(catalog, symbol));
}

/** The symbols the user imported from CSV files (empty while the list is unknown). */
export function importedSymbols(catalog: SymbolCatalog): SymbolInfo[] {
  return (catalog.symbols ?? []).filter((s) => s.imported === true);
}

/** The series of `symbol` changed (removed, or imported again under the name): charts of it reload. */
export function symbolDataChanged(session: SessionStore, symbol: string): void {
  patchSession(session, 'catalog', (s) => ({
    dataVersion: { ...s.dataVersion, [symbol]: (s.dataVersion[symbol] ?? 0) + 1 },
  }));
}

/** A number that changes whenever `symbol`'s data does; a chart loads again when it changes. */
export function symbolDataVersion(catalog: SymbolCatalog, symbol: string): number {
  return catalog.dataVersion[symbol] ?? 0;
}

/**
 * Deletes an imported symbol in the engine (its series and its stored copy). Data, not a workspace
 * edit: nothing enters the undo history, and there is no way back but importing the file again.
 * Resolves with whether there was such an import; rejects with the engine's reason (a shipped symbol,
 * storage that failed) and then nothing changed.
 */
export async function removeImportedSymbol(
  session: SessionStore,
  symbol: string,
  client: EngineClient = getEngineClient(),
): Promise<boolean> {
  const removed = await client.call('removeImportedSymbol', symbol);
  patchSession(session, 'catalog', (s) => ({
    symbols: s.symbols?.filter((i) => i.symbol !== symbol) ?? null,
  }));
  symbolDataChanged(session, symbol);
  return removed;
}

/**
 * Another tab imported or removed a symbol (its engine told this one, which has followed): the symbol
 * lists fetch anew and charts of the symbol load again, the import's data or "No data for ...".
 */
export function watchOtherTabsImports(
  session: SessionStore,
  client: EngineClient = getEngineClient(),
): () => void {
  return client.onEvent(IMPORTS_CHANGED_CHANNEL, ({ symbol }) => {
    fetchSymbols(session, client).catch(() => undefined);
    symbolDataChanged(session, symbol);
  });
}

/**
 * A history source answers again, or listed symbols it could not before: the symbol lists fetch
 * anew and charts of its symbols load again (a pane that said the server was down recovers by itself).
 */
export function watchHistorySources(
  session: SessionStore,
  client: EngineClient = getEngineClient(),
): () => void {
  return client.onEvent(SOURCE_CHANGED_CHANNEL, ({ symbols }) => {
    fetchSymbols(session, client).catch(() => undefined);
    for (const symbol of symbols) symbolDataChanged(session, symbol);
  });
}
