import { type RefObject, useEffect, useState } from 'react';
import type { BarsResult } from '../../../workers/protocol';
import { errorMessage } from '../../../workers/protocol';
import { isStaleRequestError } from '../../data/engine-client';
import { symbolDataVersion } from '../../data/symbol-catalog';
import { useSession, useSessionStore } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import { loadChartBars, startChartFeed } from './chart-feed';
import type { FinancialChart } from './financial-chart';
import type { LatestBarStore } from './legend-values';

export type ChartLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; bars: BarsResult; live: boolean };

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
): ChartLoad {
  const session = useSessionStore();
  const [load, setLoad] = useState<ChartLoad>({ status: 'loading' });
  const dataVersion = useSession((s) => symbolDataVersion(s.catalog, symbol));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataVersion` changes when the data must be loaded again
  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    chartRef.current?.clear();
    const width = containerRef.current?.clientWidth ?? 0;
    loadChartBars(paneId, symbol, width, () => cancelled).then(
      ({ bars, live }) => !cancelled && setLoad({ status: 'ready', bars, live }),
      (error: unknown) => {
        // Superseded by a newer request of this pane (another symbol): its answer is on its way.
        if (cancelled || isStaleRequestError(error)) return;
        setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [paneId, symbol, dataVersion, chartRef, containerRef]);

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
      session,
      onLatest: (bar) => latest.setState({ bar }),
    });
  }, [load, paneId, latest, session, chartRef, containerRef]);

  return load;
}
