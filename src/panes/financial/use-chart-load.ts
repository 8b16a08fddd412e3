import { type RefObject, useEffect, useRef, useState } from 'react';
import type { BarsResult } from '../../../workers/protocol';
import { errorMessage } from '../../../workers/protocol';
import { isStaleRequestError } from '../../data/engine-client';
import { symbolDataVersion } from '../../data/symbol-catalog';
import { useSession, useSessionStore } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import type { KeptView } from './chart-feed';
import { type BarSpec, barSpec, loadChartBars, startChartFeed } from './chart-feed';
import type { FinancialChart } from './financial-chart';
import type { LatestBarStore } from './legend-values';

export type ChartLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      bars: BarsResult;
      live: boolean;
      /** A real feed moves it, not the simulator. */
      feed: boolean;
      spec: BarSpec;
      /** The time range to show: the one in view before an interval change (the same symbol). */
      range: KeptView | null;
    };

const LOADING: ChartLoad = { status: 'loading' };

/**
 * The pane's bars: loads the symbol's first view from the engine (again when the symbol changes, or
 * when its data changes under the pane: removed or imported again), then keeps the chart fed with
 * finer bars on zoom and, for a live symbol, with the live feed.
 */
export function useChartLoad(
  paneId: PaneId,
  symbol: string,
  chartRef: RefObject<FinancialChart | null>,
  containerRef: RefObject<HTMLDivElement | null>,
  latest: LatestBarStore,
  /** The pane's bar interval; null for the data's own. */
  interval: string | null = null,
  /** Only the bars inside the symbol's trading session. */
  sessionOnly = false,
): ChartLoad {
  const session = useSessionStore();
  const dataVersion = useSession((s) => symbolDataVersion(s.catalog, symbol));
  // The load is kept with the request it answers: from the render where the symbol (or its data, the
  // interval, the session filter) changes, the pane says it is loading, not the old symbol's bars.
  const request = `${symbol}\n${dataVersion}\n${interval}\n${sessionOnly}`;
  const [answer, setAnswer] = useState<{ request: string; load: ChartLoad }>({ request, load: LOADING });
  const load: ChartLoad = answer.request === request ? answer.load : LOADING;
  const loadedSymbol = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataVersion` changes when the data must be loaded again
  useEffect(() => {
    let cancelled = false;
    const spec = barSpec(interval, sessionOnly);
    // Another interval of the same symbol keeps the time range in view, to the end of its last bar (with
    // enough bars to read: kept-range.ts).
    const chart = chartRef.current;
    const view = loadedSymbol.current === symbol ? (chart?.viewToKeep() ?? null) : null;
    const range = view && chart ? { ...view, barsInView: chart.visibleBarCount() } : null;
    loadedSymbol.current = symbol;
    const setLoad = (next: ChartLoad) => setAnswer({ request, load: next });
    setLoad(LOADING);
    chartRef.current?.dropBars();
    const width = containerRef.current?.clientWidth ?? 0;
    loadChartBars(paneId, symbol, width, () => cancelled, undefined, spec).then(
      ({ bars, live, feed }) => !cancelled && setLoad({ status: 'ready', bars, live, feed, spec, range }),
      (error: unknown) => {
        // Superseded by a newer request of this pane (another symbol): its answer is on its way.
        if (cancelled || isStaleRequestError(error)) return;
        setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [paneId, symbol, dataVersion, chartRef, containerRef, interval, sessionOnly]);

  useEffect(() => {
    if (load.status !== 'ready') return;
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container) return;
    latest.setState({ bar: null });
    return startChartFeed({
      paneId,
      chart,
      container,
      coarse: load.bars,
      live: load.live,
      feed: load.feed,
      spec: load.spec,
      range: load.range,
      session,
      onLatest: (bar) => latest.setState({ bar }),
    });
  }, [load, paneId, latest, session, chartRef, containerRef]);

  return load;
}
