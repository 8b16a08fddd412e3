/**
 * The generated market `npm run history` loads: twenty symbols (ten on NYSE's regular session, ten
 * crypto pairs that trade around the clock) and their trades over a span of years, made by
 * ClickHouse itself from `numbers()`, deterministic (hashes of the row number, no random state).
 * A trading halt (ABRA, an hour) and an outage gap (SOL-USD, three days) are cut out on purpose.
 * The SQL runs on ClickHouse 18.16 (Debian's) and today's: no DateTime64, LowCardinality or
 * toStartOfInterval. docs/history-clickhouse.md describes the schema.
 */

export const DATABASE = 'market';

/** The first day of the market (a Monday, UTC). */
export const START_DAY = '2021-11-29';

/**
 * symbol, description, exchange, session, first price, price decimals, mean trade size, size decimals.
 * NYSE's symbols are made up (none is a listed company); the crypto pairs are named as exchanges do.
 */
export const SYMBOLS = [
  ['ABRA', 'Abra Industrial Corp.', 'NYSE', 'NYSE', 84.2, 2, 120, 0],
  ['BOLT', 'Bolt Electric Inc.', 'NYSE', 'NYSE', 37.55, 2, 300, 0],
  ['CRUX', 'Crux Materials Ltd.', 'NYSE', 'NYSE', 152.1, 2, 80, 0],
  ['DYNA', 'Dynamo Logistics Co.', 'NYSE', 'NYSE', 61.4, 2, 150, 0],
  ['EVRA', 'Evra Health Group', 'NYSE', 'NYSE', 228.9, 2, 60, 0],
  ['FLUX', 'Flux Semiconductors', 'NYSE', 'NYSE', 412.3, 2, 40, 0],
  ['GRID', 'Grid Utilities Trust', 'NYSE', 'NYSE', 19.87, 2, 600, 0],
  ['HALO', 'Halo Consumer Brands', 'NYSE', 'NYSE', 96.15, 2, 110, 0],
  ['IONX', 'Ionix Energy Corp.', 'NYSE', 'NYSE', 8.42, 2, 1500, 0],
  ['JUNO', 'Juno Financial Holdings', 'NYSE', 'NYSE', 55.6, 2, 200, 0],
  ['XBT-USD', 'Bitcoin / US Dollar', 'CRYPTO', '24/7', 57000, 1, 0.05, 5],
  ['ETH-USD', 'Ether / US Dollar', 'CRYPTO', '24/7', 4300, 2, 0.8, 4],
  ['SOL-USD', 'Solana / US Dollar', 'CRYPTO', '24/7', 210, 2, 12, 2],
  ['ADA-USD', 'Cardano / US Dollar', 'CRYPTO', '24/7', 1.55, 4, 2500, 1],
  ['DOT-USD', 'Polkadot / US Dollar', 'CRYPTO', '24/7', 38.2, 3, 90, 2],
  ['LTC-USD', 'Litecoin / US Dollar', 'CRYPTO', '24/7', 205, 2, 6, 3],
  ['XRP-USD', 'XRP / US Dollar', 'CRYPTO', '24/7', 1.05, 4, 4000, 1],
  ['AVX-USD', 'Avalanche / US Dollar', 'CRYPTO', '24/7', 120, 2, 20, 2],
  ['LNK-USD', 'Chainlink / US Dollar', 'CRYPTO', '24/7', 24.5, 3, 150, 2],
  ['DOG-USD', 'Dogecoin / US Dollar', 'CRYPTO', '24/7', 0.21, 5, 40000, 0],
];

/** The columns of a trades table. */
const TRADE_COLUMNS = `symbol String,
      time DateTime,
      ms UInt16,
      price Float64,
      size Float64,
      side Int8`;

/**
 * The schema of one server. `shard`: the server holds `trades_local`, part of a market spread over
 * servers; `distributed`: it also holds `trades`, a Distributed table over the cluster `desk`, queried
 * the same way as one server's `trades` (the first server of `npm run history -- --shards 2`).
 */
export function schemaSql({ shard = false, distributed = false } = {}) {
  const local = shard ? 'trades_local' : 'trades';
  return [
    `CREATE DATABASE IF NOT EXISTS ${DATABASE}`,
    // One row a trade. The second and its millisecond are apart (18.16 has no DateTime64); the sort
    // key makes one symbol's time range a contiguous read.
    `CREATE TABLE IF NOT EXISTS ${DATABASE}.${local} (
      ${TRADE_COLUMNS}
    ) ENGINE = MergeTree() PARTITION BY toYYYYMM(time) ORDER BY (symbol, time, ms)`,
    ...(distributed
      ? [
          `CREATE TABLE IF NOT EXISTS ${DATABASE}.trades (
      ${TRADE_COLUMNS}
    ) ENGINE = Distributed(desk, ${DATABASE}, trades_local, cityHash64(symbol))`,
        ]
      : []),
    `CREATE TABLE IF NOT EXISTS ${DATABASE}.symbols (
      symbol String,
      description String,
      exchange String,
      timezone String,
      session String,
      price_step Float64,
      size_step Float64
    ) ENGINE = MergeTree() ORDER BY symbol`,
  ];
}

const sqlString = (text) => `'${String(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function symbolsInsertSql() {
  const rows = SYMBOLS.map(([symbol, description, exchange, session, , decimals, , sizeDecimals]) =>
    [
      sqlString(symbol),
      sqlString(description),
      sqlString(exchange),
      sqlString(session === 'NYSE' ? 'America/New_York' : 'UTC'),
      sqlString(session),
      (10 ** -decimals).toFixed(decimals),
      (10 ** -sizeDecimals).toFixed(sizeDecimals),
    ].join(', '),
  );
  return `INSERT INTO ${DATABASE}.symbols VALUES ${rows.map((row) => `(${row})`).join(', ')}`;
}

/**
 * Inserts trades `from` .. `from + count` (of `total`, numbered across all symbols: row k is trade
 * k / 20 of symbol k % 20) into the trades table. Each symbol's trades spread evenly over its
 * trading time (NYSE: 09:30-16:00 New York on weekdays, DST included; crypto: every second), its
 * price a sum of swings at several scales plus noise, its sizes exponential. A price and a size are whole steps divided by a power of ten: the
 * nearest double to the decimal written, never 84.20000000001.
 */
export function tradesInsertSql({ from, count, total, years, shard = null }) {
  const symbols = SYMBOLS.length;
  const perSymbol = Math.floor(total / symbols);
  const days = years * 364;
  const weekdays = years * 52 * 5;
  const column = (index) => `[${SYMBOLS.map((row) => JSON.stringify(row[index])).join(', ')}]`;
  const names = `[${SYMBOLS.map((row) => sqlString(row[0])).join(', ')}]`;
  // A shard keeps the symbols its Distributed table sends it (the same sharding key).
  const table = shard ? 'trades_local' : 'trades';
  const part = shard ? `\n  AND cityHash64(symbol) % ${shard.count} = ${shard.index}` : '';
  return `INSERT INTO ${DATABASE}.${table}
SELECT symbol, time, ms, price, size, side FROM (
  SELECT
    k % ${symbols} AS s,
    intDiv(k, ${symbols}) AS i,
    arrayElement(${names}, s + 1) AS symbol,
    arrayElement(${column(3).replace(/"/g, "'")}, s + 1) = 'NYSE' AS nyse,
    i / ${perSymbol} AS f,
    cityHash64(k, 1) / 18446744073709551616 AS u1,
    cityHash64(k, 2) / 18446744073709551616 AS u2,
    cityHash64(k, 3) / 18446744073709551616 AS u3,
    cityHash64(s, 9) / 18446744073709551616 AS phase,
    intDiv(i * ${weekdays}, ${perSymbol}) AS weekday,
    toDate('${START_DAY}') + intDiv(weekday, 5) * 7 + weekday % 5 AS day,
    toUInt32(toDateTime(concat(toString(day), ' 09:30:00'), 'America/New_York'))
      + intDiv((i * ${weekdays}) % ${perSymbol} * 23400, ${perSymbol}) AS nyse_time,
    toUInt32(toDateTime('${START_DAY} 00:00:00')) + intDiv(i * ${days * 86400}, ${perSymbol}) AS crypto_time,
    toDateTime(if(nyse, nyse_time, crypto_time)) AS time,
    toUInt16(floor(u3 * 1000)) AS ms,
    2 * pi() * f AS a,
    arrayElement(${column(4)}, s + 1) * exp(
      0.35 * sin(a * 1.3 + phase * 6.3) + 0.15 * sin(a * 7.1 + phase * 11) + 0.06 * sin(a * 53 + phase * 17)
      + 0.02 * sin(a * 411 + phase * 23) + 0.006 * sin(a * 5003 + phase * 29) + 0.0015 * (u1 - 0.5)
    ) AS raw_price,
    pow(10, arrayElement(${column(5)}, s + 1)) AS price_scale,
    round(raw_price * price_scale) / price_scale AS price,
    pow(10, arrayElement(${column(7)}, s + 1)) AS size_scale,
    greatest(round(-log(1 - u2 * 0.999999) * arrayElement(${column(6)}, s + 1) * size_scale), 1) / size_scale AS size,
    toInt8(if(cityHash64(k, 4) % 2 = 0, 1, -1)) AS side
  FROM (SELECT number + ${from} AS k FROM numbers(${count}))
  WHERE i < ${perSymbol}
)
WHERE NOT (symbol = 'ABRA' AND time >= toDateTime('2024-03-13 18:00:00') AND time < toDateTime('2024-03-13 19:00:00'))
  AND NOT (symbol = 'SOL-USD' AND time >= toDateTime('2023-06-10 00:00:00') AND time < toDateTime('2023-06-13 00:00:00'))${part}`;
}
