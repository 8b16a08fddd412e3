import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, dispatchRequest, type FixtureName } from '../engine';
import { type ImportStorage, memoryImportStorage } from './import-storage';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const PRICES = 'Date,Open,High,Low,Close,Volume\n2021-01-04,10,11,9,10.5,100\n2021-01-05,10.5,12,10,11,100\n';

function setup(storage: ImportStorage = memoryImportStorage()) {
  const engine = createEngine(readFixture, { importStorage: storage });
  const importFile = async (importId: string, fileName = 'prices.csv') => {
    await engine.importCsv({ importId, file: new File([PRICES], fileName), fileName });
    return (await engine.commitCsvImport(importId)).symbol.symbol;
  };
  return { engine, importFile };
}

const symbolsOf = async (engine: ReturnType<typeof createEngine>) =>
  (await engine.listSymbols()).map((s) => s.symbol);

describe('removeImportedSymbol', () => {
  it('removes the series from the engine and from storage, for this and every later engine', async () => {
    const storage = memoryImportStorage();
    const { engine, importFile } = setup(storage);
    const before = await symbolsOf(engine);
    expect(await importFile('a')).toBe('PRICES');
    expect(await engine.getBars({ symbol: 'PRICES', maxBars: 10 })).toMatchObject({ nativeCount: 2 });

    expect(await engine.removeImportedSymbol('PRICES')).toBe(true);

    expect(await symbolsOf(engine)).toEqual(before);
    await expect(engine.getBars({ symbol: 'PRICES', maxBars: 10 })).rejects.toThrow('Unknown symbol: PRICES');
    await expect(engine.getQuotes(['PRICES'])).rejects.toThrow(/Unknown symbol/);
    expect(storage.records.size).toBe(0);
    // A reload (or a worker restarted after a crash) does not bring it back.
    expect(await symbolsOf(setup(storage).engine)).toEqual(before);
  });

  it('answers false when there is no such import, and frees the name for the next import', async () => {
    const { engine, importFile } = setup();
    expect(await engine.removeImportedSymbol('PRICES')).toBe(false);
    await importFile('a');
    expect(await engine.removeImportedSymbol('PRICES')).toBe(true);
    expect(await engine.removeImportedSymbol('PRICES')).toBe(false);
    // The name is free again: the same file imported again gets it back, with its data.
    expect(await importFile('b')).toBe('PRICES');
    expect((await engine.getBars({ symbol: 'PRICES', maxBars: 10 })).close[1]).toBe(11);
  });

  it('removes only the named import', async () => {
    const storage = memoryImportStorage();
    const { engine, importFile } = setup(storage);
    expect(await importFile('a')).toBe('PRICES');
    expect(await importFile('b')).toBe('PRICES-2');
    await engine.removeImportedSymbol('PRICES');
    expect((await engine.listSymbols()).filter((s) => s.imported).map((s) => s.symbol)).toEqual(['PRICES-2']);
    expect([...storage.records.keys()]).toEqual(['PRICES-2']);
  });

  it('refuses to remove a shipped symbol', async () => {
    const { engine } = setup();
    await expect(engine.removeImportedSymbol('SPX')).rejects.toThrow(
      'SPX is not an imported symbol and cannot be removed.',
    );
    await expect(engine.removeImportedSymbol('SYN-1M')).rejects.toThrow(/not an imported symbol/);
    expect(await symbolsOf(engine)).toContain('SPX');
    expect((await engine.getBars({ symbol: 'SPX', maxBars: 10 })).nativeCount).toBe(5105);
  });

  it('changes nothing when storage fails, so the symbol does not come back after a reload', async () => {
    const storage = memoryImportStorage();
    const failing: ImportStorage = {
      loadAll: () => storage.loadAll(),
      add: (record) => storage.add(record),
      remove: async () => {
        throw new Error('UnknownError');
      },
    };
    const { engine, importFile } = setup(failing);
    await importFile('a');
    await expect(engine.removeImportedSymbol('PRICES')).rejects.toThrow(
      "PRICES could not be removed from this browser's storage: UnknownError",
    );
    expect(await symbolsOf(engine)).toContain('PRICES');
    expect(storage.records.has('PRICES')).toBe(true);
  });

  it('deletes a record another tab stored, which this engine never registered', async () => {
    const storage = memoryImportStorage();
    const { engine } = setup(storage);
    await engine.listSymbols();
    const other = setup(storage);
    expect(await other.importFile('a', 'other.csv')).toBe('OTHER');
    expect(await symbolsOf(engine)).not.toContain('OTHER');
    expect(await engine.removeImportedSymbol('OTHER')).toBe(true);
    expect(storage.records.size).toBe(0);
  });

  it('without storage, removes the series for this session', async () => {
    const engine = createEngine(readFixture, { importStorage: null });
    await engine.importCsv({ importId: 'a', file: new File([PRICES], 'prices.csv'), fileName: 'prices.csv' });
    await engine.commitCsvImport('a');
    expect(await engine.removeImportedSymbol('PRICES')).toBe(true);
    expect(await symbolsOf(engine)).not.toContain('PRICES');
  });

  it('checks its argument at the edge', async () => {
    const { engine } = setup();
    for (const args of [[], [''], [7], ['A', 'B']]) {
      expect(await dispatchRequest(engine, { id: 1, method: 'removeImportedSymbol', args })).toMatchObject({
        ok: false,
        error: { message: 'Invalid arguments for removeImportedSymbol' },
      });
    }
  });
});
