/**
 * The feeds' symbols in the engine's one series store. A feed symbol's series is what the feed has
 * sent when a chart first asks for it, its history first (the engine waits for the first trade and the
 * history from the feed's history service, when it has one); from then on charts get
 * the feed's later bars as live events, as a simulated symbol's do after its stored history.
 */
import type { SeriesStore } from '../series-store';
import type { RealFeeds } from './real-feeds';

export function registerFeedSymbols(store: SeriesStore, feeds: RealFeeds): void {
  for (const info of feeds.symbolInfos()) {
    // A feed cannot take a shipped symbol's name: the shipped series keeps it.
    if (store.hasSymbol(info.symbol)) {
      console.warn(`Feed symbol ${info.symbol} is already a shipped symbol; the feed's is left out`);
      continue;
    }
    store.registerSeries(info, () => {
      // Thrown (and asked again next time) rather than keeping an empty series, or one without the
      // history on its way, for good.
      if (!feeds.ready(info.symbol)) {
        throw new Error(
          feeds.hasBars(info.symbol)
            ? `The history of ${info.symbol} is still loading`
            : `No data from the feed for ${info.symbol} yet`,
        );
      }
      const bars = feeds.bars(info.symbol);
      const column = (key: 'time' | 'open' | 'high' | 'low' | 'close' | 'volume') =>
        Float64Array.from(bars, (bar) => bar[key]);
      return {
        kind: 'bars',
        series: {
          symbol: info.symbol,
          time: column('time'),
          open: column('open'),
          high: column('high'),
          low: column('low'),
          close: column('close'),
          volume: column('volume'),
        },
      };
    });
  }
}
