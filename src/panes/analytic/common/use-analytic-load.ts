import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../workers/protocol';
import { isStaleRequestError } from '../../../data/engine-client';
import type { PaneState } from '../../../state/workspace-document';
import type { AnalyticChart, ChartModel, LoadRequest } from './chart';

export type AnalyticLoad<Data> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: Data };

/**
 * The pane's data: loaded per dataset and, for worker-aggregated data, again per view key (the
 * earlier data stays on screen, rescaled, until the answer comes; a superseded request is dropped,
 * not an error). Another dataset starts from "Loading data..." and calls `onDatasetChange`.
 */
export function useAnalyticLoad<Data, Model extends ChartModel>(
  chart: AnalyticChart<Data, Model>,
  pane: PaneState,
  request: LoadRequest,
  onDatasetChange: () => void,
): AnalyticLoad<Data> {
  const [load, setLoad] = useState<AnalyticLoad<Data>>({ status: 'loading' });
  const dataset = chart.dataset?.(pane) ?? pane.symbol;
  const viewKey = chart.viewKey?.(pane, request) ?? null;
  const sized = request.width > 0 && request.height > 0;
  // The effects below run on the dataset and view key only; they read the rest as it is then.
  const latest = useRef({ pane, request, onDatasetChange });
  latest.current = { pane, request, onDatasetChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the dataset changes, not on every render
  useEffect(() => {
    setLoad({ status: 'loading' });
    latest.current.onDatasetChange();
  }, [chart, dataset]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dataset and view key say when to load
  useEffect(() => {
    if (!sized) return;
    let cancelled = false;
    chart.load(latest.current.pane, latest.current.request).then(
      (data) => !cancelled && setLoad({ status: 'ready', data }),
      (error: unknown) => {
        if (!cancelled && !isStaleRequestError(error))
          setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [chart, dataset, viewKey, sized]);

  return load;
}
