/**
 * The market-data feeds a build connects to, from one file (`feeds.config.json` at the top level, or
 * the file `FEEDS_CONFIG` names). vite.config.ts reads it at build and serve time: the worker gets the
 * feeds (`__FEEDS__`) and the Content-Security-Policy's `connect-src` gets their origins and no other.
 * Checked here, once, with a named reason for each problem: a bad file fails the build, not the app.
 * docs/feed-protocol.md describes the shape.
 */
import * as v from 'valibot';
import { parseInterval } from '../bars/interval';

export const FEED_ADAPTERS = ['binance', 'generic'] as const;
export type FeedAdapterId = (typeof FEED_ADAPTERS)[number];

/**
 * What a feed is subscribed to: each symbol's trades (folded into bars here, numbered for gap
 * detection), or its bars of the feed's `interval` as the server makes them (Binance's klines).
 */
export const FEED_STREAMS = ['trades', 'bars'] as const;
export type FeedStreams = (typeof FEED_STREAMS)[number];

/** The kline intervals Binance's streams offer (`<symbol>@kline_<interval>`), less its `1s`: bars here are of minutes and up. */
export const BINANCE_KLINE_INTERVALS: readonly string[] = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
];

/** How long without any message a feed is called stale (traders read a flat chart as a quiet market). */
export const DEFAULT_STALE_AFTER_MS = 10_000;
/** Trades further apart than this, on a feed that numbers none, count as a gap. */
export const DEFAULT_GAP_AFTER_MS = 60_000;

const SYMBOL = /^[A-Z0-9][A-Z0-9._-]{0,31}$/;

const FeedSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'an id is lowercase letters, digits and -')),
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  adapter: v.picklist(FEED_ADAPTERS, `the adapter is one of ${FEED_ADAPTERS.join(', ')}`),
  url: v.string(),
  /**
   * Where the feed's history is asked for: a Binance feed's REST base (`https://api.binance.com`, or
   * the replay server's `http://127.0.0.1:<port>`), whose klines are paged in before the live bars,
   * or a generic feed's (`GET /v1/history`, generic-history.ts). Absent: a chart of the feed starts
   * at its first trade.
   */
  history: v.optional(v.string()),
  symbols: v.pipe(
    v.array(v.pipe(v.string(), v.regex(SYMBOL, 'a symbol is upper-case letters and digits'))),
    v.minLength(1, 'a feed needs at least one symbol'),
  ),
  streams: v.optional(v.picklist(FEED_STREAMS, `streams is one of ${FEED_STREAMS.join(', ')}`), 'trades'),
  /** Bars the trades are folded into, or the bars subscribed (a pane at another interval resamples them). */
  interval: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => parseInterval(text) !== null, 'the interval is like 1m, 5m, 1h'),
    ),
    '1m',
  ),
  staleAfterMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500)), DEFAULT_STALE_AFTER_MS),
  gapAfterMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), DEFAULT_GAP_AFTER_MS),
});

/** The history databases a source can read (workers/sources/<adapter>/). */
export const SOURCE_ADAPTERS = ['clickhouse'] as const;

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * A history source: a database of trades the worker asks for bars, aggregated where the data lives
 * (docs/history-clickhouse.md). No password here: a read-only user, reached on a trusted network.
 */
const SourceSchema = v.object({
  id: FeedSchema.entries.id,
  label: FeedSchema.entries.label,
  adapter: v.picklist(SOURCE_ADAPTERS, `the adapter is one of ${SOURCE_ADAPTERS.join(', ')}`),
  /** The server's HTTP origin (`http://127.0.0.1:8123`). */
  url: v.string(),
  database: v.optional(v.pipe(v.string(), v.regex(NAME, 'a database is a plain name')), 'market'),
  user: v.optional(v.pipe(v.string(), v.regex(NAME, 'a user is a plain name')), 'workstation'),
  /**
   * How often (seconds) a followed symbol's latest bars are asked for again, so charts show the
   * trades the database takes; 0 never asks (history that does not change).
   */
  pollSeconds: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0, 'pollSeconds is 0 or more'),
      v.maxValue(3600, 'pollSeconds is at most 3600'),
    ),
    5,
  ),
});

const ConfigSchema = v.object({
  feeds: v.array(FeedSchema),
  sources: v.optional(v.array(SourceSchema), []),
});

export type FeedConfig = v.InferOutput<typeof FeedSchema>;
export type SourceConfig = v.InferOutput<typeof SourceSchema>;
export interface FeedsConfig {
  feeds: FeedConfig[];
  /** History sources (absent: none; the embedded data alone). */
  sources?: SourceConfig[];
}

/** No remote feed: the simulator alone (the default a fresh checkout builds). */
export const NO_FEEDS: FeedsConfig = { feeds: [], sources: [] };

export type ConfigResult = { ok: true; config: FeedsConfig } | { ok: false; error: string };

/**
 * Reads a feeds file. `${NAME}` in a URL is replaced by that environment variable (so the e2e tests
 * point a feed at the replay server's port); a name that is not set is an error, never an empty string.
 */
export function parseFeedsConfig(
  text: string,
  env: Readonly<Record<string, string | undefined>> = {},
): ConfigResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = v.safeParse(ConfigSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, error: `${path ? `${path}: ` : ''}${issue.message}` };
  }
  const feeds: FeedConfig[] = [];
  const seenIds = new Set<string>();
  const seenSymbols = new Set<string>();
  for (const [index, feed] of parsed.output.feeds.entries()) {
    const where = `feeds.${index}`;
    if (seenIds.has(feed.id)) return { ok: false, error: `${where}.id: '${feed.id}' is used twice` };
    seenIds.add(feed.id);
    const url = expandEnv(feed.url, env);
    if (!url.ok) return { ok: false, error: `${where}.url: ${url.error}` };
    if (
      feed.adapter === 'binance' &&
      feed.streams === 'bars' &&
      !BINANCE_KLINE_INTERVALS.includes(feed.interval)
    )
      return {
        ok: false,
        error: `${where}.interval: Binance has no ${feed.interval} klines (it has ${BINANCE_KLINE_INTERVALS.join(', ')})`,
      };
    const origin = socketOrigin(url.value);
    if (origin === null)
      return { ok: false, error: `${where}.url: '${url.value}' is not a ws:// or wss:// URL` };
    let history: string | undefined;
    if (feed.history !== undefined) {
      const expanded = expandEnv(feed.history, env);
      if (!expanded.ok) return { ok: false, error: `${where}.history: ${expanded.error}` };
      history = historyBase(expanded.value) ?? undefined;
      if (history === undefined)
        return {
          ok: false,
          error: `${where}.history: '${expanded.value}' is not an http:// or https:// origin (no path, no user)`,
        };
    }
    for (const symbol of feed.symbols) {
      // One symbol, one source: the catalog and the panes name series by symbol alone.
      if (seenSymbols.has(symbol)) return { ok: false, error: `${where}.symbols: ${symbol} is in two feeds` };
      seenSymbols.add(symbol);
    }
    const { history: _written, ...rest } = feed;
    feeds.push({ ...rest, url: url.value, ...(history ? { history } : {}) });
  }
  const sources: SourceConfig[] = [];
  for (const [index, source] of parsed.output.sources.entries()) {
    const where = `sources.${index}`;
    if (seenIds.has(source.id)) return { ok: false, error: `${where}.id: '${source.id}' is used twice` };
    seenIds.add(source.id);
    const expanded = expandEnv(source.url, env);
    if (!expanded.ok) return { ok: false, error: `${where}.url: ${expanded.error}` };
    const url = historyBase(expanded.value);
    if (url === null)
      return {
        ok: false,
        error: `${where}.url: '${expanded.value}' is not an http:// or https:// origin (no path, no user)`,
      };
    sources.push({ ...source, url });
  }
  return { ok: true, config: { feeds, sources } };
}

function expandEnv(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: string } | { ok: false; error: string } {
  let missing: string | null = null;
  const value = text.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, name: string) => {
    const found = env[name];
    if (found === undefined || found === '') missing ??= name;
    return found ?? '';
  });
  return missing === null
    ? { ok: true, value }
    : { ok: false, error: `the environment variable ${missing} is not set` };
}

/** `ws://host:port` of a WebSocket URL (what `connect-src` names), or null for any other URL. */
export function socketOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') return null;
  if (parsed.username || parsed.password) return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * `http(s)://host:port` of a history service's URL (what `connect-src` names and requests start
 * from), or null for another scheme, a path, a query or a user in it.
 */
export function historyBase(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  if (parsed.pathname !== '/' && parsed.pathname !== '') return null;
  return parsed.origin;
}

/**
 * The origins the CSP's `connect-src` allows besides the page's own: exactly the feeds' sockets and
 * history services and the history sources, sorted, once each.
 */
export function feedOrigins(config: FeedsConfig): string[] {
  const origins = new Set<string>();
  for (const feed of config.feeds) {
    const origin = socketOrigin(feed.url);
    if (origin) origins.add(origin);
    const history = feed.history ? historyBase(feed.history) : null;
    if (history) origins.add(history);
  }
  for (const source of config.sources ?? []) origins.add(source.url);
  return [...origins].sort();
}
