/**
 * A feed's history over HTTP, paged back from a time in pages of 1000: Binance's public REST klines
 * (`GET /api/v3/klines`, no key) as Binance documents them
 * (<https://developers.binance.com/docs/binance-spot-api-docs/rest-api/market-data-endpoints>), or
 * our generic protocol's `GET /v1/history` (generic-history.ts, docs/feed-protocol.md): one pager,
 * a `HistoryProtocol` each. Rows are checked here and become bars in UTC seconds. A server's rate
 * limit is kept as Binance asks: a 429 or 418 answer's `Retry-After` is waited out before the next
 * request (within `MAX_WAIT_MS`; a longer ban ends the paging with what came so far, and says so).
 */
import type { LiveBar } from '../../core/protocol';
import { checkBar } from './bar-check';

/** Binance's most klines a request. */
export const KLINES_PAGE = 1000;
/** The longest `Retry-After` waited for; a longer one stops the paging with what it has. */
export const MAX_WAIT_MS = 60_000;

/** Binance's decimal strings: digits, maybe a point and more digits (no sign, no exponent). */
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;

/**
 * Reads a row's fields into `out` as numbers; returns what is wrong with the first bad one, or null.
 * Checked by hand, not by a schema per row: 50,000 rows through valibot's tuple cost a fifth more than
 * fetching their bytes (bench `history-fetch`).
 */
function readKline(row: unknown, out: Float64Array): string | null {
  if (!Array.isArray(row) || row.length < 6) return 'not a kline row';
  const openTime = row[0];
  if (typeof openTime !== 'number' || !Number.isInteger(openTime) || openTime < 0)
    return 'field 0: a time in ms';
  out[0] = openTime;
  for (let i = 1; i <= 5; i++) {
    const text = row[i];
    if (typeof text !== 'string' || !DECIMAL.test(text)) return `field ${i}: a decimal string`;
    out[i] = Number(text);
  }
  return null;
}

/** How one service's history is asked for and read. */
export interface HistoryProtocol {
  /** Who answers, as messages name it. */
  name: string;
  /** The request for at most `limit` bars of `interval` up to `endTime` (UTC ms, inclusive). */
  url(base: string, symbol: string, interval: string, endTime: number, limit: number): string;
  /**
   * An answer's bars (oldest first, UTC seconds) and whether the service holds more before them
   * (null: it does not say; a short page means it does not).
   */
  read(json: unknown): { ok: true; bars: LiveBar[]; more: boolean | null } | { ok: false; error: string };
  /**
   * Where the page before an answer ends (UTC ms, inclusive), at a glance at the answer's text
   * before it is parsed or checked: the time of its oldest row minus one. Null when the answer
   * says it is the last page, or the text does not show it (`read` then says why).
   */
  ahead(text: string): number | null;
}

/**
 * The end before an answer's oldest row, from `firstRow` (a pattern whose group is that row's time
 * in ms) matched at the start of its text; null when the text does not begin so.
 */
export function endBeforeFirstRow(text: string, firstRow: RegExp): number | null {
  const time = Number(firstRow.exec(text.slice(0, 512))?.[1] ?? 0);
  return time > 0 ? time - 1 : null;
}

/** A klines answer's start: the list, its first row and that row's open time. */
const FIRST_KLINE = /^\s*\[\s*\[\s*(\d{1,16})\s*,/;

export const BINANCE_HISTORY: HistoryProtocol = {
  name: 'Binance',
  url: (base, symbol, interval, endTime, limit) => klinesUrl(base, symbol, interval, endTime, limit),
  read: (json) => {
    const parsed = parseKlines(json);
    return parsed.ok ? { ok: true, bars: parsed.bars, more: null } : parsed;
  },
  ahead: (text) => {
    // A short page is the last (Binance says so by its length): no page before it to ask for. A
    // row holds no list, so the rows are the brackets but the answer's own.
    let rows = -1;
    for (let at = text.indexOf('['); at !== -1 && rows < KLINES_PAGE; at = text.indexOf('[', at + 1)) rows++;
    return rows >= KLINES_PAGE ? endBeforeFirstRow(text, FIRST_KLINE) : null;
  },
};

export type KlinesPage =
  | { kind: 'bars'; bars: LiveBar[]; more: boolean | null }
  | { kind: 'wait'; ms: number; status: number }
  | { kind: 'error'; message: string };

/** The klines request for bars of `interval` before `endTime` (UTC ms, inclusive). */
export function klinesUrl(
  base: string,
  symbol: string,
  interval: string,
  endTime: number,
  limit = KLINES_PAGE,
): string {
  const query = new URLSearchParams({
    symbol,
    interval,
    endTime: String(Math.floor(endTime)),
    limit: String(limit),
  });
  return `${base.replace(/\/+$/, '')}/api/v3/klines?${query}`;
}

/** Klines rows as bars (oldest first, times in UTC seconds); the first bad row names the problem. */
export function parseKlines(json: unknown): { ok: true; bars: LiveBar[] } | { ok: false; error: string } {
  if (!Array.isArray(json)) return { ok: false, error: 'the answer is not a list of klines' };
  const bars: LiveBar[] = [];
  const fields = new Float64Array(6);
  for (let index = 0; index < json.length; index++) {
    const wrong = readKline(json[index], fields);
    if (wrong) return { ok: false, error: `kline ${index} ${wrong}` };
    const bar = {
      time: (fields[0] as number) / 1000,
      open: fields[1] as number,
      high: fields[2] as number,
      low: fields[3] as number,
      close: fields[4] as number,
      volume: fields[5] as number,
    };
    const problem = checkBar(bar);
    if (problem) return { ok: false, error: `kline ${index}: ${problem}` };
    const before = bars[bars.length - 1];
    if (before && bar.time <= before.time)
      return { ok: false, error: `kline ${index}: not after the one before it` };
    bars.push(bar);
  }
  return { ok: true, bars };
}

/** An answer as it came: its text not read yet, a wait, or what went wrong. */
type Answer = { kind: 'text'; text: string; status: number } | Exclude<KlinesPage, { kind: 'bars' }>;

/** Fetches and reads one page; never throws (a network failure is an error page). */
export async function fetchKlinesPage(
  fetchFn: typeof fetch,
  url: string,
  protocol: HistoryProtocol = BINANCE_HISTORY,
): Promise<KlinesPage> {
  return readAnswer(protocol, await fetchAnswer(fetchFn, url));
}

function readAnswer(protocol: HistoryProtocol, answer: Answer): KlinesPage {
  if (answer.kind !== 'text') return answer;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return { kind: 'error', message: `HTTP ${answer.status}, and not JSON` };
  }
  const parsed = protocol.read(json);
  return parsed.ok
    ? { kind: 'bars', bars: parsed.bars, more: parsed.more }
    : { kind: 'error', message: parsed.error };
}

/** One request's answer, its JSON read but not checked; never throws. */
async function fetchAnswer(fetchFn: typeof fetch, url: string, signal?: AbortSignal): Promise<Answer> {
  let response: Response;
  try {
    response = await fetchFn(url, { credentials: 'omit', cache: 'no-store', ...(signal ? { signal } : {}) });
  } catch (error) {
    return {
      kind: 'error',
      message: `could not reach it (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  if (response.status === 429 || response.status === 418) {
    const seconds = Number(response.headers.get('Retry-After'));
    return {
      kind: 'wait',
      ms: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000,
      status: response.status,
    };
  }
  const notJson: Answer = { kind: 'error', message: `HTTP ${response.status}, and not JSON` };
  let text: string;
  try {
    text = await response.text();
  } catch {
    return notJson;
  }
  if (response.ok) return { kind: 'text', text, status: response.status };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return notJson;
  }
  // Binance says why in `msg`, our generic protocol in `message`.
  const body = json as { msg?: unknown; message?: unknown } | null;
  const why = typeof body?.msg === 'string' ? body.msg : body?.message;
  const said = typeof why === 'string' ? `: ${why}` : '';
  return { kind: 'error', message: `HTTP ${response.status}${said}` };
}

export interface HistoryRequest {
  /** The REST base: `https://api.binance.com`, or the replay server's `http://127.0.0.1:<port>`. */
  base: string;
  symbol: string;
  /** The feed's interval (`1m`), as the service names it. */
  interval: string;
  /** History ends before this time (UTC ms): the first live bar's open. */
  before: number;
  /** The most bars to bring (whole pages, the last cut to fit). */
  maxBars: number;
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  /** Binance's klines unless told. */
  protocol?: HistoryProtocol;
}

export interface History {
  /** Oldest first, every one before `before`. */
  bars: LiveBar[];
  /** The service had nothing older: the series starts here. */
  complete: boolean;
  /** Why the paging stopped early, when it did (the bars so far are kept). */
  problem: string | null;
}

/** Pages back from `before` until `maxBars`, the series' start, or a problem. */
export async function loadHistory(request: HistoryRequest): Promise<History> {
  const protocol = request.protocol ?? BINANCE_HISTORY;
  const pages: LiveBar[][] = [];
  let count = 0;
  let endTime = request.before - 1;
  let problem: string | null = null;
  let complete = false;
  const urlBefore = (end: number) =>
    protocol.url(request.base, request.symbol, request.interval, end, KLINES_PAGE);
  // The next page, asked for as soon as an answer's text shows where it begins: the answer is parsed
  // and checked while the service answers the next request, which is dropped when the answer fails
  // its checks, was the last, or was not where the glance said (the paging then asks again).
  let ahead: { endTime: number; answer: Promise<Answer>; stop: AbortController } | null = null;
  const dropAhead = (): void => {
    ahead?.stop.abort();
    ahead = null;
  };
  while (count < request.maxBars) {
    let answer: Answer;
    if (ahead?.endTime === endTime) {
      answer = await ahead.answer;
      ahead = null;
    } else {
      dropAhead();
      answer = await fetchAnswer(request.fetch, urlBefore(endTime));
    }
    // Unless a full page would fill the history: then the next would be asked for nothing.
    const next: number | null = answer.kind === 'text' ? protocol.ahead(answer.text) : null;
    if (next !== null && count + KLINES_PAGE < request.maxBars) {
      const stop = new AbortController();
      ahead = { endTime: next, answer: fetchAnswer(request.fetch, urlBefore(next), stop.signal), stop };
    }
    const page = readAnswer(protocol, answer);
    if (page.kind === 'wait') {
      if (page.ms > MAX_WAIT_MS) {
        problem = `${protocol.name} asked to wait ${Math.round(page.ms / 1000)} s (HTTP ${page.status})`;
        break;
      }
      await request.sleep(page.ms);
      continue;
    }
    if (page.kind === 'error') {
      problem = page.message;
      break;
    }
    // Only what lies before the last page's first bar (an answer that overlaps is not counted twice).
    const first = pages[0]?.[0]?.time ?? Number.POSITIVE_INFINITY;
    const bars = page.bars.filter((bar) => bar.time < first && bar.time * 1000 < request.before);
    if (bars.length > 0) {
      pages.unshift(bars);
      count += bars.length;
    }
    const oldest = page.bars[0];
    // The service says whether it holds more before these; Binance says it by a short page.
    const more = page.more ?? page.bars.length >= KLINES_PAGE;
    if (!more || !oldest || bars.length === 0) {
      complete = !more;
      break;
    }
    // Times came in whole ms: rounding undoes the seconds' division exactly.
    endTime = Math.round(oldest.time * 1000) - 1;
  }
  dropAhead();
  const bars = pages.flat();
  // Cut to fit: the oldest bars left out are still before these, so the start is not reached.
  if (bars.length > request.maxBars)
    return { bars: bars.slice(bars.length - request.maxBars), complete: false, problem };
  return { bars, complete, problem };
}
