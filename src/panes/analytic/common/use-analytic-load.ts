import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../core/protocol';
import { isStaleRequestError } from '../../../data/engine-client';
import type { PaneState } from '../../../state/workspace-document';
import type { AnalyticChart, ChartModel, LoadRequest } from './chart';

export type AnalyticLoad<Data> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: Data };

const LOADING = { status: 'loading' } as const;

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
  const dataset = chart.dataset?.(pane) ?? pane.symbol;
  // Kept with the dataset it belongs to: from the render where the dataset changes, the pane is loading.
  const [answer, setAnswer] = useState<{ dataset: string; load: AnalyticLoad<Data> }>({
    dataset,
    load: LOADING,
  });
  const load = answer.dataset === dataset ? answer.load : LOADING;
  const viewKey = chart.viewKey?.(pane, request) ?? null;
  const sized = request.width > 0 && request.height > 0;
  // The effects below run on the dataset and view key only; they read the rest as it is then.
  const latest = useRef({ pane, request, onDatasetChange });
  latest.current = { pane, request, onDatasetChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the dataset changes, not on every render
  useEffect(() => {
    setAnswer({ dataset, load: LOADING });
    latest.current.onDatasetChange();
  }, [chart, dataset]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dataset and view key say when to load
  useEffect(() => {
    if (!sized) return;
    let cancelled = false;
    chart.load(latest.current.pane, latest.current.request).then(
      (data) => !cancelled && setAnswer({ dataset, load: { status: 'ready', data } }),
      (error: unknown) => {
        if (!cancelled && !isStaleRequestError(error))
          setAnswer({ dataset, load: { status: 'error', message: errorMessage(error) } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [chart, dataset, viewKey, sized]);

  return load;
}
