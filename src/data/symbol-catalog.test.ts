import { beforeEach, describe, expect, it } from 'vitest';
import type { EngineMethod, SymbolInfo } from '../../core/protocol';
import { createSessionStore, type SessionStore } from '../session/session-store';
import type { EngineClient } from './engine-client';
import { fetchSymbols, importedSymbols, removeImportedSymbol, symbolDataChanged } from './symbol-catalog';

const info = (symbol: string, imported = false): SymbolInfo => ({
  symbol,
  name: imported ? `${symbol.toLowerCase()}.csv` : symbol,
  kind: 'bars',
  first: 0,
  last: 86_400,
  count: 2,
  ...(imported ? { imported: true } : {}),
});

/** An engine client answering from a list the test holds; `removeImportedSymbol` may be made to fail. */
function fakeClient(list: SymbolInfo[], failRemove: string | null = null) {
  const calls: { method: EngineMethod; args: unknown[] }[] = [];
  const client = {
    call: async (method: EngineMethod, ...args: unknown[]) => {
      calls.push({ method, args });
      if (method === 'listSymbols') return [...list];
      if (method === 'removeImportedSymbol') {
        if (failRemove) throw new Error(failRemove);
        const at = list.findIndex((s) => s.symbol === args[0]);
        if (at >= 0) list.splice(at, 1);
        return at >= 0;
      }
      throw new Error(`unexpected ${method}`);
    },
  } as unknown as EngineClient;
  return { client, calls };
}

let session: SessionStore;
beforeEach(() => {
  session = createSessionStore();
});
const catalog = () => session.getState().catalog;

describe('symbol catalog', () => {
  it('keeps the engine list and tells the imported symbols', async () => {
    const { client } = fakeClient([info('SPX'), info('ACME', true)]);
    expect(importedSymbols(catalog())).toEqual([]);
    await fetchSymbols(session, client);
    expect(catalog().symbols?.map((s) => s.symbol)).toEqual(['SPX', 'ACME']);
    expect(importedSymbols(catalog()).map((s) => s.symbol)).toEqual(['ACME']);
  });

  it('removing asks the engine, drops the symbol and moves its data version only', async () => {
    const { client, calls } = fakeClient([info('SPX'), info('ACME', true), info('BETA', true)]);
    await fetchSymbols(session, client);
    symbolDataChanged(session, 'BETA');
    expect(await removeImportedSymbol(session, 'ACME', client)).toBe(true);
    expect(calls.at(-1)).toEqual({ method: 'removeImportedSymbol', args: ['ACME'] });
    expect(importedSymbols(catalog()).map((s) => s.symbol)).toEqual(['BETA']);
    expect(catalog().dataVersion).toEqual({ ACME: 1, BETA: 1 });
  });

  it('changes nothing when the engine refuses', async () => {
    const { client } = fakeClient([info('ACME', true)], 'storage failed');
    await fetchSymbols(session, client);
    await expect(removeImportedSymbol(session, 'ACME', client)).rejects.toThrow('storage failed');
    expect(importedSymbols(catalog()).map((s) => s.symbol)).toEqual(['ACME']);
    expect(catalog().dataVersion).toEqual({});
  });
});
