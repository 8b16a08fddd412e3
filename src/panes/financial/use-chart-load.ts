import { type RefObject, useEffect, useRef, useState } from 'react';
import type { BarsResult } from '../../../core/protocol';
import { errorMessage } from '../../../core/protocol';
import { isStaleRequestError } from '../../data/engine-client';
import { symbolDataVersion } from '../../data/symbol-catalog';
import { useSession, useSessionStore } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import type { ChartBars, KeptView } from './chart-feed';
import { type BarSpec, barSpec, barsRequestKey, loadChartBars, startChartFeed } from './chart-feed';
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
 * First views kept per pane (the intervals a trader flips between, as the worker keeps its resampled
 * pyramids: series-store.ts): a switch back shows the kept bars at once, in the frame after the
 * command, and the worker's answer follows to check them.
 */
const VIEWS_KEPT = 4;

/** Two requests for the same series (symbol, interval, session filter), maybe of other data versions. */
function sameSeries(a: string, b: string): boolean {
  const [symbolA, , intervalA, sessionA] = a.split('\n');
  const [symbolB, , intervalB, sessionB] = b.split('\n');
  return symbolA === symbolB && intervalA === intervalB && sessionA === sessionB;
}

/** A kept view is for one request at one width (the bars a first view asks for depend on it). */
function viewKeyOf(request: string, width: number): string {
  return `${request}\n${width}`;
}

/**
 * The worker's bars say the same as the kept ones: same level, same bars, same first and last time.
 * A live symbol's last bar may have moved since: its feed brings it (startChartFeed asks for the
 * tail), as it brings every later tick. A bar closed since, a new import or another level differs.
 */
export function sameView(kept: BarsResult, fresh: BarsResult): boolean {
  const n = kept.time.length;
  return (
    n === fresh.time.length &&
    kept.factor === fresh.factor &&
    kept.nativeCount === fresh.nativeCount &&
    kept.time[0] === fresh.time[0] &&
    kept.time[n - 1] === fresh.time[n - 1]
  );
}

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
  // interval, the session filter) changes, the pane says it is loading, not the old symbol's bars, or
  // shows at once the bars it kept for that request.
  const request = `${symbol}\n${dataVersion}\n${interval}\n${sessionOnly}`;
  const loadedSymbol = useRef<string | null>(null);
  // Least recently shown first; owned by this pane, dropped with it.
  const kept = useRef(new Map<string, ChartBars>());
  const width = (): number => chartRef.current?.width() ?? containerRef.current?.clientWidth ?? 0;
  // Another interval of the same symbol keeps the time range in view, to the end of its last bar (with
  // enough bars to read: kept-range.ts). Read before the new bars are handed to the chart.
  // New data of the same series at the same interval (a page of history came) keeps the view as it
  // is: no cap on its bars, which only an interval change needs (kept-range.ts).
  const rangeToKeep = (sameInterval = false): KeptView | null => {
    const chart = chartRef.current;
    const shown = sameInterval ? chart?.keptView() : chart?.viewToKeep();
    const view = loadedSymbol.current === symbol ? (shown ?? null) : null;
    if (!view || !chart) return null;
    return { ...view, barsInView: sameInterval ? Number.POSITIVE_INFINITY : chart.visibleBarCount() };
  };
  const [answer, setAnswer] = useState<{ request: string; load: ChartLoad }>({ request, load: LOADING });
  // What the render showed for a new request while its bars are asked for: the view kept for it, or
  // the previous data's bars (see below); the effect that asks goes by it.
  const shownFor = useRef<{ request: string; kept: ChartBars | undefined; old: boolean } | null>(null);
  let current = answer;
  if (answer.request !== request) {
    // Adjusted in this render (React renders again at once, before any child or effect): a view kept
    // for this request is ready now, with no frame of "Loading" and no second commit. New data of the
    // same series (a page of history came, an import again) leaves the bars shown until it is in.
    const shown = kept.current.get(viewKeyOf(request, width()));
    const old = !shown && answer.load.status === 'ready' && sameSeries(answer.request, request);
    shownFor.current = { request, kept: shown, old };
    current = {
      request,
      load: shown
        ? { status: 'ready', ...shown, spec: barSpec(interval, sessionOnly), range: rangeToKeep() }
        : old
          ? answer.load
          : LOADING,
    };
    setAnswer(current);
  }
  const load = current.load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataVersion` changes when the data must be loaded again
  useEffect(() => {
    let cancelled = false;
    const spec = barSpec(interval, sessionOnly);
    const viewKey = viewKeyOf(request, width());
    const views = kept.current;
    // What the render showed: kept bars, the old data's (new data of the series on its way), or
    // nothing (then the chart lets the old bars go).
    const chosen = shownFor.current?.request === request ? shownFor.current : null;
    const shown = chosen?.kept;
    const old = chosen?.old === true;
    const range = shown || old ? null : rangeToKeep();
    loadedSymbol.current = symbol;
    if (!shown && !old) chartRef.current?.dropBars();
    const setLoad = (next: ChartLoad) => setAnswer({ request, load: next });
    // While bars are shown, the load has a key of its own: the refinements of the bars shown must not
    // supersede it (nor it them).
    const key = shown || old ? `${barsRequestKey(paneId)}:check` : barsRequestKey(paneId);
    loadChartBars(paneId, symbol, width(), () => cancelled, undefined, spec, key).then(
      (fresh) => {
        if (cancelled) return;
        views.delete(viewKey);
        views.set(viewKey, fresh);
        for (const oldest of views.keys()) {
          if (views.size <= VIEWS_KEPT) break;
          views.delete(oldest);
        }
        if (shown && sameView(shown.bars, fresh.bars) && shown.live === fresh.live) {
          // The same bars: those shown stay, and the next switch finds the newest copy.
          return;
        }
        // Bars shown meanwhile (kept, or the old data's): the fresh ones keep the view the user has now.
        setLoad({ status: 'ready', ...fresh, spec, range: shown || old ? rangeToKeep(old) : range });
      },
      (error: unknown) => {
        // Superseded by a newer request of this pane (another symbol): its answer is on its way.
        if (cancelled || isStaleRequestError(error)) return;
        // Kept bars are shown: a failed check leaves them (they were the worker's answer before).
        if (shown) return;
        // Otherwise the pane says why: nothing was shown, or the old data's bars, no longer the series'.
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
