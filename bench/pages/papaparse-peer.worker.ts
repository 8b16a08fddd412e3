/**
 * The throughput peer of the `csv-import` workload: papaparse in a plain module worker, streaming the
 * same Blob in chunks of the size it is given, with no validation, no typing and no columns
 * kept (each chunk's rows are counted and dropped). It is the floor our import's parsing stands on.
 */
import Papa from 'papaparse';

export interface PeerParseRequest {
  file: Blob;
  chunkBytes: number;
}

export type PeerParseResult = { rows: number; ms: number } | { error: string };

/** The worker's global scope, typed by hand: bench/ is also checked without the WebWorker lib. */
const scope = self as unknown as {
  postMessage(message: PeerParseResult): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PeerParseRequest>) => void): void;
};

scope.addEventListener('message', (event) => {
  const { file, chunkBytes } = event.data;
  const start = performance.now();
  let rows = 0;
  Papa.parse<string[]>(file as File, {
    chunkSize: chunkBytes,
    skipEmptyLines: true,
    chunk: (results) => {
      rows += results.data.length;
    },
    complete: () => scope.postMessage({ rows, ms: performance.now() - start }),
    error: (error) => scope.postMessage({ error: error.message }),
  });
});
