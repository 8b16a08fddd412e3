import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CsvImportProgressEvent, EngineEvent } from '../../core/protocol';
import { createEngine, dispatchRequest, type FixtureName } from '../engine';
import { SeriesStore } from '../series-store';
import { createCsvImportHandlers } from './csv-import-handlers';
import { type ImportStorage, memoryImportStorage } from './import-storage';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** Row 3 is not a number, row 5 has high below low, row 7 repeats row 6's date. */
const BAD_ROWS = [
  'Date,Open,High,Low,Close,Volume',
  '2021-01-04,10,11,9,10.5,100',
  '2021-01-05,10.5,x,10,11,100',
  '2021-01-06,11,12,10.5,11.5,100',
  '2021-01-07,11.5,10,12,11,100',
  '2021-01-08,11,12,10.8,11.8,100',
  '2021-01-08,11.8,12.5,11.5,12.25,100',
].join('\n');

function setup(storage: ImportStorage = memoryImportStorage()) {
  const events: EngineEvent[] = [];
  const engine = createEngine(readFixture, { emit: (e) => events.push(e), importStorage: storage });
  const progress = () =>
    events.filter((e) => e.channel === 'csv-import-progress').map((e) => e.payload as CsvImportProgressEvent);
  return { engine, events, progress, storage };
}

const file = (text: string | Uint8Array<ArrayBuffer>, name = 'prices.csv') => new File([text], name);

describe('CSV import in the engine', () => {
  it('reports problems by row and proposes a repair, changing nothing', async () => {
    const { engine, progress } = setup();
    const before = await engine.listSymbols();
    const summary = await engine.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    expect(summary).toMatchObject({
      importId: 'a',
      fileName: 'prices.csv',
      fileBytes: BAD_ROWS.length,
      encoding: 'utf-8',
      notCsv: null,
      fatal: false,
      shape: 'ohlcv',
      rowsRead: 6,
      rowsKept: 3,
      proposedSymbol: 'PRICES',
      first: day('2021-01-04'),
      last: day('2021-01-08'),
      lastClose: 12.25,
      repair: { sort: false, dropDuplicates: 'keep-last', skipRows: [3, 5] },
    });
    expect(summary.problems.map((p) => [p.row, p.kind])).toEqual([
      [3, 'not-a-number'],
      [5, 'high-below-low'],
      [7, 'duplicate-time'],
    ]);
    expect('series' in summary).toBe(false);
    const events = progress();
    expect(events.at(-1)).toEqual({
      importId: 'a',
      bytesRead: BAD_ROWS.length,
      totalBytes: BAD_ROWS.length,
      rowsRead: 6,
    });
    expect(await engine.listSymbols()).toEqual(before);
  });

  it('commits the repaired series as a new symbol, stored for the next engine', async () => {
    const { engine, storage } = setup();
    await engine.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    const commit = await engine.commitCsvImport('a');
    expect(commit).toEqual({
      symbol: {
        symbol: 'PRICES',
        name: 'prices.csv',
        kind: 'bars',
        first: day('2021-01-04'),
        last: day('2021-01-08'),
        count: 3,
        imported: true,
      },
      persisted: true,
      persistProblem: null,
    });
    const bars = await engine.getBars({ symbol: 'PRICES', maxBars: 100 });
    expect(Array.from(bars.close)).toEqual([10.5, 11.5, 12.25]);
    expect((await engine.listSymbols()).at(-1)?.symbol).toBe('PRICES');
    await expect(engine.commitCsvImport('a')).rejects.toThrow(/no longer pending/);

    // A new worker (a reload, or a restart after a crash) serves it from storage.
    const next = setup(storage).engine;
    const restored = await next.getBars({ symbol: 'PRICES', maxBars: 100 });
    expect(Array.from(restored.time)).toEqual(Array.from(bars.time));
    expect((await next.listSymbols()).find((s) => s.symbol === 'PRICES')).toMatchObject({ imported: true });
  });

  it('serves an import another tab stored after this engine read its catalog', async () => {
    const storage = memoryImportStorage();
    // Two tabs of the app: two engines on one browser storage, both started.
    const first = setup(storage).engine;
    const second = setup(storage).engine;
    expect((await second.listSymbols()).some((s) => s.symbol === 'PRICES')).toBe(false);
    await first.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    await first.commitCsvImport('a');
    // The first tab's workspace, followed by the second, charts it: the second reads storage again.
    const bars = await second.getBars({ symbol: 'PRICES', maxBars: 100 });
    expect(Array.from(bars.close)).toEqual([10.5, 11.5, 12.25]);
    const line = await second.getLine({ symbol: 'PRICES', width: 100 });
    expect(line.nativeCount).toBe(3);
    await expect(second.getBars({ symbol: 'NOPE', maxBars: 100 })).rejects.toThrow(/NOPE/);
  });

  it('cancel discards the report: nothing to commit, nothing new to list', async () => {
    const { engine, storage } = setup();
    const before = await engine.listSymbols();
    await engine.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    expect(await engine.cancelCsvImport('a')).toBe(true);
    expect(await engine.cancelCsvImport('a')).toBe(false);
    await expect(engine.commitCsvImport('a')).rejects.toThrow(/no longer pending/);
    expect(await engine.listSymbols()).toEqual(before);
    expect((storage as ReturnType<typeof memoryImportStorage>).records.size).toBe(0);
  });

  it('never replaces a symbol: names are numbered, in this engine and in storage', async () => {
    const storage = memoryImportStorage();
    const { engine } = setup(storage);
    const good = 'date,close\n2020-01-02,5\n2020-01-03,6\n';
    const commit = async (id: string, name: string) => {
      await engine.importCsv({ importId: id, file: file(good, name), fileName: name });
      return (await engine.commitCsvImport(id)).symbol;
    };
    expect(await commit('1', 'SPX.csv')).toMatchObject({ symbol: 'SPX-2', kind: 'line', count: 2 });
    expect((await commit('2', 'spx.csv')).symbol).toBe('SPX-3');
    // Another tab stored OTHER meanwhile: this engine does not know it, storage refuses it.
    const stored = storage.records.get('SPX-2');
    if (!stored) throw new Error('SPX-2 was not stored');
    await storage.add({ ...stored, symbol: 'OTHER' });
    expect((await commit('3', 'other.csv')).symbol).toBe('OTHER-2');
    const spx = await engine.getBars({ symbol: 'SPX', maxBars: 10_000 });
    expect(spx.nativeCount).toBe(5105);
  });

  it('takes the name the user gives, as it is, or refuses it with the reason and keeps the import open', async () => {
    const storage = memoryImportStorage();
    const { engine } = setup(storage);
    const good = 'date,close\n2020-01-02,5\n2020-01-03,6\n';
    await engine.importCsv({ importId: 'a', file: file(good), fileName: 'spx-2026-12-05T02-03-48.csv' });
    await expect(engine.commitCsvImport('a', 'SPX')).rejects.toThrow(
      'SPX is a symbol already: choose another name.',
    );
    await expect(engine.commitCsvImport('a', 'my prices')).rejects.toThrow(/letters, digits/);
    // Still pending: the user picks another.
    expect((await engine.commitCsvImport('a', ' spx-backtest ')).symbol.symbol).toBe('SPX-BACKTEST');
    expect(storage.records.has('SPX-BACKTEST')).toBe(true);
    // Another tab stored the name meanwhile: refused, not numbered behind the user's back.
    await engine.importCsv({ importId: 'b', file: file(good), fileName: 'b.csv' });
    const stored = storage.records.get('SPX-BACKTEST');
    if (!stored) throw new Error('not stored');
    await storage.add({ ...stored, symbol: 'TAKEN' });
    await expect(engine.commitCsvImport('b', 'taken')).rejects.toThrow('TAKEN is a symbol already');
    expect((await engine.commitCsvImport('b', 'free')).symbol.symbol).toBe('FREE');
  });

  it('keeps the series for this session when storage fails, and says so', async () => {
    const failing: ImportStorage = {
      loadAll: async () => [],
      add: async () => {
        throw new Error('QuotaExceededError');
      },
      remove: async () => false,
    };
    const { engine } = setup(failing);
    await engine.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    const commit = await engine.commitCsvImport('a');
    expect(commit).toMatchObject({ persisted: false, persistProblem: 'QuotaExceededError' });
    expect((await engine.getBars({ symbol: 'PRICES', maxBars: 10 })).nativeCount).toBe(3);
  });

  it('a file that is not CSV gets a message and cannot be committed', async () => {
    const { engine } = setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const summary = await engine.importCsv({
      importId: 'p',
      file: file(png, 'chart.png'),
      fileName: 'chart.png',
    });
    expect(summary).toMatchObject({
      fatal: true,
      notCsv: 'This file is a PNG image, not CSV text.',
      rowsKept: 0,
    });
    await expect(engine.commitCsvImport('p')).rejects.toThrow(/no longer pending/);
    const prose = await engine.importCsv({
      importId: 't',
      file: file('Dear diary,\nToday nothing happened.\n', 'notes.txt'),
      fileName: 'notes.txt',
    });
    expect(prose).toMatchObject({ fatal: true, notCsv: null });
    expect(prose.problems[0]?.message).toMatch(/No column of dates or times/);
  });

  it('checks its arguments at the edge', async () => {
    const { engine } = setup();
    for (const args of [
      [{ importId: 'a', file: 'text', fileName: 'x.csv' }],
      [{ importId: '', file: file('') }],
    ]) {
      expect(await dispatchRequest(engine, { id: 1, method: 'importCsv', args })).toMatchObject({
        ok: false,
        error: { message: 'Invalid arguments for importCsv' },
      });
    }
    expect(await dispatchRequest(engine, { id: 2, method: 'commitCsvImport', args: [7] })).toMatchObject({
      ok: false,
    });
  });
});

describe('createCsvImportHandlers', () => {
  it('stops reading when cancelled between chunks', async () => {
    let handlers: ReturnType<typeof createCsvImportHandlers> | null = null;
    const seen: number[] = [];
    handlers = createCsvImportHandlers({
      catalog: async () => new SeriesStore(),
      storage: null,
      chunkBytes: 16,
      emit: (event) => {
        const payload = event.payload as CsvImportProgressEvent;
        seen.push(payload.bytesRead);
        if (payload.bytesRead >= 32) void handlers?.cancelCsvImport('a');
      },
    });
    await expect(
      handlers.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' }),
    ).rejects.toThrow('The import was cancelled');
    expect(seen).toEqual([16, 32]);
    await expect(handlers.commitCsvImport('a')).rejects.toThrow(/no longer pending/);
  });

  it('without storage the commit still charts, for this session only', async () => {
    const store = new SeriesStore();
    const handlers = createCsvImportHandlers({ catalog: async () => store, storage: null });
    await handlers.importCsv({ importId: 'a', file: file(BAD_ROWS), fileName: 'prices.csv' });
    expect(await handlers.commitCsvImport('a')).toMatchObject({
      persisted: false,
      persistProblem: 'this browser offers no storage for imported series',
    });
    expect(store.hasSymbol('PRICES')).toBe(true);
  });
});
