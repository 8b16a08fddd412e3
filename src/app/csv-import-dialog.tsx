import { useSession } from '../session/session-context';
import './csv-import.css';
import { useState } from 'react';
import { MAX_SYMBOL_LENGTH } from '../../core/csv-import/symbol-name';
import type { CsvImportSummary } from '../../core/protocol';
import { IMPORT_PANE_KIND } from '../commands/csv-import-commands';
import { useDocument, useWorkstation } from '../commands/use-workstation';
import type { CsvImportState, CsvReadProgress } from '../data/csv-import-session';
import {
  confirmLabel,
  describeBar,
  describeColumns,
  describeDelimiter,
  describeRepair,
  describeShape,
  formatBytes,
  formatCount,
  formatTime,
  importBlocker,
  problemCountsText,
  problemDetail,
  totalProblems,
} from '../data/csv-import-text';
import { fetchSymbols, symbolDataChanged } from '../data/symbol-catalog';
import { notify } from '../session/session-actions';
import { timeZoneOf, zoneFor, zoneLabel } from '../state/time-zone';
import { ModalDialog } from '../ui/modal-dialog';
import { CsvMappingEditor } from './csv-mapping-editor';

/**
 * The `Import CSV` dialog: the worker's progress while it reads the file, then its report (what it
 * found, every problem by row, the proposed repair). Nothing changes until the user confirms; cancel
 * (or Escape) drops the import in the worker. All text from the file is rendered as React text.
 */
export function CsvImportDialog() {
  const { run, session, csvImport } = useWorkstation();
  const state = useSession((s) => s.csvImport);
  const [typed, setTyped] = useState<{ importId: string; name: string } | null>(null);
  if (state.phase === 'idle') return null;

  const confirm = async () => {
    const result = await csvImport.confirm(name === proposed ? undefined : name);
    if (!result) return;
    const { commit, target, summary } = result;
    const { symbol } = commit.symbol;
    fetchSymbols(session).catch(() => undefined);
    // The name of a removed import can come back: charts still showing it (with no data) load it again.
    symbolDataChanged(session, symbol);
    // A new pane shows a time/value file as a line, bars as candles.
    const newKind = commit.symbol.kind === 'line' ? 'line' : IMPORT_PANE_KIND;
    const rows = `${formatCount(commit.symbol.count)} ${commit.symbol.count === 1 ? 'row' : 'rows'}`;
    run('chart-imported-symbol', {
      paneId: target.paneId,
      symbol,
      kind: newKind,
      fileName: summary.fileName,
      rows,
    });
    if (!commit.persisted) {
      notify(
        session,
        `${symbol} could not be stored in this browser (${commit.persistProblem}); it will be gone after a reload.`,
        'warning',
      );
    }
  };

  const summary = state.phase === 'report' || state.phase === 'committing' ? state.summary : null;
  const proposed = summary?.proposedSymbol ?? '';
  // The symbol the user typed for this import, else the one proposed from the file's name.
  const name = typed?.importId === state.importId ? typed.name : proposed;
  const blocker = summary ? importBlocker(summary) : null;
  // A file of text can be read another way (delimiter, header, columns, date order): not a dead end.
  const mappable = summary !== null && summary.notCsv === null && summary.columnNames.length > 0;
  const asking = summary?.dateOrderAssumed === true && !summary.fatal;
  const canConfirm = state.phase === 'report' && blocker === null;
  const finished = state.phase === 'failed' || (blocker !== null && !mappable);

  return (
    <ModalDialog label="Import CSV" onClose={csvImport.cancel} className="csv-import">
      <div className="csv-import-body">
        <header className="csv-import-header">
          <h2>Import CSV</h2>
          <p className="csv-import-file">
            <span className="csv-import-file-name">{state.fileName}</span>
            <span className="muted">{formatBytes(state.fileBytes)}</span>
          </p>
        </header>
        <ReadProgress state={state} />
        {state.phase === 'failed' && (
          <div role="alert" className="csv-import-fatal">
            <strong>The file could not be read.</strong>
            <p>{state.message}</p>
          </div>
        )}
        {blocker !== null && !asking && (
          <div role="alert" className="csv-import-fatal">
            <strong>
              {mappable ? 'This file cannot be imported as read.' : 'This file cannot be imported.'}
            </strong>
            <p>{blocker}</p>
            <p className="muted">
              Import CSV reads text tables of dates with prices: open, high, low, close (and volume) bars, or
              a time column and a value column.
              {mappable && ' Change how the file is read below.'}
            </p>
          </div>
        )}
        {asking && (
          <p role="alert" className="csv-import-ask">
            {blocker}
          </p>
        )}
        {summary && mappable && state.phase === 'report' && (
          <CsvMappingEditor summary={summary} onChange={csvImport.reread} />
        )}
        {summary && (blocker === null || asking) && <Report summary={summary} />}
        {summary && canConfirm && (
          <label className="csv-import-name">
            Symbol
            <input
              value={name}
              maxLength={MAX_SYMBOL_LENGTH}
              spellCheck={false}
              autoComplete="off"
              aria-describedby="csv-import-name-help"
              onChange={(event) => setTyped({ importId: state.importId, name: event.currentTarget.value })}
            />
            <span id="csv-import-name-help" className="muted">
              The new symbol's name: letters, digits, "." and "-"; never one in use.
            </span>
          </label>
        )}
        {(state.phase === 'report' || state.phase === 'committing') && state.commitError && (
          <p role="alert" className="csv-import-error">
            The import failed: {state.commitError}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={csvImport.cancel}>
            {finished ? 'Close' : 'Cancel'}
          </button>
          {!finished && (
            <button
              type="button"
              className="button primary"
              disabled={!canConfirm}
              onClick={() => void confirm()}
            >
              {state.phase === 'reading'
                ? 'Import'
                : state.phase === 'committing'
                  ? 'Importing…'
                  : confirmLabel(state.summary)}
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}

function ReadProgress({ state }: { state: Exclude<CsvImportState, { phase: 'idle' }> }) {
  const progress: CsvReadProgress =
    state.phase === 'reading'
      ? state.progress
      : {
          bytesRead: state.fileBytes,
          totalBytes: state.fileBytes,
          rowsRead: state.phase === 'failed' ? 0 : state.summary.rowsRead,
        };
  const percent =
    progress.totalBytes > 0 ? Math.round((100 * progress.bytesRead) / progress.totalBytes) : 100;
  const text =
    state.phase === 'reading'
      ? `Reading… ${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)}, ${formatCount(progress.rowsRead)} rows`
      : `Read ${formatBytes(progress.totalBytes)}`;
  return (
    <div className="csv-import-progress">
      <div
        role="progressbar"
        aria-label="Reading the file"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="csv-import-progress-track"
      >
        <div className="csv-import-progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="muted csv-import-progress-text">{text}</span>
    </div>
  );
}

function Report({ summary }: { summary: CsvImportSummary }) {
  // Times as the charts will show them: in the workspace's time zone (daily bars keep their dates);
  // an imported symbol has no exchange, so under the `exchange` setting that is UTC.
  const timeZone = useDocument((s) => zoneFor(timeZoneOf(s.document), undefined));
  const total = totalProblems(summary);
  const repair = describeRepair(summary);
  const facts: [string, string][] = [
    ['Shape', describeShape(summary)],
    ['Columns', describeColumns(summary)],
    ['Delimiter', describeDelimiter(summary.delimiter)],
    ['Header row', summary.hasHeader ? 'yes' : 'no'],
    ['Dates', summary.dateFormat],
    ['Numbers', summary.decimalComma ? 'decimal comma (12,5)' : 'decimal point (12.5)'],
    ['Encoding', summary.encoding.toUpperCase()],
  ];
  if (summary.first !== null && summary.last !== null) {
    const zone = summary.first % 86400 === 0 && summary.last % 86400 === 0 ? 'UTC' : timeZone;
    const range = `${formatTime(summary.first, zone)} to ${formatTime(summary.last, zone)}`;
    facts.push(['Range', `${range} (${zoneLabel(zone)})`]);
  }
  if (summary.firstBar) facts.push(['First bar', describeBar(summary.firstBar, timeZone)]);
  if (summary.lastBar) facts.push(['Last bar', describeBar(summary.lastBar, timeZone)]);
  return (
    <>
      <div className="csv-import-counts">
        <p>
          <span className="csv-import-count" data-testid="rows-read">
            {formatCount(summary.rowsRead)}
          </span>
          <span className="muted">rows read</span>
        </p>
        <p>
          <span className="csv-import-count" data-testid="rows-kept">
            {formatCount(summary.rowsKept)}
          </span>
          <span className="muted">rows kept</span>
        </p>
        <p>
          <span className="csv-import-count" data-testid="problem-count">
            {formatCount(total)}
          </span>
          <span className="muted">{total === 1 ? 'problem' : 'problems'}</span>
        </p>
      </div>
      <dl className="csv-import-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {total > 0 && (
        <section aria-label="Problems" className="csv-import-section">
          <h3>Problems</h3>
          <ul className="csv-import-kinds" aria-label="Problems by kind">
            {problemCountsText(summary).map(({ kind, text }) => (
              <li key={kind}>{text}</li>
            ))}
          </ul>
          <div className="csv-import-table-scroll">
            <table className="csv-import-table" aria-label="Problems by row">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {summary.problems.map((problem) => (
                  <tr key={`${problem.row}:${problem.kind}:${problem.column ?? ''}:${problem.message}`}>
                    <td>{problem.row}</td>
                    <td>{problem.column ?? ''}</td>
                    <td>{problemDetail(problem.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {summary.problems.length < total && (
            <p className="muted">
              Showing the first {formatCount(summary.problems.length)} of {formatCount(total)} problems.
            </p>
          )}
        </section>
      )}
      <section aria-label="Proposed repair" className="csv-import-section">
        <h3>{repair.length > 0 ? 'Proposed repair' : 'Repair'}</h3>
        {repair.length > 0 ? (
          <ul className="csv-import-repair">
            {repair.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">The file needs no repair.</p>
        )}
        <p className="muted">
          Nothing changes until you confirm: your file is not modified, and the series is added as a new
          symbol, named below, without replacing any.
        </p>
      </section>
    </>
  );
}
