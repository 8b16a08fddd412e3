/**
 * A history source on ClickHouse: symbols from its `symbols` table, bars aggregated from its
 * `trades` table by the server (clickhouse-sql.ts), streamed as RowBinary and read into columns
 * here, each row checked. Works with ClickHouse 18.16 (Debian's) and today's.
 */
import * as v from 'valibot';
import { allocateColumns, type BarColumns } from '../../../core/bars/bar-columns';
import type { SourceConfig } from '../../../core/feed/feed-config';
import { AROUND_THE_CLOCK, NYSE, type TradingSession } from '../../../core/sessions/trading-session';
import { decimalsOfStep } from '../../aggregate/price-decimals';
import type { HistorySource, SourceSpan, SourceSymbol } from '../history-source';
import { type ClickHouseConnection, runQuery, SourceError } from './clickhouse-client';
import { BAR_ROW_BYTES, barsSql, SPAN_ROW_BYTES, SPAN_SQL, SYMBOLS_SQL } from './clickhouse-sql';

/** The sessions a `symbols` row may name; another name trades around the clock. */
const SESSIONS: Record<string, TradingSession> = { NYSE, '24/7': AROUND_THE_CLOCK };

const SymbolRow = v.object({
  symbol: v.pipe(v.string(), v.regex(/^[A-Z0-9][A-Z0-9._-]{0,31}$/)),
  description: v.string(),
  exchange: v.string(),
  timezone: v.string(),
  session: v.string(),
  price_step: v.pipe(v.number(), v.minValue(0)),
  size_step: v.pipe(v.number(), v.minValue(0)),
});

export class ClickHouseSource implements HistorySource {
  readonly id: string;
  readonly label: string;
  readonly origin: string;
  private readonly connection: ClickHouseConnection;

  constructor(
    /** Where and as whom it reads (how often it is polled is the engine's business). */
    config: Omit<SourceConfig, 'pollSeconds'>,
    private readonly fetchFn: typeof fetch,
  ) {
    this.id = config.id;
    this.label = config.label;
    this.origin = config.url;
    this.connection = { url: config.url, database: config.database, user: config.user };
  }

  async symbols(): Promise<SourceSymbol[]> {
    const bytes = await runQuery(this.connection, SYMBOLS_SQL, null, this.fetchFn);
    const lines = new TextDecoder()
      .decode(bytes)
      .split('\n')
      .filter((line) => line.trim() !== '');
    return lines.map((line, index) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        throw this.malformed(`symbols row ${index + 1} is not JSON`);
      }
      const row = v.safeParse(SymbolRow, json);
      if (!row.success) throw this.malformed(`symbols row ${index + 1}: ${row.issues[0].message}`);
      const { symbol, description, exchange, session, price_step, size_step } = row.output;
      return {
        symbol,
        description,
        exchange,
        session: SESSIONS[session] ?? AROUND_THE_CLOCK,
        priceDecimals: decimalsOfStep(price_step),
        volumeDecimals: decimalsOfStep(size_step),
      };
    });
  }

  async span(symbol: string): Promise<SourceSpan | null> {
    const bytes = await runQuery(
      this.connection,
      SPAN_SQL,
      { symbol, step: 1, from: 0, to: 0 },
      this.fetchFn,
    );
    if (bytes.byteLength !== SPAN_ROW_BYTES) throw this.malformed(`a span of ${bytes.byteLength} bytes`);
    const view = new DataView(bytes);
    const trades = Number(view.getBigUint64(8, true));
    if (trades === 0) return null;
    return { first: view.getUint32(0, true), last: view.getUint32(4, true), trades };
  }

  async bars(symbol: string, step: number, from: number, to: number): Promise<BarColumns> {
    const bytes = await runQuery(this.connection, barsSql(step), { symbol, step, from, to }, this.fetchFn);
    return decodeBars(bytes, (problem) => this.malformed(problem));
  }

  private malformed(problem: string): SourceError {
    return new SourceError(`ClickHouse at ${this.origin} sent malformed rows (${problem})`, false);
  }
}

/**
 * Columns of a RowBinary answer of `barsSql`; every row checked (times rising, high at least every
 * price, low at most, volume not negative), the first bad one named.
 */
export function decodeBars(bytes: ArrayBuffer, malformed: (problem: string) => Error): BarColumns {
  if (bytes.byteLength % BAR_ROW_BYTES !== 0)
    throw malformed(`${bytes.byteLength} bytes is not a whole number of ${BAR_ROW_BYTES}-byte bars`);
  const n = bytes.byteLength / BAR_ROW_BYTES;
  const view = new DataView(bytes);
  const columns = allocateColumns(n);
  let previous = -1;
  for (let i = 0, at = 0; i < n; i++, at += BAR_ROW_BYTES) {
    const time = view.getUint32(at, true);
    const open = view.getFloat64(at + 4, true);
    const high = view.getFloat64(at + 12, true);
    const low = view.getFloat64(at + 20, true);
    const close = view.getFloat64(at + 28, true);
    const volume = view.getFloat64(at + 36, true);
    if (time <= previous) throw malformed(`bar ${i + 1} is not after the one before`);
    // Written so that NaN fails too.
    if (!(low <= open && low <= close && open <= high && close <= high && Number.isFinite(high - low)))
      throw malformed(`bar ${i + 1} has prices outside its high and low`);
    if (!(volume >= 0) || !Number.isFinite(volume)) throw malformed(`bar ${i + 1} has a negative volume`);
    previous = time;
    columns.time[i] = time;
    columns.open[i] = open;
    columns.high[i] = high;
    columns.low[i] = low;
    columns.close[i] = close;
    columns.volume[i] = volume;
  }
  return columns;
}
