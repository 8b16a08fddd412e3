/**
 * The import dialog's session, on the main thread: hands the file to the worker (which reads and
 * checks it), follows its progress events, and on the user's answer commits or cancels in the
 * worker. Session state only: nothing here enters the document or its history.
 */
import {
  CSV_IMPORT_PROGRESS_CHANNEL,
  type CsvImportCommit,
  type CsvImportSummary,
  errorMessage,
} from '../../workers/protocol';
import type {
  CsvImportState,
  CsvImportTarget,
  CsvReadProgress,
  FileFacts,
  SessionStore,
} from '../session/session-store';
import { formatBytes } from './csv-import-text';
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
  /** Closes the dialog; the worker drops the pending import. Nothing else changes. */
  cancel(): void;
  /**
   * Commits the reported import; resolves with the new symbol, or null when it failed (the reason is
   * in the state) or the dialog was closed meanwhile.
   */
  confirm(): Promise<{ commit: CsvImportCommit; target: CsvImportTarget; summary: CsvImportSummary } | null>;
}

const IDLE: CsvImportState = { phase: 'idle' };

export function createCsvImportSession(client: () => EngineClient, session: SessionStore): CsvImportSession {
  const store = {
    getState: () => session.getState().csvImport,
    setState: (csvImport: CsvImportState, _replace: true) => session.setState({ csvImport }),
  };
  let nextId = 1;
  let stopProgress: (() => void) | null = null;

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

  return {
    cancel,

    begin(file, target) {
      cancel();
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
      engine.call('importCsv', { importId, file, fileName: file.name }).then(
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
    },

    async confirm() {
      const state = store.getState();
      if (state.phase !== 'report') return null;
      const { importId, summary, target } = state;
      store.setState({ ...state, phase: 'committing', commitError: null }, true);
      try {
        const commit = await client().call('commitCsvImport', importId);
        // Closed meanwhile (Escape): the series exists in the engine, but nothing is charted.
        if (!current(importId)) return null;
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
