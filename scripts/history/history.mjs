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
 */
import { resolve } from 'node:path';
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

export async function startHistory({
  port = 8123,
  dir = '.history',
  trades = 100_000_000,
  years = 5,
  reload = false,
  log = console.log,
} = {}) {
  ensureInstalled(log);
  const folder = resolve(dir);
  const base = `http://127.0.0.1:${port}`;
  if (runningPid(folder) === null) {
    writeServerFiles({ dir: folder, httpPort: port, tcpPort: port + 1 });
    startServer(folder);
  }
  await waitReady(base, folder);
  if (reload) await query(base, `DROP DATABASE IF EXISTS ${DATABASE}`);
  for (const statement of schemaSql()) await query(base, statement);
  // The symbols go in last: a market is listed (and the e2e tests start) once its trades are in.
  const listed = Number((await query(base, `SELECT count() FROM ${DATABASE}.symbols`)).trim());
  if (listed === 0) {
    const started = Date.now();
    await query(base, `DROP TABLE IF EXISTS ${DATABASE}.trades`);
    for (const statement of schemaSql()) await query(base, statement);
    for (let from = 0; from < trades; from += CHUNK) {
      await query(
        base,
        tradesInsertSql({ from, count: Math.min(CHUNK, trades - from), total: trades, years }),
      );
      log(
        `  ${Math.min(from + CHUNK, trades).toLocaleString('en-US')} of ${trades.toLocaleString('en-US')} trades loaded`,
      );
    }
    await query(base, symbolsInsertSql());
    log(`Market loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  const total = Number((await query(base, `SELECT count() FROM ${DATABASE}.trades`)).trim());
  return { base, dir: folder, trades: total };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8123' },
      dir: { type: 'string', default: '.history' },
      trades: { type: 'string', default: '100000000' },
      years: { type: 'string', default: '5' },
      reload: { type: 'boolean', default: false },
      stop: { type: 'boolean', default: false },
      // Stays in the foreground and stops the server when stopped itself (Playwright's webServer).
      foreground: { type: 'boolean', default: false },
    },
  });
  if (values.stop) {
    const stopped = await stopServer(resolve(values.dir));
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
  const {
    base,
    dir,
    trades: total,
  } = await startHistory({ port, dir: values.dir, trades, years, reload: values.reload });
  if (values.foreground) {
    console.log(
      `ClickHouse ${base} holds ${total.toLocaleString('en-US')} trades; stopped with this process.`,
    );
    const stop = () => stopServer(dir).finally(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    setInterval(() => {}, 1 << 30);
    return;
  }
  console.log(`
ClickHouse ${base} holds ${total.toLocaleString('en-US')} trades (database ${DATABASE}, data in ${dir}).
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
