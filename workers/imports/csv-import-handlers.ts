/**
 * The engine's CSV import: read and report (`importCsv`), then, only when the user confirms, make the
 * repaired series a new symbol and store it (`commitCsvImport`), or drop it (`cancelCsvImport`).
 * Until the commit nothing the engine serves changes. `removeImportedSymbol` deletes a committed one.
 */

import { type BarColumns, barOf } from '../../core/bars/bar-columns';
import { checkSymbolName, importedSymbolName } from '../../core/csv-import/symbol-name';
import type { CsvImportReport } from '../../core/csv-import/types';
import { storageErrorMessage } from '../../core/error-message';
import {
  CSV_IMPORT_PROGRESS_CHANNEL,
  type CsvImportCommit,
  type CsvImportRequest,
  type CsvImportSummary,
  type EngineEvent,
  errorMessage,
  type SymbolInfo,
} from '../../core/protocol';
import type { SeriesStore, TimeSeries } from '../series-store';
import type { ImportStorage, StoredColumns, StoredImport } from './import-storage';
import { readCsvFile } from './read-csv-file';

export interface CsvImportHandlers {
  importCsv(request: CsvImportRequest): Promise<CsvImportSummary>;
  commitCsvImport(importId: string, name?: string): Promise<CsvImportCommit>;
  cancelCsvImport(importId: string): Promise<boolean>;
  removeImportedSymbol(symbol: string): Promise<boolean>;
}

export interface CsvImportOptions {
  /** The engine's store, once loaded (with the stored imports registered). */
  catalog: () => Promise<SeriesStore>;
  /** Null when the browser has none: imports then last as long as the worker. */
  storage: ImportStorage | null;
  emit?: (event: EngineEvent) => void;
  now?: () => number;
  chunkBytes?: number;
}

/** Reports waiting for the user's answer; an abandoned dialog must not hold memory forever. */
const MAX_PENDING = 4;
/** Attempts at a free name when other tabs keep taking the one chosen. */
const MAX_NAME_ATTEMPTS = 50;

interface Pending {
  fileName: string;
  report: CsvImportReport;
}

export function createCsvImportHandlers(options: CsvImportOptions): CsvImportHandlers {
  const pending = new Map<string, Pending>();
  const reading = new Map<string, { cancelled: boolean }>();
  const now = options.now ?? Date.now;

  const keep = (importId: string, entry: Pending): void => {
    pending.delete(importId);
    pending.set(importId, entry);
    while (pending.size > MAX_PENDING) {
      const oldest = pending.keys().next().value;
      if (oldest === undefined) break;
      pending.delete(oldest);
    }
  };

  return {
    async importCsv({ importId, file, fileName, mapping, remembered }) {
      const store = await options.catalog();
      const token = { cancelled: false };
      reading.set(importId, token);
      try {
        const { report, encoding, notCsv } = await readCsvFile(file, {
          ...(mapping ? { mapping } : {}),
          ...(remembered ? { remembered } : {}),
          chunkBytes: options.chunkBytes,
          isCancelled: () => token.cancelled,
          onProgress: (progress) =>
            options.emit?.({
              type: 'event',
              channel: CSV_IMPORT_PROGRESS_CHANNEL,
              payload: { importId, ...progress },
            }),
        });
        const { series, ...rest } = report;
        if (!report.fatal) keep(importId, { fileName, report });
        const n = series.time.length;
        return {
          ...rest,
          importId,
          fileName,
          fileBytes: file.size,
          encoding,
          notCsv,
          proposedSymbol: importedSymbolName(fileName, (s) => store.hasSymbol(s)),
          first: n > 0 ? (series.time[0] as number) : null,
          last: n > 0 ? (series.time[n - 1] as number) : null,
          lastClose: n > 0 ? (series.close[n - 1] as number) : null,
          firstBar: n > 0 ? barOf(series, 0) : null,
          lastBar: n > 0 ? barOf(series, n - 1) : null,
        };
      } finally {
        if (reading.get(importId) === token) reading.delete(importId);
      }
    },

    async commitCsvImport(importId, name) {
      const store = await options.catalog();
      const entry = pending.get(importId);
      if (!entry) {
        throw new Error(
          'This import is no longer pending (the data engine may have restarted); import the file again.',
        );
      }
      const { report, fileName } = entry;
      if (report.fatal) throw new Error('This file cannot be imported.');
      if (report.rowsKept === 0) throw new Error('No rows are left to import after the repair.');
      // A name the user gave is taken as it is, or refused with the reason: never numbered behind their back.
      const chosen = name === undefined ? null : name.trim().toUpperCase();
      if (chosen !== null) {
        const problem = checkSymbolName(chosen);
        if (problem) throw new Error(problem);
        if (store.hasSymbol(chosen)) throw new Error(`${chosen} is a symbol already: choose another name.`);
      }
      pending.delete(importId);
      const columns = storedColumns(report.shape === 'time-value', report.series);
      const importedAt = now();
      const tried = new Set<string>();
      const pick = () => chosen ?? importedSymbolName(fileName, (s) => store.hasSymbol(s) || tried.has(s));
      /** The user's name was taken meanwhile (another tab stored it): the import stays open for another. */
      const refuseChosen = (): never => {
        pending.set(importId, entry);
        throw new Error(`${chosen} is a symbol already: choose another name.`);
      };
      let persisted = false;
      let persistProblem: string | null = null;
      let symbol = pick();
      let takenInStorage = false;
      if (options.storage) {
        try {
          for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS && !persisted && !takenInStorage; attempt++) {
            if ((await options.storage.add({ symbol, fileName, importedAt, columns })) === 'added') {
              persisted = true;
            } else if (chosen !== null) {
              takenInStorage = true;
            } else {
              tried.add(symbol);
              symbol = pick();
            }
          }
          if (!persisted && !takenInStorage) persistProblem = 'no free symbol name was found in storage';
        } catch (error) {
          persistProblem = storageErrorMessage(error);
        }
      } else {
        persistProblem = 'this browser offers no storage for imported series';
      }
      if (takenInStorage) refuseChosen();
      // Awaiting storage let other requests run: make sure the name is still free in this engine.
      if (store.hasSymbol(symbol)) {
        if (chosen !== null) refuseChosen();
        symbol = pick();
      }
      const info = registerImport(store, { symbol, fileName, importedAt, columns });
      return { symbol: info, persisted, persistProblem };
    },

    async cancelCsvImport(importId) {
      const token = reading.get(importId);
      if (token) token.cancelled = true;
      return pending.delete(importId) || token !== undefined;
    },

    async removeImportedSymbol(symbol) {
      const store = await options.catalog();
      const info = store.symbolInfo(symbol);
      if (info && !info.imported) {
        throw new Error(`${symbol} is not an imported symbol and cannot be removed.`);
      }
      // Storage first: if it fails, nothing changes here either and the user can try again, rather
      // than the symbol vanishing now and coming back after a reload.
      let stored = false;
      if (options.storage) {
        try {
          stored = await options.storage.remove(symbol);
        } catch (error) {
          throw new Error(
            `${symbol} could not be removed from this browser's storage: ${storageErrorMessage(error)}`,
          );
        }
      }
      // A record another tab stored is not registered here: it is gone from storage all the same. Only
      // a series registered before the await is removed (a commit meanwhile may have taken the name).
      const registered = info !== undefined && store.removeSeries(symbol);
      return registered || stored;
    },
  };
}

/** Registers the stored imports in a freshly built store; a record whose symbol is taken is skipped. */
export async function restoreImports(store: SeriesStore, storage: ImportStorage | null): Promise<void> {
  if (!storage) return;
  let records: StoredImport[];
  try {
    records = await storage.loadAll();
  } catch (error) {
    console.warn(`Imported series could not be read from storage: ${errorMessage(error)}`);
    return;
  }
  for (const record of records) {
    if (store.hasSymbol(record.symbol)) {
      // Read again (another tab imported since): the imports held already are these same ones.
      if (!store.symbolInfo(record.symbol)?.imported) {
        console.warn(`Stored import ${record.symbol} is skipped: the symbol is already in use`);
      }
      continue;
    }
    registerImport(store, record);
  }
}

function registerImport(store: SeriesStore, record: StoredImport): SymbolInfo {
  const { symbol, fileName, columns } = record;
  const { time } = columns;
  const info: SymbolInfo = {
    symbol,
    name: fileName,
    kind: columns.kind,
    first: time[0] ?? Number.NaN,
    last: time[time.length - 1] ?? Number.NaN,
    count: time.length,
    imported: true,
  };
  const series: TimeSeries =
    columns.kind === 'bars'
      ? { kind: 'bars', series: { symbol, ...withoutKind(columns) } }
      : { kind: 'line', series: { symbol, time: columns.time, value: columns.value } };
  store.registerSeries(info, () => series);
  return { ...info };
}

function withoutKind<T extends { kind: string }>({ kind: _kind, ...rest }: T): Omit<T, 'kind'> {
  return rest;
}

function storedColumns(line: boolean, series: BarColumns): StoredColumns {
  return line
    ? { kind: 'line', time: series.time, value: series.close }
    : {
        kind: 'bars',
        time: series.time,
        open: series.open,
        high: series.high,
        low: series.low,
        close: series.close,
        volume: series.volume,
      };
}
