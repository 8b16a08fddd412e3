/**
 * The ClickHouse source against Debian's clickhouse-server (18.16 here), started in a folder of its
 * own with a small generated market: the bars the server aggregates are the trades' own, its errors
 * read as the user will read them, and the read-only user cannot write.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BarColumns } from '../../../core/bars/bar-columns';
import type { EngineEvent } from '../../../core/protocol';
import { query, READER, stopServer } from '../../../scripts/history/clickhouse-server.mjs';
import { startHistory, stopHistory } from '../../../scripts/history/history.mjs';
import { createEngine, type FixtureName } from '../../engine';
import { tradesFolded } from '../trades-folded';
import { ClickHouseSource } from './clickhouse-source';

/** A loopback port nothing listens on now (and the next one, the server's native port). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let dir = '';
let base = '';
let source: ClickHouseSource;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clickhouse-test-'));
  const port = await freePort();
  ({ base } = await startHistory({ port, dir, trades: 200_000, years: 5, log: () => {} }));
  source = new ClickHouseSource(
    { id: 'desk', label: 'Desk', adapter: 'clickhouse', url: base, database: 'market', user: READER },
    fetch,
  );
}, 120_000);

afterAll(async () => {
  if (dir) {
    await stopServer(dir);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The symbol's trades in a window, read raw, folded into `step` buckets here. */
async function barsOfTrades(symbol: string, step: number, from: number, to: number): Promise<BarColumns> {
  const text = await query(
    base,
    `SELECT toUInt32(time), ms, price, size FROM market.trades WHERE symbol = '${symbol}' AND time >= ${from} AND time < ${to} ORDER BY time, ms FORMAT TabSeparated`,
  );
  const trades = text
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [time, , price, size] = line.split('\t').map(Number) as [number, number, number, number];
      return { time, price, size };
    });
  return tradesFolded(trades, step);
}

describe('a ClickHouse source on Debian’s clickhouse-server', () => {
  it('lists the market’s twenty symbols with their sessions and steps', async () => {
    const symbols = await source.symbols();
    expect(symbols).toHaveLength(20);
    const abra = symbols.find((s) => s.symbol === 'ABRA');
    expect(abra).toMatchObject({ exchange: 'NYSE', priceDecimals: 2, volumeDecimals: 0 });
    expect(abra?.session.zone).toBe('America/New_York');
    const xbt = symbols.find((s) => s.symbol === 'XBT-USD');
    expect(xbt).toMatchObject({ priceDecimals: 1, volumeDecimals: 5 });
    expect(xbt?.session.name).toBe('24/7');
  });

  it('aggregates bars equal to the trades folded one by one, at 1m, 1h and 1D', async () => {
    for (const symbol of ['ABRA', 'XBT-USD']) {
      const span = await source.span(symbol);
      expect(span).not.toBeNull();
      if (!span) return;
      for (const step of [60, 3600, 86_400]) {
        const to = Math.floor(span.last / step) * step + step;
        const from = Math.max(0, to - 400 * step * 24);
        const bars = await source.bars(symbol, step, from, to);
        const expected = await barsOfTrades(symbol, step, from, to);
        expect(bars.time.length).toBeGreaterThan(10);
        expect(Array.from(bars.time)).toEqual(Array.from(expected.time));
        expect(Array.from(bars.open)).toEqual(Array.from(expected.open));
        expect(Array.from(bars.close)).toEqual(Array.from(expected.close));
        expect(Array.from(bars.high)).toEqual(Array.from(expected.high));
        expect(Array.from(bars.low)).toEqual(Array.from(expected.low));
        bars.volume.forEach((volume, i) => {
          expect(volume).toBeCloseTo(expected.volume[i] ?? Number.NaN, 6);
        });
      }
    }
  });

  it('trades NYSE symbols in New York’s session only, and cuts the halt and the outage out', async () => {
    const outside = await query(
      base,
      `SELECT count() FROM market.trades WHERE symbol = 'ABRA' AND (toHour(time, 'America/New_York') * 60 + toMinute(time, 'America/New_York') < 570 OR toHour(time, 'America/New_York') >= 16 OR toDayOfWeek(time, 'America/New_York') > 5)`,
    );
    expect(Number(outside)).toBe(0);
    const outage = await source.bars(
      'SOL-USD',
      3600,
      Date.UTC(2023, 5, 10) / 1000,
      Date.UTC(2023, 5, 13) / 1000,
    );
    expect(outage.time.length).toBe(0);
  });

  it('answers nothing for an unknown symbol, and names a database it may not read or that is not there', async () => {
    expect(await source.span('NOPE')).toBeNull();
    const elsewhere = (database: string, user: string) =>
      new ClickHouseSource({ id: 'x', label: 'X', adapter: 'clickhouse', url: base, database, user }, fetch);
    await expect(elsewhere('default', READER).symbols()).rejects.toThrow(
      `ClickHouse at ${base} does not let workstation read default: check the source's database in feeds.config.json`,
    );
    await expect(elsewhere('nowhere', 'default').symbols()).rejects.toThrow(
      `ClickHouse at ${base} has no database nowhere: load the market with npm run history`,
    );
  });

  it('lets the workstation’s user read and nothing else', async () => {
    await expect(query(base, "INSERT INTO market.symbols (symbol) VALUES ('X')", READER)).rejects.toThrow(
      /readonly/i,
    );
  });
});

describe('the engine with a ClickHouse source', () => {
  const readFixture = async (name: FixtureName) =>
    readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8');
  /** An engine with the test server as its one history source, polled every `pollSeconds` (0: never). */
  const engineOn = (pollSeconds: number, events: EngineEvent[]) =>
    createEngine(readFixture, {
      feeds: {
        feeds: [],
        sources: [
          {
            id: 'desk',
            label: 'Desk',
            adapter: 'clickhouse',
            url: base,
            database: 'market',
            user: READER,
            pollSeconds,
          },
        ],
      },
      fetch,
      emit: (event) => events.push(event),
    });

  it('lists its symbols, charts one at 1h from the open, and pages back to its first trade', async () => {
    const events: EngineEvent[] = [];
    const engine = engineOn(0, events);
    try {
      const listed = await engine.listSymbols();
      const abra = listed.find((info) => info.symbol === 'ABRA');
      expect(abra).toMatchObject({ source: 'desk', kind: 'bars', name: 'Abra Industrial Corp. (Desk)' });
      expect(listed.filter((info) => info.source === 'desk')).toHaveLength(20);

      const bars = await engine.getBars({ symbol: 'ABRA', maxBars: 100_000, interval: '1h' });
      expect(bars.time.length).toBeGreaterThan(100);
      expect(bars.priceDecimals).toBe(2);
      // Hour bars of NYSE count from its 09:30 open: their UTC minute is 30 (EST and EDT alike).
      for (const time of bars.time) expect(new Date(time * 1000).getUTCMinutes()).toBe(30);
      const span = await source.span('ABRA');
      const lastHour = bars.time[bars.time.length - 1] ?? 0;
      expect(span && span.last - lastHour).toBeLessThan(3600);

      // Paged back to the first trade: the earliest bar is the market's first session's.
      for (let page = 0; page < 200; page++) {
        const result = await engine.loadEarlier('ABRA', '1h');
        expect(result.problem).toBeNull();
        if (!result.earlier) break;
      }
      const all = await engine.getBars({ symbol: 'ABRA', maxBars: 1_000_000, interval: '1h' });
      expect(all.time[0]).toBe(Date.UTC(2021, 10, 29, 14, 30) / 1000);
      const info = (await engine.listSymbols()).find((s) => s.symbol === 'ABRA');
      expect(info?.first).toBe(span?.first);
    } finally {
      engine.dispose();
    }
  }, 60_000);

  it('follows trades written after the chart opened: a 1m and a 1h chart and the catalog show them', async () => {
    const events: EngineEvent[] = [];
    const engine = engineOn(0.2, events);
    // ETH-USD: the symbol no other test of this server compares.
    const symbol = 'ETH-USD';
    try {
      const listed = (await engine.listSymbols()).find((info) => info.symbol === symbol);
      expect(listed).toMatchObject({ source: 'desk', live: true });
      const minutes = await engine.getBars({ symbol, maxBars: 10_000 });
      const hours = await engine.getBars({ symbol, maxBars: 10_000, interval: '1h' });
      const lastMinute = minutes.time[minutes.time.length - 1] as number;
      const lastHour = hours.time[hours.time.length - 1] as number;
      await engine.subscribeLive({ symbol, subscriptionId: 'minutes' });
      await engine.subscribeLive({ symbol, interval: '1h', subscriptionId: 'hours' });

      // Two trades two minutes after the last one held, in the same hour or the next.
      const at = lastMinute + 120;
      const day = new Date(at * 1000).toISOString().slice(0, 19).replace('T', ' ');
      const later = new Date((at + 5) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      await query(
        base,
        `INSERT INTO market.trades (symbol, time, ms, price, size, side) VALUES ('${symbol}', '${day}', 0, 1234.5, 2, 1), ('${symbol}', '${later}', 250, 1230.25, 3, -1)`,
      );
      const liveBars = (id: string) =>
        events.flatMap((event) =>
          event.channel === 'live-bars' && (event.payload as { subscriptionId: string }).subscriptionId === id
            ? (
                event.payload as {
                  bars: Array<{ time: number; close: number; volume: number; high: number }>;
                }
              ).bars
            : [],
        );
      await expect
        .poll(() => liveBars('minutes').find((bar) => bar.time === at), { timeout: 15_000 })
        .toMatchObject({ time: at, close: 1230.25, high: 1234.5, volume: 5 });
      const hourOf = Math.floor(at / 3600) * 3600;
      await expect
        .poll(() => liveBars('hours').find((bar) => bar.time === hourOf), { timeout: 15_000 })
        .toMatchObject({ time: hourOf, close: 1230.25 });
      // In the hour it joined: that hour's volume grew by the two trades.
      if (hourOf === lastHour) {
        const before = hours.volume[hours.volume.length - 1] as number;
        expect(liveBars('hours').find((bar) => bar.time === hourOf)?.volume).toBeCloseTo(before + 5, 6);
      }
      // A chart made now has them, and the catalog's last time moved.
      const again = await engine.getBars({ symbol, maxBars: 10_000 });
      expect(again.time[again.time.length - 1]).toBe(at);
      expect(again.close[again.close.length - 1]).toBe(1230.25);
      const after = (await engine.listSymbols()).find((info) => info.symbol === symbol);
      expect(after?.last).toBeGreaterThanOrEqual(at);
    } finally {
      engine.dispose();
    }
  }, 60_000);
});

describe('a market spread over two servers (npm run history -- --shards 2)', () => {
  let shardedDir = '';
  let sharded: ClickHouseSource;

  beforeAll(async () => {
    shardedDir = mkdtempSync(join(tmpdir(), 'clickhouse-shards-'));
    // Four consecutive free ports are likely where two are: the servers take port .. port + 3.
    const port = await freePort();
    const { base: shardedBase, servers } = await startHistory({
      port,
      dir: shardedDir,
      trades: 200_000,
      years: 5,
      shards: 2,
      log: () => {},
    });
    expect(servers).toHaveLength(2);
    sharded = new ClickHouseSource(
      {
        id: 'desk',
        label: 'Desk',
        adapter: 'clickhouse',
        url: shardedBase,
        database: 'market',
        user: READER,
      },
      fetch,
    );
  }, 120_000);

  afterAll(async () => {
    if (shardedDir) {
      await stopHistory(shardedDir);
      rmSync(shardedDir, { recursive: true, force: true });
    }
  });

  it('answers the same symbols, spans and bars through its Distributed table as one server does', async () => {
    expect(await sharded.symbols()).toEqual(await source.symbols());
    for (const symbol of ['ABRA', 'XBT-USD', 'SOL-USD']) {
      const span = await source.span(symbol);
      expect(await sharded.span(symbol)).toEqual(span);
      if (!span) return;
      for (const step of [60, 900, 86_400]) {
        const to = Math.floor(span.last / step) * step + step;
        const from = to - 2000 * step;
        const one = await source.bars(symbol, step, from, to);
        const two = await sharded.bars(symbol, step, from, to);
        expect(two.time.length).toBeGreaterThan(0);
        expect(Array.from(two.time)).toEqual(Array.from(one.time));
        expect(Array.from(two.open)).toEqual(Array.from(one.open));
        expect(Array.from(two.close)).toEqual(Array.from(one.close));
        expect(Array.from(two.high)).toEqual(Array.from(one.high));
        expect(Array.from(two.low)).toEqual(Array.from(one.low));
      }
    }
  });
});
