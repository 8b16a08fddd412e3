/**
 * The queries a ClickHouse source runs, as fixed texts: every value a user or a server chose (the
 * symbol, the window) arrives as a row of the external table `params`, sent beside the query
 * (ClickHouse's "external data"), never spliced into SQL; only the bucket's seconds are written in
 * (`barsSql`). ClickHouse 18.16 has no query
 * parameters; external data works there and on today's servers alike. Scalar subqueries on `params`
 * are evaluated before the primary key is read, so a window reads only its own granules.
 * docs/history-clickhouse.md has the schema.
 */

/** The columns of the one `params` row, in TabSeparated. */
export const PARAMS_STRUCTURE = 'symbol String, step UInt32, from UInt32, to UInt32';

/**
 * A trade's instant in milliseconds (18.16 has no DateTime64: the second and its millisecond are
 * two columns): the first and last trades of a bucket are its open and close.
 */
const INSTANT = 'toUInt64(time) * 1000 + ms';

/** The largest bucket a source is asked for (a week; baseStep asks for a day at most). */
const MAX_STEP = 7 * 86_400;

/**
 * OHLCV bars of one symbol in `[from, to)` (UTC seconds), bucketed by `step` seconds counted from
 * 1970 (the worker resamples finer buckets to session-aligned ones), oldest first. RowBinary: per
 * row a UInt32 time and five Float64s, 44 bytes.
 *
 * The bucket is the one value written into the text: a whole number of seconds the worker chose
 * (`baseStep`), checked here, never a user's. 18.16 cannot take it from `params` in a key that a
 * Distributed table groups by: the initiator names the key by its subqueries, the shards by their
 * values, and the merge finds no such column (a sharded market's every query failed so).
 */
export function barsSql(step: number): string {
  if (!Number.isInteger(step) || step < 1 || step > MAX_STEP)
    throw new RangeError(`a bucket of ${step} s is not a whole number of seconds up to a week`);
  return `SELECT
  toUInt32(intDiv(toUInt32(time), ${step}) * ${step}) AS bucket,
  argMin(price, ${INSTANT}) AS open,
  max(price) AS high,
  min(price) AS low,
  argMax(price, ${INSTANT}) AS close,
  sum(size) AS volume
FROM trades
WHERE symbol = (SELECT symbol FROM params)
  AND time >= toDateTime((SELECT from FROM params))
  AND time < toDateTime((SELECT to FROM params))
GROUP BY bucket
ORDER BY bucket
FORMAT RowBinary`;
}

export const BAR_ROW_BYTES = 4 + 5 * 8;

/** The symbol's first and last trade (UTC seconds) and its count of trades: one row, 16 bytes. */
export const SPAN_SQL = `SELECT toUInt32(min(time)), toUInt32(max(time)), toUInt64(count())
FROM trades
WHERE symbol = (SELECT symbol FROM params)
FORMAT RowBinary`;

export const SPAN_ROW_BYTES = 16;

/** What the source lists: its symbols and how each trades. */
export const SYMBOLS_SQL = `SELECT symbol, description, exchange, timezone, session, price_step, size_step
FROM symbols
ORDER BY symbol
FORMAT JSONEachRow`;

/** A value of a TabSeparated field: its backslash, tab and line breaks escaped. */
export function tsvField(value: string | number): string {
  return String(value)
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

export interface QueryParams {
  symbol: string;
  step: number;
  from: number;
  to: number;
}

/** The `params` table's one row. */
export function paramsRow(params: QueryParams): string {
  for (const key of ['step', 'from', 'to'] as const) {
    const value = params[key];
    if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff)
      throw new RangeError(`${key} ${value} is not a UInt32`);
  }
  return `${[params.symbol, params.step, params.from, params.to].map(tsvField).join('\t')}\n`;
}
