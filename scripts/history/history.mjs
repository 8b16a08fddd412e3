#!/usr/bin/env node
/**
 * `npm run history`: a ClickHouse server with a generated market, for the workstation's history
 * source. Installs Debian's clickhouse-server when it is missing, starts it on a loopback port with
 * its data in `.history/` (git-ignored), creates the schema and loads the market with ClickHouse's
 * own SQL (scripts/history/market.mjs), then prints how to point the workstation at it.
 *
 *   npm run history                      # 100M trades over five years, port 8123
 *   npm run history -- --trades 2000000  # a small market (tests)
 *   npm run history -- --stop            # stops the server this folder started
 *   npm run history -- --reload          # drops the market and loads it again
 *   npm run history -- --foreground      # stops the server when this command is stopped
 *   npm run history -- --shards 2        # two servers, a Distributed table over them on the first
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ensureInstalled,
  query,
  READER,
  runningPid,
  startServer,
  stopServer,
  waitReady,
  writeServerFiles,
} from './clickhouse-server.mjs';
import { DATABASE, schemaSql, symbolsInsertSql, tradesInsertSql } from './market.mjs';

/** Rows a single INSERT ... SELECT generates (bounded memory on the server). */
const CHUNK = 10_000_000;

/**
 * The servers of a market in `dir`: one, or `shards` of them (`dir/shard-1`, ...), server i on HTTP
 * port `port + 2i` and native port `port + 2i + 1`. The first is the one the workstation queries.
 */
export function serversOf(dir, port, shards = 1) {
  const folder = resolve(dir);
  return Array.from({ length: shards }, (_, i) => ({
    dir: shards === 1 ? folder : join(folder, `shard-${i + 1}`),
    httpPort: port + 2 * i,
    tcpPort: port + 2 * i + 1,
    base: `http://127.0.0.1:${port + 2 * i}`,
  }));
}

/** Stops every server of the market in `dir` (one, or its shards); true when one was running. */
export async function stopHistory(dir) {
  const folder = resolve(dir);
  const dirs = [
    folder,
    ...readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('shard-'))
      .map((entry) => join(folder, entry.name)),
  ];
  const stopped = await Promise.all(dirs.map((d) => stopServer(d)));
  return stopped.some(Boolean);
}

export async function startHistory({
  port = 8123,
  dir = '.history',
  trades = 100_000_000,
  years = 5,
  reload = false,
  shards = 1,
  log = console.log,
} = {}) {
  ensureInstalled(log);
  const servers = serversOf(dir, port, shards);
  const cluster = shards > 1 ? servers.map((server) => server.tcpPort) : [];
  for (const [i, server] of servers.entries()) {
    if (runningPid(server.dir) !== null) continue;
    // The first server spans the cluster (its Distributed table); the others are plain shards.
    writeServerFiles({ ...server, shards: i === 0 ? cluster : [] });
    startServer(server.dir);
  }
  await Promise.all(servers.map((server) => waitReady(server.base, server.dir)));
  const first = servers[0];
  const base = first.base;
  const schemaOf = (i) => schemaSql({ shard: shards > 1, distributed: shards > 1 && i === 0 });
  if (reload) for (const server of servers) await query(server.base, `DROP DATABASE IF EXISTS ${DATABASE}`);
  for (const [i, server] of servers.entries())
    for (const statement of schemaOf(i)) await query(server.base, statement);
  // The symbols go in last: a market is listed (and the e2e tests start) once its trades are in.
  const listed = Number((await query(base, `SELECT count() FROM ${DATABASE}.symbols`)).trim());
  if (listed === 0) {
    const started = Date.now();
    for (const [i, server] of servers.entries()) {
      await query(server.base, `DROP TABLE IF EXISTS ${DATABASE}.${shards > 1 ? 'trades_local' : 'trades'}`);
      for (const statement of schemaOf(i)) await query(server.base, statement);
    }
    for (let from = 0; from < trades; from += CHUNK) {
      const count = Math.min(CHUNK, trades - from);
      await Promise.all(
        servers.map((server, index) =>
          query(
            server.base,
            tradesInsertSql({
              from,
              count,
              total: trades,
              years,
              shard: shards > 1 ? { index, count: shards } : null,
            }),
          ),
        ),
      );
      log(
        `  ${Math.min(from + CHUNK, trades).toLocaleString('en-US')} of ${trades.toLocaleString('en-US')} trades loaded`,
      );
    }
    await query(base, symbolsInsertSql());
    log(`Market loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const total = Number((await query(base, `SELECT count() FROM ${DATABASE}.trades`)).trim());
  return { base, dir: resolve(dir), trades: total, servers };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8123' },
      dir: { type: 'string', default: '.history' },
      trades: { type: 'string', default: '100000000' },
      years: { type: 'string', default: '5' },
      reload: { type: 'boolean', default: false },
      // A market spread over this many servers, queried through a Distributed table on the first.
      shards: { type: 'string', default: '1' },
      stop: { type: 'boolean', default: false },
      // Stays in the foreground and stops the server when stopped itself (Playwright's webServer).
      foreground: { type: 'boolean', default: false },
    },
  });
  if (values.stop) {
    const stopped = await stopHistory(values.dir);
    console.log(stopped ? 'ClickHouse stopped.' : 'No ClickHouse of this folder was running.');
    return;
  }
  const port = Number(values.port);
  const trades = Number(values.trades);
  const years = Number(values.years);
  if (!Number.isInteger(port) || port < 1024 || port > 65534)
    throw new Error(`--port ${values.port} is not a port`);
  if (!Number.isInteger(trades) || trades < 20)
    throw new Error(`--trades ${values.trades} is not a count of trades`);
  if (!Number.isInteger(years) || years < 1 || years > 20)
    throw new Error(`--years ${values.years} is not 1 to 20`);
  const shards = Number(values.shards);
  if (!Number.isInteger(shards) || shards < 1 || shards > 8)
    throw new Error(`--shards ${values.shards} is not 1 to 8`);
  const {
    base,
    dir,
    trades: total,
    servers,
  } = await startHistory({ port, dir: values.dir, trades, years, reload: values.reload, shards });
  if (values.foreground) {
    console.log(
      `ClickHouse ${base} holds ${total.toLocaleString('en-US')} trades; stopped with this process.`,
    );
    const stop = () => stopHistory(dir).finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    setInterval(() => {}, 1 << 30);
    return;
  }
  console.log(`
ClickHouse ${base} holds ${total.toLocaleString('en-US')} trades (database ${DATABASE}, data in ${dir})${
    servers.length > 1
      ? `,\nspread over ${servers.length} servers (${servers.map((s) => s.base).join(', ')}) and queried through\nthe Distributed table ${DATABASE}.trades of the first`
      : ''
  }.
Point the workstation at it in feeds.config.json, then npm start:

  "sources": [
    { "id": "desk", "label": "Desk history", "adapter": "clickhouse", "url": "${base}",
      "database": "${DATABASE}", "user": "${READER}" }
  ]

Stop it with: npm run history -- --stop`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
