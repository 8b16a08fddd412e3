/**
 * Where imported series live between visits: IndexedDB, written from the worker when the user
 * confirms an import and read when a worker starts (also after a crash restart). Typed arrays are
 * stored as they are (structured clone), never as JSON.
 */
import type { BarColumns } from '../../core/bars/bar-columns';

export type StoredColumns =
  | ({ kind: 'bars' } & BarColumns)
  | { kind: 'line'; time: Float64Array; value: Float64Array };

export interface StoredImport {
  symbol: string;
  /** The file it came from, shown as the symbol's name. */
  fileName: string;
  /** Epoch milliseconds of the confirmation. */
  importedAt: number;
  columns: StoredColumns;
}

export interface ImportStorage {
  loadAll(): Promise<StoredImport[]>;
  /** Stores a new record; `exists` when the symbol is already stored (another tab took the name). */
  add(record: StoredImport): Promise<'added' | 'exists'>;
  /** Deletes the symbol's record; false when none was stored. */
  remove(symbol: string): Promise<boolean>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const COLUMN_NAMES = {
  bars: ['time', 'open', 'high', 'low', 'close', 'volume'],
  line: ['time', 'value'],
} as const;

/** Storage is an edge: a record written by an older version or by hand is checked before use. */
export function isStoredImport(value: unknown): value is StoredImport {
  if (!isRecord(value) || !isRecord(value.columns)) return false;
  if (typeof value.symbol !== 'string' || value.symbol === '' || typeof value.fileName !== 'string') {
    return false;
  }
  if (typeof value.importedAt !== 'number') return false;
  const columns = value.columns;
  if (columns.kind !== 'bars' && columns.kind !== 'line') return false;
  const time = columns.time;
  if (!(time instanceof Float64Array) || time.length === 0) return false;
  for (let i = 1; i < time.length; i++) if (!((time[i] as number) > (time[i - 1] as number))) return false;
  return COLUMN_NAMES[columns.kind].every((name) => {
    const column = columns[name];
    return column instanceof Float64Array && column.length === time.length;
  });
}

/** For tests, and for a browser without IndexedDB (the imports then last as long as the worker). */
export function memoryImportStorage(initial: readonly unknown[] = []): ImportStorage & {
  records: Map<string, StoredImport>;
} {
  const records = new Map<string, StoredImport>();
  for (const record of initial) if (isStoredImport(record)) records.set(record.symbol, record);
  return {
    records,
    async loadAll() {
      return [...records.values()];
    },
    async add(record) {
      if (records.has(record.symbol)) return 'exists';
      records.set(record.symbol, record);
      return 'added';
    },
    async remove(symbol) {
      return records.delete(symbol);
    },
  };
}

const DB_NAME = 'workstation-imports';
const DB_VERSION = 1;
const STORE = 'series';

/** IndexedDB storage; `loadAll` skips (and reports) records that fail the check. */
export function indexedDbImportStorage(factory: IDBFactory, dbName = DB_NAME): ImportStorage {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, DB_VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) {
          request.result.createObjectStore(STORE, { keyPath: 'symbol' });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  return {
    async loadAll() {
      const db = await open();
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
      });
      const valid = values.filter(isStoredImport);
      if (valid.length < values.length) {
        console.warn(`Skipped ${values.length - valid.length} unreadable imported series in IndexedDB`);
      }
      return valid;
    },

    async add(record) {
      const db = await open();
      return new Promise<'added' | 'exists'>((resolve, reject) => {
        const transaction = db.transaction(STORE, 'readwrite');
        const request = transaction.objectStore(STORE).add(record);
        let exists = false;
        request.onerror = (event) => {
          if (request.error?.name !== 'ConstraintError') return;
          exists = true;
          // Handled: the transaction still completes, and the caller picks another name.
          event.preventDefault();
        };
        transaction.oncomplete = () => resolve(exists ? 'exists' : 'added');
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
      });
    },

    async remove(symbol) {
      const db = await open();
      return new Promise<boolean>((resolve, reject) => {
        const transaction = db.transaction(STORE, 'readwrite');
        const store = transaction.objectStore(STORE);
        // Counted in the same transaction as the delete, so the answer is about this very record.
        const counted = store.count(symbol);
        store.delete(symbol);
        transaction.oncomplete = () => resolve(counted.result > 0);
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB delete aborted'));
      });
    },
  };
}
