/**
 * A history source over in-memory trades, for tests: it folds them as the ClickHouse query does
 * (`tradesFolded`), counts its requests, and fails the next one when told to.
 */
import type { BarColumns } from '../../core/bars/bar-columns';
import { AROUND_THE_CLOCK, type TradingSession } from '../../core/sessions/trading-session';
import type { HistorySource, SourceSpan, SourceSymbol } from './history-source';
import { type Trade, tradesFolded } from './trades-folded';

/** A source over an in-memory list of trades, counting its requests; `fail` makes the next one throw. */
export class FakeSource implements HistorySource {
  readonly id = 'fake';
  readonly label = 'Fake';
  readonly origin = 'http://127.0.0.1:1';
  requests = 0;
  fail: Error | null = null;
  constructor(
    readonly trades: Record<string, Trade[]>,
    private readonly session: TradingSession = AROUND_THE_CLOCK,
  ) {}
  async symbols(): Promise<SourceSymbol[]> {
    return Object.keys(this.trades).map((symbol) => ({
      symbol,
      description: symbol,
      exchange: 'X',
      session: this.session,
      priceDecimals: 2,
      volumeDecimals: 0,
    }));
  }
  async span(symbol: string): Promise<SourceSpan | null> {
    const list = this.trades[symbol] ?? [];
    const first = list[0];
    const last = list[list.length - 1];
    return first && last ? { first: first.time, last: last.time, trades: list.length } : null;
  }
  async bars(symbol: string, step: number, from: number, to: number): Promise<BarColumns> {
    this.requests++;
    if (this.fail) {
      const error = this.fail;
      this.fail = null;
      throw error;
    }
    return tradesFolded(this.trades[symbol] ?? [], step, from, to);
  }
}
