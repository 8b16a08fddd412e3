import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STALE_AFTER_MS, feedOrigins, parseFeedsConfig, socketOrigin } from './feed-config';

const feed = (overrides: Record<string, unknown> = {}) => ({
  id: 'binance',
  label: 'Binance',
  adapter: 'binance',
  url: 'wss://stream.binance.com:9443/stream',
  symbols: ['BTCUSDT'],
  ...overrides,
});
const text = (...feeds: unknown[]) => JSON.stringify({ feeds });

describe('parseFeedsConfig', () => {
  it('reads the shipped default: no feed, the simulator alone', async () => {
    const { readFileSync } = await import('node:fs');
    const result = parseFeedsConfig(readFileSync('feeds.config.json', 'utf8'));
    expect(result).toEqual({ ok: true, config: { feeds: [], sources: [] } });
  });

  it('fills the defaults of a feed', () => {
    const result = parseFeedsConfig(text(feed()));
    expect(result.ok && result.config.feeds[0]).toMatchObject({
      id: 'binance',
      streams: 'trades',
      interval: '1m',
      staleAfterMs: DEFAULT_STALE_AFTER_MS,
    });
  });

  it('a feed of bars: any interval of ours for the generic protocol, only those Binance has klines of for Binance', () => {
    const result = parseFeedsConfig(text(feed({ streams: 'bars', interval: '4h' })));
    expect(result.ok && result.config.feeds[0]).toMatchObject({ streams: 'bars', interval: '4h' });
    expect(parseFeedsConfig(text(feed({ streams: 'bars', interval: '2D' })))).toEqual({
      ok: false,
      error:
        'feeds.0.interval: Binance has no 2D klines (it has 1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 6h, 8h, 12h, 1d, 3d, 1w, 1M)',
    });
    expect(parseFeedsConfig(text(feed({ adapter: 'generic', streams: 'bars', interval: '2D' }))).ok).toBe(
      true,
    );
    // Trades are folded into any interval.
    expect(parseFeedsConfig(text(feed({ interval: '2D' }))).ok).toBe(true);
    expect(parseFeedsConfig(text(feed({ streams: 'quotes' })))).toEqual({
      ok: false,
      error: 'feeds.0.streams: streams is one of trades, bars',
    });
  });

  it('replaces $-{NAME} in a URL from the environment, and refuses a name that is not set', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own placeholder syntax, not a template
    const config = text(feed({ url: 'ws://127.0.0.1:${FEED_PORT}/stream' }));
    const result = parseFeedsConfig(config, { FEED_PORT: '6273' });
    expect(result.ok && result.config.feeds[0]?.url).toBe('ws://127.0.0.1:6273/stream');
    expect(parseFeedsConfig(config, {})).toEqual({
      ok: false,
      error: 'feeds.0.url: the environment variable FEED_PORT is not set',
    });
  });

  it('names what is wrong', () => {
    const errorOf = (raw: string) => {
      const result = parseFeedsConfig(raw);
      return result.ok ? null : result.error;
    };
    expect(errorOf('{')).toMatch(/^not JSON/);
    expect(errorOf(text(feed({ adapter: 'kraken' })))).toBe(
      'feeds.0.adapter: the adapter is one of binance, generic',
    );
    expect(errorOf(text(feed({ url: 'https://example.com/' })))).toMatch(/is not a ws:\/\/ or wss:\/\/ URL/);
    expect(errorOf(text(feed({ url: 'wss://user:secret@example.com/' })))).toMatch(/not a ws/);
    expect(errorOf(text(feed({ symbols: [] })))).toBe('feeds.0.symbols: a feed needs at least one symbol');
    expect(errorOf(text(feed({ symbols: ['btc usdt'] })))).toMatch(/upper-case/);
    expect(errorOf(text(feed({ interval: 'soon' })))).toMatch(/interval/);
    expect(errorOf(text(feed(), feed({ id: 'other' })))).toBe('feeds.1.symbols: BTCUSDT is in two feeds');
    expect(errorOf(text(feed(), feed({ symbols: ['ETHUSDT'] })))).toBe("feeds.1.id: 'binance' is used twice");
  });
});

describe('feedOrigins (what the CSP connect-src allows)', () => {
  it('is the origin of each feed URL, path and query left out', () => {
    expect(socketOrigin('wss://stream.binance.com:9443/stream?streams=btcusdt@trade')).toBe(
      'wss://stream.binance.com:9443',
    );
    expect(socketOrigin('ws://127.0.0.1:6273/stream')).toBe('ws://127.0.0.1:6273');
    expect(socketOrigin('http://127.0.0.1/')).toBeNull();
  });

  it('holds exactly the configured origins, each once, in order, and nothing for no feed', () => {
    expect(feedOrigins({ feeds: [] })).toEqual([]);
    const host = fc.constantFrom('127.0.0.1', 'stream.binance.com', 'feed.example');
    const url = fc
      .record({
        secure: fc.boolean(),
        host,
        port: fc.integer({ min: 1024, max: 65535 }),
        path: fc.constantFrom('', '/', '/stream', '/ws/btcusdt@trade', '/stream?streams=a/b'),
      })
      .map(({ secure, host, port, path }) => `${secure ? 'wss' : 'ws'}://${host}:${port}${path}`);
    fc.assert(
      fc.property(fc.array(url, { maxLength: 6 }), (urls) => {
        const config = {
          feeds: urls.map((u, i) => ({
            ...feed({ id: `f${i}`, url: u, symbols: [`S${i}`] }),
            interval: '1m',
            staleAfterMs: 1000,
            gapAfterMs: 1000,
          })),
        };
        const origins = feedOrigins(config as never);
        const expected = [...new Set(urls.map((u) => new URL(u).origin))].sort();
        expect(origins).toEqual(expected);
      }),
    );
  });
});

describe('a feed’s history service', () => {
  it('is an http(s) origin, its variables filled, listed for the CSP beside the socket', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own placeholder syntax, not a template
    const result = parseFeedsConfig(text(feed({ history: 'http://127.0.0.1:${FEED_PORT}' })), {
      FEED_PORT: '6273',
    });
    expect(result.ok && result.config.feeds[0]?.history).toBe('http://127.0.0.1:6273');
    expect(result.ok && feedOrigins(result.config)).toEqual([
      'http://127.0.0.1:6273',
      'wss://stream.binance.com:9443',
    ]);
    const binance = parseFeedsConfig(text(feed({ history: 'https://api.binance.com/' })));
    expect(binance.ok && binance.config.feeds[0]?.history).toBe('https://api.binance.com');
  });

  it('is refused, with the reason, as a path, a user, another scheme or a missing variable', () => {
    const error = (history: string, overrides: Record<string, unknown> = {}) => {
      const result = parseFeedsConfig(text(feed({ history, ...overrides })));
      return result.ok ? null : result.error;
    };
    expect(error('https://api.binance.com/api/v3')).toMatch(/^feeds\.0\.history: .* is not an http/);
    expect(error('https://me:secret@api.binance.com')).toMatch(/no path, no user/);
    expect(error('ftp://api.binance.com')).toMatch(/not an http/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own placeholder syntax, not a template
    expect(error('http://127.0.0.1:${FEED_PORT}')).toBe(
      'feeds.0.history: the environment variable FEED_PORT is not set',
    );
  });

  it('is a generic feed’s too (our protocol’s /v1/history)', () => {
    const generic = parseFeedsConfig(
      text(feed({ adapter: 'generic', url: 'ws://127.0.0.1:2/', history: 'http://127.0.0.1:1' })),
    );
    expect(generic.ok && generic.config.feeds[0]?.history).toBe('http://127.0.0.1:1');
  });

  it('is not there unless configured', () => {
    const result = parseFeedsConfig(text(feed()));
    expect(result.ok && 'history' in (result.config.feeds[0] ?? {})).toBe(false);
  });
});

describe('a history source', () => {
  const source = (overrides: Record<string, unknown> = {}) => ({
    id: 'desk',
    label: 'Desk history',
    adapter: 'clickhouse',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own placeholder syntax, not a template
    url: 'http://127.0.0.1:${HISTORY_PORT}',
    ...overrides,
  });
  const withSources = (...sources: unknown[]) => JSON.stringify({ feeds: [feed()], sources });

  it('is an http(s) origin with its database and read-only user, listed for the CSP', () => {
    const result = parseFeedsConfig(withSources(source()), { HISTORY_PORT: '8123' });
    expect(result.ok && result.config.sources).toEqual([
      {
        id: 'desk',
        label: 'Desk history',
        adapter: 'clickhouse',
        url: 'http://127.0.0.1:8123',
        database: 'market',
        user: 'workstation',
        // Followed for new trades every 5 s unless told.
        pollSeconds: 5,
      },
    ]);
    expect(result.ok && feedOrigins(result.config)).toEqual([
      'http://127.0.0.1:8123',
      'wss://stream.binance.com:9443',
    ]);
  });

  it('is refused, with the reason, as a path, a user in the URL, an unknown adapter, a taken id or an odd name', () => {
    const env = { HISTORY_PORT: '8123' };
    const problem = (overrides: Record<string, unknown>) => {
      const result = parseFeedsConfig(withSources(source(overrides)), env);
      return result.ok ? null : result.error;
    };
    expect(problem({ url: 'http://127.0.0.1:8123/play' })).toMatch(/^sources\.0\.url: .* is not an http/);
    expect(problem({ url: 'http://reader:secret@127.0.0.1:8123' })).toMatch(/^sources\.0\.url: .* no user/);
    expect(problem({ adapter: 'postgres' })).toBe('sources.0.adapter: the adapter is one of clickhouse');
    expect(problem({ id: 'binance' })).toBe("sources.0.id: 'binance' is used twice");
    expect(problem({ database: 'market; DROP' })).toBe('sources.0.database: a database is a plain name');
    expect(problem({ pollSeconds: -1 })).toBe('sources.0.pollSeconds: pollSeconds is 0 or more');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own placeholder syntax, not a template
    expect(problem({ url: 'http://127.0.0.1:${NOPE}' })).toBe(
      'sources.0.url: the environment variable NOPE is not set',
    );
  });
});
