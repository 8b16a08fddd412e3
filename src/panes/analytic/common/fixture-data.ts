/** The analytic panes' inputs from the data engine: close series and quotes of the fixture symbols. */
import type { Quote } from '../../../../core/protocol';
import { getEngineClient } from '../../../data/engine-client';
import type { CloseSeries } from './datasets';

/** Enough for every daily fixture bar (SPX has about 5100). */
const MAX_BARS = 20_000;

const closes = new Map<string, Promise<CloseSeries>>();

/** Close series of `symbols`, in order; each symbol is fetched once per session. */
export function loadCloses(symbols: readonly string[]): Promise<CloseSeries[]> {
  return Promise.all(
    symbols.map((symbol) => {
      let pending = closes.get(symbol);
      if (!pending) {
        pending = getEngineClient()
          .call('getBars', { symbol, maxBars: MAX_BARS })
          .then((bars) => ({ symbol, time: bars.time, close: bars.close }));
        pending.catch(() => closes.delete(symbol));
        closes.set(symbol, pending);
      }
      return pending;
    }),
  );
}

export function loadQuotes(symbols: readonly string[]): Promise<Quote[]> {
  return getEngineClient().call('getQuotes', [...symbols]);
}
