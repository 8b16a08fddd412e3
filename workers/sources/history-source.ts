/**
 * The contract a history source meets (a database of trades the worker reads bars from): list its
 * symbols and how each trades, tell a symbol's span, and bring its bars for a window, aggregated
 * where the data lives. Sources are listed once in `sources.ts`; each adapter is a folder.
 */

import type { BarColumns } from '../../core/bars/bar-columns';
import type { TradingSession } from '../../core/sessions/trading-session';

export interface SourceSymbol {
  symbol: string;
  description: string;
  exchange: string;
  session: TradingSession;
  /** Decimals of its price step and of its size step. */
  priceDecimals: number;
  volumeDecimals: number;
}

export interface SourceSpan {
  /** Its first and last trade, UTC seconds. */
  first: number;
  last: number;
  trades: number;
}

export interface HistorySource {
  readonly id: string;
  readonly label: string;
  /** Where it is (a server's origin), for messages. */
  readonly origin: string;
  symbols(): Promise<SourceSymbol[]>;
  /** Null when the source holds no trade of the symbol. */
  span(symbol: string): Promise<SourceSpan | null>;
  /**
   * OHLCV bars of the symbol's trades in `[from, to)` (UTC seconds), each bucket `step` seconds
   * counted from 1970 and stamped with its start, oldest first, buckets without trades left out.
   */
  bars(symbol: string, step: number, from: number, to: number): Promise<BarColumns>;
}
