/**
 * The import dialog's session, on the main thread: hands the file to the worker (which reads and
 * checks it), follows its progress events, and on the user's answer commits or cancels in the
 * worker. Session state only: nothing here enters the document or its history.
 */

import type { CsvMapping } from '../../core/csv-import/types';
import {
  CSV_IMPORT_PROGRESS_CHANNEL,
  type CsvImportCommit,
  type CsvImportSummary,
  errorMessage,
} from '../../core/protocol';
import type {
  CsvImportState,
  CsvImportTarget,
  CsvReadProgress,
  FileFacts,
  SessionStore,
} from '../session/session-store';
import type { StorageLike } from '../state/persistence';
import { formatBytes } from './csv-import-text';
import { rememberedMappings, rememberMapping } from './csv-mappings';
import type { EngineClient } from './engine-client';

/**
 * The largest file an import reads: about five million rows of OHLCV, whose columns the engine keeps
 * in memory and in IndexedDB. A larger file is refused before any of it is read, with this size named.
 */
export const MAX_CSV_BYTES = 256 * 1024 * 1024;

export function tooLargeMessage(fileBytes: number): string {
  return `The file is ${formatBytes(fileBytes)}; files up to ${formatBytes(MAX_CSV_BYTES)} can be imported. Split it, or export a shorter period.`;
}

export type { CsvImportState, CsvImportTarget, CsvReadProgress };

/** The import in progress, its state kept in the session's `csvImport`. */
export interface CsvImportSession {
  /** Starts reading `file` in the worker; an import already open is cancelled first. */
  begin(file: File, target: CsvImportTarget): void;
  /** Reads the open file again the way the user set it in the report (the dialog's mapping editor). */
  reread(mapping: CsvMapping): void;
  /** Closes the dialog; the worker drops the pending import. Nothing else changes. */
  cancel(): void;
  /**
   * Commits the reported import under `name` (the user's), or the proposed symbol when none is given;
   * resolves with the new symbol, or null when it failed (the reason is in the state: a name taken,
   * say) or the dialog was closed meanwhile.
   */
  confirm(
    name?: string,
  ): Promise<{ commit: CsvImportCommit; target: CsvImportTarget; summary: CsvImportSummary } | null>;
}

const IDLE: CsvImportState = { phase: 'idle' };

export function createCsvImportSession(
  client: () => EngineClient,
  session: SessionStore,
  /** Where the mappings the user chose are remembered per file shape; none in tests that need none. */
  storage: StorageLike | null = null,
): CsvImportSession {
  const store = {
    getState: () => session.getState().csvImport,
    setState: (csvImport: CsvImportState, _replace: true) => session.setState({ csvImport }),
  };
  let nextId = 1;
  let stopProgress: (() => void) | null = null;
  /** The open import's file and the mapping it was read with, for `reread` and for remembering. */
  let open: { file: File; target: CsvImportTarget; mapping: CsvMapping | null } | null = null;

  const current = (importId: string) => {
    const state = store.getState();
    return state.phase !== 'idle' && state.importId === importId ? state : null;
  };

  const release = () => {
    stopProgress?.();
    stopProgress = null;
  };

  const cancel = () => {
    const state = store.getState();
    release();
    store.setState(IDLE, true);
    if (state.phase === 'reading' || state.phase === 'report') {
      // Fire and forget: the dialog is gone either way, and the worker keeps at most a few reports.
      client()
        .call('cancelCsvImport', state.importId)
        .catch(() => undefined);
    }
  };

  const read = (file: File, target: CsvImportTarget, mapping: CsvMapping | null) => {
    cancel();
    open = { file, target, mapping };
    const importId = `import-${Date.now().toString(36)}-${nextId++}`;
    const facts: FileFacts = { importId, fileName: file.name, fileBytes: file.size, target };
    if (file.size > MAX_CSV_BYTES) {
      store.setState({ ...facts, phase: 'failed', message: tooLargeMessage(file.size) }, true);
      return;
    }
    store.setState(
      { ...facts, phase: 'reading', progress: { bytesRead: 0, totalBytes: file.size, rowsRead: 0 } },
      true,
    );
    const engine = client();
    stopProgress = engine.onEvent(CSV_IMPORT_PROGRESS_CHANNEL, (payload) => {
      const state = current(payload.importId);
      if (state?.phase !== 'reading') return;
      const { bytesRead, totalBytes, rowsRead } = payload;
      store.setState({ ...state, progress: { bytesRead, totalBytes, rowsRead } }, true);
    });
    const remembered = storage === null ? {} : rememberedMappings(storage);
    const request = { importId, file, fileName: file.name, remembered, ...(mapping ? { mapping } : {}) };
    engine.call('importCsv', request).then(
      (summary) => {
        if (current(importId)?.phase !== 'reading') return;
        release();
        store.setState({ ...facts, phase: 'report', summary, commitError: null }, true);
      },
      (error: unknown) => {
        if (current(importId)?.phase !== 'reading') return;
        release();
        store.setState({ ...facts, phase: 'failed', message: errorMessage(error) }, true);
      },
    );
  };

  return {
    cancel,
    begin: (file, target) => read(file, target, null),
    reread(mapping) {
      if (open) read(open.file, open.target, mapping);
    },

    async confirm(name) {
      const state = store.getState();
      if (state.phase !== 'report') return null;
      const { importId, summary, target } = state;
      store.setState({ ...state, phase: 'committing', commitError: null }, true);
      try {
        const commit = await (name === undefined
          ? client().call('commitCsvImport', importId)
          : client().call('commitCsvImport', importId, name));
        // Closed meanwhile (Escape): the series exists in the engine, but nothing is charted.
        if (!current(importId)) return null;
        // The user's own reading of this shape of file is kept for the next one.
        if (open?.mapping && storage !== null) rememberMapping(storage, summary.shapeKey, open.mapping);
        store.setState(IDLE, true);
        return { commit, target, summary };
      } catch (error) {
        if (current(importId)) {
          store.setState({ ...state, phase: 'report', commitError: errorMessage(error) }, true);
        }
        return null;
      }
    },
  };
}
