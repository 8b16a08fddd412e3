import { type RefObject, useEffect } from 'react';
import type { BarsResult } from '../../../core/protocol';
import { getEngineClient } from '../../data/engine-client';
import { fetchSymbols, symbolDataChanged } from '../../data/symbol-catalog';
import { useSessionStore } from '../../session/session-context';
import { EarlierEdge } from './earlier-edge';
import type { FinancialChart } from './financial-chart';

/**
 * The view is judged once it has held this long: new bars pass through other ranges while they are
 * shown (the latest year, then the view kept), which must not count as the user at the edge.
 */
const SETTLE_MS = 200;
/**
 * A page asked for holds this many screens of the view's bars (more than one page if need be): more
 * than the screens it is asked ahead (AHEAD_SCREENS), so a steady drag back finds the next page in
 * before it reaches the first bar.
 */
const PAGE_SCREENS = 4;

/**
 * A feed's or a history source's symbol pages its history in as the user scrolls or zooms out toward
 * its first bar: the engine brings the page before it (`loadEarlier`), and the pane loads again,
 * keeping its view (its data changed). Which views ask is `EarlierEdge`'s: a move of the user's toward
 * the first bar, never live bars or a resize. A view that keeps moving is judged as it goes, not
 * once it stops. One page at a time, each edge asked for once; a source with nothing before is not
 * asked again, nor is one whose page failed until the pane loads again.
 */
export function useEarlierHistory(
  symbol: string,
  /** Only a feed's or a history source's symbols have a history to page from. */
  feed: boolean,
  /** The chart's interval (a source holds bars per resolution); null: the data's own. */
  interval: string | null,
  chartRef: RefObject<FinancialChart | null>,
  /**
   * Says where the paging stands (`data-earlier-history`): `watching` once the view settled, `asking`,
   * `stopped` once a page brought nothing.
   */
  containerRef: RefObject<HTMLElement | null>,
  bars: BarsResult | null,
): void {
  const session = useSessionStore();
  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!feed || !chart || !container || !bars || bars.time.length === 0) return;
    const edge = new EarlierEdge(chart.plotWidth());
    let asked = false;
    let stopped = false;
    let timer = 0;
    const check = (): void => {
      const view = chart.edgeView();
      if (stopped || asked || !view) return;
      const wants = edge.wants({ ...view, widthPx: chart.plotWidth() });
      container.dataset.earlierHistory = 'watching';
      if (!wants) return;
      asked = true;
      container.dataset.earlierHistory = 'asking';
      // Sized for the view: zoomed out over months, one page of 5,000 minutes would be a sliver.
      const bars = Math.ceil(PAGE_SCREENS * (chart.nativeBarsInView() ?? 0));
      getEngineClient()
        .call('loadEarlier', symbol, interval, bars)
        .then(
          (result) => {
            if (stopped) return;
            if (result.added === 0) {
              // Nothing before, or the source could not bring it (its status says why): not asked
              // again until the pane loads again.
              container.dataset.earlierHistory = 'stopped';
              return;
            }
            // The pane loads again with the earlier bars, its view kept; the catalog's range follows.
            void fetchSymbols(session).catch(() => {});
            symbolDataChanged(session, symbol);
          },
          // The engine said why in the feed's status; the bars shown stay.
          () => {
            if (!stopped) container.dataset.earlierHistory = 'stopped';
          },
        );
    };
    const shownAt = performance.now();
    const later = (): void => {
      const view = chart.edgeView();
      if (view) edge.moved(view.from);
      // For SETTLE_MS after the bars came, each move starts the wait again (the bars being set pass
      // through other ranges). After that, a view that keeps moving (a held arrow key, a steady drag)
      // is judged every SETTLE_MS: waiting for it to hold, the page was asked for only once the view
      // stood at the first bar, and a steady drag back waited there for every page.
      if (!edge.watching && performance.now() - shownAt < SETTLE_MS) window.clearTimeout(timer);
      else if (timer !== 0) return;
      timer = window.setTimeout(() => {
        timer = 0;
        check();
      }, SETTLE_MS);
    };
    later();
    const stop = chart.onVisibleRange(later);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stop();
      delete container.dataset.earlierHistory;
    };
    // New bars (a page came and the pane loaded again, another interval): a new edge to watch.
  }, [symbol, feed, interval, chartRef, containerRef, bars, session]);
}
