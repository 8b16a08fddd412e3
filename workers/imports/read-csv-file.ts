/**
 * Reads a user's file in the worker: `Blob.slice` chunks through one streaming `TextDecoder` into the
 * streaming CSV import, with progress after every chunk and a cancel check between chunks. The file
 * never goes through the main thread as text.
 */

import { createCsvImport } from '../csv-import/import-csv';
import { emptyProblemCounts } from '../csv-import/problems';
import type { CsvImportReport, CsvMapping } from '../csv-import/types';
import { SNIFF_BYTES, sniffFile, type TextEncodingName } from './file-sniff';

export interface ReadProgress {
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
}

export interface ReadCsvFileOptions {
  chunkBytes?: number;
  onProgress?: (progress: ReadProgress) => void;
  /** Checked before each chunk; true stops the read with a `CsvImportCancelled`. */
  isCancelled?: () => boolean;
  mapping?: CsvMapping;
  remembered?: Readonly<Record<string, CsvMapping>>;
}

export interface ReadCsvFileResult {
  report: CsvImportReport;
  encoding: TextEncodingName;
  /** Why the file is not CSV text at all; the report is then fatal with this message. */
  notCsv: string | null;
}

export class CsvImportCancelled extends Error {
  override readonly name = 'CsvImportCancelled';
  constructor() {
    super('The import was cancelled');
  }
}

const DEFAULT_CHUNK_BYTES = 1 << 20;

export async function readCsvFile(file: Blob, options: ReadCsvFileOptions = {}): Promise<ReadCsvFileResult> {
  const chunkBytes = Math.max(1, options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
  const totalBytes = file.size;
  const cancelled = options.isCancelled ?? (() => false);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (cancelled()) throw new CsvImportCancelled();
  const { encoding, notText } = sniffFile(head);
  if (notText !== null) {
    options.onProgress?.({ bytesRead: totalBytes, totalBytes, rowsRead: 0 });
    return { report: notCsvReport(notText), encoding, notCsv: notText };
  }

  let rowsRead = 0;
  const csv = createCsvImport({
    totalBytes,
    ...(options.mapping ? { mapping: options.mapping } : {}),
    ...(options.remembered ? { remembered: options.remembered } : {}),
    onProgress: (progress) => {
      rowsRead = progress.rowsRead;
    },
  });
  // The decoder drops a byte-order mark and carries a character cut by a chunk boundary over.
  const decoder = new TextDecoder(encoding);
  for (let at = 0; at < totalBytes; at += chunkBytes) {
    if (cancelled()) throw new CsvImportCancelled();
    const end = Math.min(totalBytes, at + chunkBytes);
    const bytes = new Uint8Array(await file.slice(at, end).arrayBuffer());
    csv.push(decoder.decode(bytes, { stream: true }), bytes.length);
    options.onProgress?.({ bytesRead: end, totalBytes, rowsRead });
  }
  if (cancelled()) throw new CsvImportCancelled();
  csv.push(decoder.decode(), 0);
  const report = csv.finish();
  options.onProgress?.({ bytesRead: totalBytes, totalBytes, rowsRead: report.rowsRead });
  return { report, encoding, notCsv: null };
}

function notCsvReport(message: string): CsvImportReport {
  const problemCounts = emptyProblemCounts();
  problemCounts['missing-column'] = 1;
  const empty = () => new Float64Array(0);
  return {
    shape: 'time-value',
    shapeKey: '',
    mappingSource: 'detected',
    columns: { time: -1 },
    columnNames: [],
    delimiter: ',',
    hasHeader: false,
    dateFormat: '',
    dateOrder: null,
    dateOrderAssumed: false,
    decimalComma: false,
    rowsRead: 0,
    rowsKept: 0,
    fatal: true,
    problems: [{ kind: 'missing-column', row: 1, message, fatal: true }],
    problemCounts,
    repair: { sort: false, dropDuplicates: null, skipRows: [] },
    series: { time: empty(), open: empty(), high: empty(), low: empty(), close: empty(), volume: empty() },
  };
}
