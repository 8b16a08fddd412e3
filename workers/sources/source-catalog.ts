/**
 * History sources' symbols in the engine's one series store. A source symbol's own series is its
 * minute bars held so far, and a chart at another interval is made from the bars held at that
 * resolution (`HistoryBook.baseStep`); both must have been brought first (`HistoryBook.ensure`).
 */
import type { Interval } from '../../core/bars/interval';
import type { SeriesStore } from '../series-store';
import type { HistoryBook } from './history-book';
import type { HistorySource, SourceSymbol } from './history-source';

export function registerSourceSymbols(
  store: SeriesStore,
  book: HistoryBook,
  added: ReadonlyArray<{ source: HistorySource; symbol: SourceSymbol }>,
  /** Its charts follow the trades the source takes (it is polled). */
  followed: (source: HistorySource) => boolean = () => false,
): void {
  for (const { source, symbol: found } of added) {
    const { symbol } = found;
    // A shipped symbol, a feed's or an import keeps its name: the source's is left out.
    if (store.hasSymbol(symbol)) {
      console.warn(`${source.label}'s symbol ${symbol} is already in the catalog; the source's is left out`);
      continue;
    }
    const heldAt = (interval: Interval | null) => {
      const held = book.held(symbol, interval);
      // Thrown (and asked again next time) rather than keeping an empty series for good.
      if (!held) throw new Error(`The history of ${symbol} is still loading`);
      return held;
    };
    store.registerSeries(
      {
        symbol,
        name: `${found.description} (${source.label})`,
        kind: 'bars',
        first: Number.NaN,
        last: Number.NaN,
        count: 0,
        session: found.session,
        source: source.id,
        ...(followed(source) ? { live: true } : {}),
      },
      () => ({ kind: 'bars', series: { symbol, ...heldAt(null) } }),
      {
        intraday: true,
        priceDecimals: found.priceDecimals,
        volumeDecimals: found.volumeDecimals,
        barsAt: heldAt,
      },
    );
  }
}
