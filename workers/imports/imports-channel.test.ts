import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent, ImportNotice } from '../../core/protocol';
import { createEngine, type FixtureName } from '../engine';
import { memoryImportStorage } from './import-storage';
import { broadcastImportsChannel, isImportNotice } from './imports-channel';

const readFixture = async (name: FixtureName): Promise<string> =>
  readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

const PRICES = 'Date,Open,High,Low,Close,Volume\n2021-01-04,10,11,9,10.5,100\n2021-01-05,10.5,12,10,11,100\n';

const open: BroadcastChannel[] = [];
afterEach(() => {
  for (const channel of open.splice(0)) channel.close();
});

let channelCount = 0;

/** Two tabs of the app: two engines on one browser storage, each with its own BroadcastChannel. */
function twoTabs() {
  const name = `imports-test-${++channelCount}`;
  const storage = memoryImportStorage();
  const tab = () => {
    const channel = new BroadcastChannel(name);
    open.push(channel);
    const events: ImportNotice[] = [];
    const engine = createEngine(readFixture, {
      importStorage: storage,
      importsChannel: broadcastImportsChannel(channel),
      emit: (event: EngineEvent) => {
        if (event.channel === 'imports-changed') events.push(event.payload as ImportNotice);
      },
    });
    return { engine, events, channel };
  };
  return { a: tab(), b: tab(), name };
}

const symbolsOf = async (engine: ReturnType<typeof createEngine>) =>
  (await engine.listSymbols()).map((s) => s.symbol);

describe('imports across tabs', () => {
  it('an import stored by one engine is listed by the other, which tells its main thread; a removal drops it there', async () => {
    const { a, b } = twoTabs();
    await a.engine.listSymbols();
    expect(await symbolsOf(b.engine)).not.toContain('PRICES');

    await a.engine.importCsv({
      importId: 'x',
      file: new File([PRICES], 'prices.csv'),
      fileName: 'prices.csv',
    });
    expect((await a.engine.commitCsvImport('x')).symbol.symbol).toBe('PRICES');
    await expect.poll(() => b.events).toEqual([{ change: 'added', symbol: 'PRICES' }]);
    expect(await symbolsOf(b.engine)).toContain('PRICES');
    // The sender does not hear itself.
    expect(a.events).toEqual([]);

    expect(await a.engine.removeImportedSymbol('PRICES')).toBe(true);
    await expect.poll(() => b.events.length).toBe(2);
    expect(b.events[1]).toEqual({ change: 'removed', symbol: 'PRICES' });
    expect(await symbolsOf(b.engine)).not.toContain('PRICES');
    await expect(b.engine.getBars({ symbol: 'PRICES', maxBars: 10 })).rejects.toThrow(
      'Unknown symbol: PRICES',
    );
    a.engine.dispose();
    b.engine.dispose();
  });

  it('a notice of removal never drops a shipped symbol, and malformed messages are ignored', async () => {
    const { b, name } = twoTabs();
    const stranger = new BroadcastChannel(name);
    open.push(stranger);
    // In order: the malformed ones arrive before the valid one that the poll waits for.
    stranger.postMessage({ change: 'renamed', symbol: 'SPX' });
    stranger.postMessage('removed SPX');
    stranger.postMessage({ change: 'removed', symbol: 'SPX' });
    await expect.poll(() => b.events.length).toBe(1);
    expect(await symbolsOf(b.engine)).toContain('SPX');
    expect(b.events).toEqual([{ change: 'removed', symbol: 'SPX' }]);
    b.engine.dispose();
  });

  it('checks the shape of a notice', () => {
    expect(isImportNotice({ change: 'added', symbol: 'X' })).toBe(true);
    for (const bad of [
      null,
      'x',
      {},
      { change: 'added' },
      { change: 'added', symbol: '' },
      { change: 'x', symbol: 'X' },
    ]) {
      expect(isImportNotice(bad)).toBe(false);
    }
  });
});
