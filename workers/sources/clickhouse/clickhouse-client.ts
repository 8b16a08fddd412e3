/**
 * One query to a ClickHouse server over its HTTP interface, as a browser worker can send it: a
 * "simple" CORS request (POST of a multipart form, no custom header) that ClickHouse 18.16 answers
 * without a preflight, the user named in the URL (no password: a read-only user), the query's own
 * limits as settings, and the external table `params` in the form. Failures come back as
 * `SourceError`s whose message says what happened and what to do.
 */
import { PARAMS_STRUCTURE, paramsRow, type QueryParams } from './clickhouse-sql';

export interface ClickHouseConnection {
  /** `http(s)://host:port` (feed-config's `historyBase`). */
  url: string;
  database: string;
  user: string;
}

/** Limits every query carries: the server stops it (and says so) past them. */
export const QUERY_LIMITS = {
  /** Seconds of execution on the server. */
  maxExecutionTime: 20,
  /** Rows of an answer (a page of bars is 5,000; a symbols list is small). */
  maxResultRows: 1_000_000,
  /** The request is given up after this long (ms): a server that accepted but never answers. */
  timeoutMs: 30_000,
};

/** A failure of a source, with the message a user reads (its problem and what to do). */
export class SourceError extends Error {
  override readonly name = 'SourceError';
  constructor(
    message: string,
    /** The server could not be reached (down, refused, timed out): worth trying again by itself. */
    readonly unreachable: boolean,
  ) {
    super(message);
  }
}

/** The URL of a query: the text, the user, the database and the limits; nothing a user typed. */
export function queryUrl(connection: ClickHouseConnection, sql: string, withParams: boolean): string {
  const search = new URLSearchParams({
    user: connection.user,
    database: connection.database,
    query: sql,
    max_execution_time: String(QUERY_LIMITS.maxExecutionTime),
    max_result_rows: String(QUERY_LIMITS.maxResultRows),
    result_overflow_mode: 'throw',
  });
  if (withParams) {
    search.set('params_structure', PARAMS_STRUCTURE);
    search.set('params_format', 'TabSeparated');
  }
  return `${connection.url}/?${search}`;
}

/**
 * Runs `sql` with `params` as its external table; resolves with the answer's bytes. Rejects with a
 * `SourceError` only.
 */
export async function runQuery(
  connection: ClickHouseConnection,
  sql: string,
  params: QueryParams | null,
  fetchFn: typeof fetch,
): Promise<ArrayBuffer> {
  // A form only with a table in it: ClickHouse 18.16 fails an empty one before it adds CORS headers.
  let body: FormData | string = '';
  if (params) {
    body = new FormData();
    body.append('params', new Blob([paramsRow(params)]), 'params');
  }
  let response: Response;
  try {
    response = await fetchFn(queryUrl(connection, sql, params !== null), {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(QUERY_LIMITS.timeoutMs),
      credentials: 'omit',
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new SourceError(
      timedOut
        ? `ClickHouse at ${connection.url} did not answer within ${QUERY_LIMITS.timeoutMs / 1000} s`
        : `ClickHouse at ${connection.url} does not answer: is the server running? (npm run history starts one)`,
      true,
    );
  }
  if (response.ok) {
    try {
      return await response.arrayBuffer();
    } catch {
      throw new SourceError(`ClickHouse at ${connection.url} broke off its answer`, true);
    }
  }
  const text = await response.text().catch(() => '');
  throw new SourceError(explainFailure(connection, response.status, text), false);
}

/** ClickHouse's error codes a user can act on (ErrorCodes.cpp). */
const UNKNOWN_TABLE = 60;
const UNKNOWN_DATABASE = 81;
const TOO_MANY_ROWS = 158;
const TIMEOUT_EXCEEDED = 159;
const READONLY = 164;
const UNKNOWN_USER = 192;
const WRONG_PASSWORD = 193;
const REQUIRED_PASSWORD = 194;
const IP_ADDRESS_NOT_ALLOWED = 195;
const TOO_MANY_ROWS_OR_BYTES = 396;
const AUTHENTICATION_FAILED = 516;
const ACCESS_DENIED = 497;
const DATABASE_ACCESS_DENIED = 291;

/**
 * The server's own message (18.16: `Code: 60, e.displayText() = DB::Exception: ...`; today's:
 * `Code: 60. DB::Exception: ... (UNKNOWN_TABLE) (version ...)`) and its code.
 */
export function parseServerError(text: string): { code: number | null; message: string } {
  const code = /Code:\s*(\d+)/.exec(text);
  const message =
    /DB::Exception:\s*(.*?)(?:, e\.what\(\)|\s+\([A-Z_]+\)\s*\(version|\s*$)/s.exec(text)?.[1] ??
    text.trim().split('\n')[0] ??
    '';
  return { code: code ? Number(code[1]) : null, message: message.trim().slice(0, 300) };
}

export function explainFailure(connection: ClickHouseConnection, status: number, text: string): string {
  const { code, message } = parseServerError(text);
  const where = `ClickHouse at ${connection.url}`;
  switch (code) {
    case UNKNOWN_TABLE:
      return `${where} has no such table in ${connection.database} (${message}): load the market with npm run history`;
    case UNKNOWN_DATABASE:
      return `${where} has no database ${connection.database}: load the market with npm run history`;
    case TIMEOUT_EXCEEDED:
      return `${where} stopped the query at its limit of ${QUERY_LIMITS.maxExecutionTime} s: ask for a shorter range`;
    case TOO_MANY_ROWS:
    case TOO_MANY_ROWS_OR_BYTES:
      return `${where} stopped the answer at its limit of ${QUERY_LIMITS.maxResultRows.toLocaleString('en-US')} rows`;
    case UNKNOWN_USER:
    case WRONG_PASSWORD:
    case REQUIRED_PASSWORD:
    case IP_ADDRESS_NOT_ALLOWED:
    case AUTHENTICATION_FAILED:
      return `${where} refused the user ${connection.user} (${message}): check the source's user in feeds.config.json`;
    case DATABASE_ACCESS_DENIED:
      return `${where} does not let ${connection.user} read ${connection.database}: check the source's database in feeds.config.json`;
    case READONLY:
    case ACCESS_DENIED:
      return `${where} denied the query to ${connection.user} (${message})`;
    default:
      return `${where} answered ${status}${message ? `: ${message}` : ''}`;
  }
}
