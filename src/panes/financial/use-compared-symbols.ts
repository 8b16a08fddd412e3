import { type RefObject, useEffect } from 'react';
import { lowerBound, upperBound } from '../../../core/bars/sorted-search';
import { type BarsResult, errorMessage } from '../../../core/protocol';
import { getEngineClient } from '../../data/engine-client';
import { type LiveBarUpdate, subscribeLiveBars } from '../../data/live-bars';
import { notify } from '../../session/session-actions';
import { useSessionStore } from '../../session/session-context';
import { type BarSpec, barSpec, loadCompareBars, MAX_BARS } from './chart-feed';
import type { CompareScale } from './chart-settings';
import type { FinancialChart } from './financial-chart';
import { spliceBars } from './level-swap';

/** After the chart's bars change (a zoom swapped finer ones in), compared lines are refined this late. */
const REFINE_DELAY_MS = 200;

/** How many of a symbol's closes fall in [from, to]. */
function countIn(time: ArrayLike<number>, from: number, to: number): number {
  return upperBound(time, to) - lowerBound(time, from);
}

/**
 * Puts the pane's compared symbols on its chart and loads their bars at the pane's interval: first a
 * level for the whole range, then, where the chart zooms into finer bars than a compared line has,
 * that symbol's bars of the window (as the chart's own are refined), so the line is as fine as the
 * bars it is laid on; a live symbol's line follows its own feed. The pane's own symbol is never
 * compared with itself. A symbol that cannot load is named in a notice and its line stays empty; the
 * chart goes on.
 */
export function useComparedSymbols(
  symbol: string,
  compare: readonly string[],
  interval: string | null,
  sessionOnly: boolean,
  scale: CompareScale,
  chartRef: RefObject<FinancialChart | null>,
): void {
  const session = useSessionStore();
  const key = compare.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const shown = compare.filter((s) => s !== symbol);
    chart.setCompared(shown, scale);
    // Nothing compared: nothing to load, follow or refine (and no timer on every live update).
    if (shown.length === 0) return;
    let cancelled = false;
    const spec = barSpec(interval, sessionOnly);
    const width = chart.width();
    // Per symbol: its whole-range level, and a window where it came at its own bars (no finer exist).
    const bases = new Map<string, BarsResult>();
    const native = new Map<string, { from: number; to: number }>();
    const stopLive: (() => void)[] = [];
    for (const other of shown) {
      loadCompareBars(other, width, spec).then(
        ({ bars, live }) => {
          if (cancelled) return;
          bases.set(other, bars);
          chartRef.current?.setComparedData(other, bars);
          // A live symbol's line moves with its own feed (at the pane's interval), not only with the chart's.
          if (live) {
            const onBar = (update: LiveBarUpdate) =>
              chartRef.current?.updateComparedLive(other, [...update.closed, update.bar]);
            stopLive.push(subscribeLiveBars(other, onBar, spec));
          }
        },
        (error: unknown) => {
          if (!cancelled) notify(session, `Could not compare ${other}: ${errorMessage(error)}`, 'error');
        },
      );
    }
    // At most one refinement waits: a live chart's bars change every frame, which must not put it off.
    let timer = 0;
    const stopData = chart.onData(() => {
      if (timer !== 0) return;
      timer = window.setTimeout(() => {
        timer = 0;
        refine(chart, shown, spec, bases, native, () => cancelled);
      }, REFINE_DELAY_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stopData();
      for (const stop of stopLive) stop();
    };
  }, [key, symbol, interval, sessionOnly, scale, chartRef, session]);
}

/**
 * For each compared symbol with fewer closes in view than the chart has bars there (its whole-range
 * level is coarser), asks for its bars of the view and a view's width either side, and splices them
 * into its level. A window that came back at the symbol's own bars is not asked for again.
 */
function refine(
  chart: FinancialChart,
  shown: readonly string[],
  spec: BarSpec,
  bases: Map<string, BarsResult>,
  native: Map<string, { from: number; to: number }>,
  cancelled: () => boolean,
): void {
  const view = chart.visibleTimeRange();
  if (!view) return;
  const bars = countIn(chart.times(), view.from, view.to);
  for (const other of shown) {
    const base = bases.get(other);
    const source = chart.comparedSource(other);
    if (!base || !source || base.factor <= 1) continue;
    const known = native.get(other);
    if (known && known.from <= view.from && known.to >= view.to) continue;
    if (countIn(source.time, view.from, view.to) * 2 >= bars) continue;
    const span = view.to - view.from;
    const window = { from: view.from - span, to: view.to + span };
    getEngineClient()
      .call('getBars', {
        symbol: other,
        ...window,
        maxBars: Math.min(MAX_BARS, Math.max(200, bars * 6)),
        ...spec,
      })
      .then(
        (fine) => {
          if (cancelled() || fine.factor >= base.factor) return;
          if (fine.factor === 1) native.set(other, window);
          chart.setComparedData(other, spliceBars(base, fine));
        },
        // Not refined: the line stays at its whole-range level, which is all this can lose.
        () => {},
      );
  }
}
