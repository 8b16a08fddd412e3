import { type RefObject, useEffect } from 'react';
import { useTimeZone } from '../../commands/use-time-zone';
import { useSessionStore } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import type { FinancialChart } from './financial-chart';
import { describeView } from './pane-description';

/** Quiet time after the last pan or zoom before the description is written again. */
const SETTLE_MS = 300;

/**
 * Keeps the pane's description (its region's aria-describedby) current: symbol, interval and the
 * range in view with its first, last, high, low and change, written once a pan or zoom settles.
 */
export function useChartDescription(
  paneId: PaneId,
  symbol: string,
  chartRef: RefObject<FinancialChart | null>,
  loaded: unknown,
  /** The interval picked for the pane (null: the data's own). */
  interval: string | null,
): void {
  const session = useSessionStore();
  const zone = useTimeZone(symbol);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new data (`loaded`) is a reason to describe again
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      const view = chart.barsInView();
      const text = view ? describeView(symbol, view.bars, view.from, view.to, zone, interval) : '';
      // A pan that ends where it began says nothing new: no session change, no pane re-render.
      if (session.getState().paneDescriptions[paneId] === text) return;
      session.setState((s) => ({ paneDescriptions: { ...s.paneDescriptions, [paneId]: text } }));
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(write, SETTLE_MS);
    };
    settle();
    const stop = chart.onVisibleRange(settle);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [paneId, symbol, chartRef, session, loaded, zone, interval]);
  // Another symbol or interval: what was said is no longer the pane's until the view is described
  // again. New bars of the same (a page of history, the data imported again) leave it meanwhile: it
  // still tells the series, and a listener would otherwise hear nothing for a moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another symbol or interval is the reason to forget it
  useEffect(
    () => () =>
      session.setState((s) => {
        const { [paneId]: _, ...rest } = s.paneDescriptions;
        return { paneDescriptions: rest };
      }),
    [paneId, symbol, interval, session],
  );
}
