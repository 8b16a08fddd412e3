import { describe, expect, it } from 'vitest';
import type { CsvImportCommit, CsvImportSummary, EngineMethod } from '../../core/protocol';
import { createSessionStore } from '../session/session-store';
import { createCsvImportSession, MAX_CSV_BYTES } from './csv-import-session';
import type { EngineClient } from './engine-client';

interface Sent {
  method: EngineMethod;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** An engine client whose answers the test gives by hand, and whose progress events it pushes. */
function fakeClient() {
  const sent: Sent[] = [];
  const listeners = new Set<(payload: never) => void>();
  const client = {
    call: (method: EngineMethod, ...args: unknown[]) =>
      new Promise((resolve, reject) => sent.push({ method, args, resolve, reject })),
    onEvent: (_channel: string, listener: (payload: never) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as EngineClient;
  const push = (payload: unknown) => {
    for (const listener of listeners) listener(payload as never);
  };
  const last = (method: EngineMethod) => {
    const found = sent.filter((s) => s.method === method).at(-1);
    if (!found) throw new Error(`no ${method} call`);
    return found;
  };
  return { client, sent, push, last, listeners };
}

const summary = (importId: string): CsvImportSummary =>
  ({ importId, fileName: 'prices.csv', fatal: false, rowsRead: 6, rowsKept: 3 }) as CsvImportSummary;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createCsvImportSession', () => {
  it('reads in the worker with progress, then shows the report', async () => {
    const { client, push, last, listeners } = fakeClient();
    const store = createSessionStore();
    const session = createCsvImportSession(() => client, store);
    session.begin(new File(['a,b\n'], 'prices.csv'), { paneId: 'p1' });
    const request = last('importCsv');
    const { importId, fileName, file } = request.args[0] as {
      importId: string;
      fileName: string;
      file: File;
    };
    expect(fileName).toBe('prices.csv');
    expect(file).toBeInstanceOf(File);
    expect(store.getState().csvImport).toMatchObject({
      phase: 'reading',
      progress: { bytesRead: 0, totalBytes: 4 },
    });
    push({ importId: 'someone-else', bytesRead: 3, totalBytes: 9, rowsRead: 1 });
    push({ importId, bytesRead: 2, totalBytes: 4, rowsRead: 1 });
    expect(store.getState().csvImport).toMatchObject({
      progress: { bytesRead: 2, totalBytes: 4, rowsRead: 1 },
    });
    request.resolve(summary(importId));
    await settle();
    expect(store.getState().csvImport).toMatchObject({
      phase: 'report',
      target: { paneId: 'p1' },
      commitError: null,
    });
    expect(listeners.size).toBe(0);
  });

  it('cancel closes at once and drops the import in the worker', async () => {
    const { client, last } = fakeClient();
    const store = createSessionStore();
    const session = createCsvImportSession(() => client, store);
    session.begin(new File(['x'], 'a.csv'), { paneId: null });
    const { importId } = last('importCsv').args[0] as { importId: string };
    session.cancel();
    expect(store.getState().csvImport).toEqual({ phase: 'idle' });
    expect(last('cancelCsvImport').args).toEqual([importId]);
    // A late answer for the cancelled import is ignored.
    last('importCsv').resolve(summary(importId));
    await settle();
    expect(store.getState().csvImport).toEqual({ phase: 'idle' });
  });

  it('confirm commits and closes; a failed commit keeps the report with the reason', async () => {
    const { client, last } = fakeClient();
    const store = createSessionStore();
    const session = createCsvImportSession(() => client, store);
    session.begin(new File(['x'], 'a.csv'), { paneId: 'p2' });
    const { importId } = last('importCsv').args[0] as { importId: string };
    last('importCsv').resolve(summary(importId));
    await settle();

    const failing = session.confirm();
    expect(store.getState().csvImport.phase).toBe('committing');
    last('commitCsvImport').reject(new Error('This import is no longer pending'));
    expect(await failing).toBeNull();
    expect(store.getState().csvImport).toMatchObject({
      phase: 'report',
      commitError: 'This import is no longer pending',
    });

    const confirming = session.confirm();
    const commit = { symbol: { symbol: 'A' }, persisted: true, persistProblem: null } as CsvImportCommit;
    last('commitCsvImport').resolve(commit);
    expect(await confirming).toMatchObject({ commit, target: { paneId: 'p2' } });
    expect(store.getState().csvImport).toEqual({ phase: 'idle' });
  });

  it('a failed read says why; a new file replaces the open import', async () => {
    const { client, last, sent } = fakeClient();
    const store = createSessionStore();
    const session = createCsvImportSession(() => client, store);
    session.begin(new File(['x'], 'a.csv'), { paneId: null });
    last('importCsv').reject(new Error('Data engine worker keeps crashing'));
    await settle();
    expect(store.getState().csvImport).toMatchObject({
      phase: 'failed',
      message: 'Data engine worker keeps crashing',
    });
    session.begin(new File(['y'], 'b.csv'), { paneId: null });
    const first = last('importCsv').args[0] as { importId: string };
    session.begin(new File(['z'], 'c.csv'), { paneId: null });
    expect(last('cancelCsvImport').args).toEqual([first.importId]);
    expect(store.getState().csvImport).toMatchObject({ phase: 'reading', fileName: 'c.csv' });
    expect(sent.filter((s) => s.method === 'importCsv')).toHaveLength(3);
  });
});

describe('the size limit', () => {
  it('refuses a file over the limit before the engine reads any of it, naming both sizes', () => {
    const { client, sent } = fakeClient();
    const store = createSessionStore();
    const session = createCsvImportSession(() => client, store);
    // A file's size is all the check reads: stand-ins report 300 MB, then exactly the limit.
    const huge = new File(['x'], 'ticks.csv');
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 });
    session.begin(huge, { paneId: null });
    expect(sent).toEqual([]);
    expect(store.getState().csvImport).toMatchObject({
      phase: 'failed',
      fileName: 'ticks.csv',
      message:
        'The file is 300 MB; files up to 256 MB can be imported. Split it, or export a shorter period.',
    });
    const atLimit = new File(['x'], 'ok.csv');
    Object.defineProperty(atLimit, 'size', { value: MAX_CSV_BYTES });
    session.begin(atLimit, { paneId: null });
    expect(sent.map((s) => s.method)).toEqual(['importCsv']);
  });
});
