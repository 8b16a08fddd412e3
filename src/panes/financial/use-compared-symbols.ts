import { type RefObject, useEffect } from 'react';
import { errorMessage } from '../../../workers/protocol';
import { notify } from '../../session/session-actions';
import { useSessionStore } from '../../session/session-context';
import { barSpec, loadCompareBars } from './chart-feed';
import type { CompareScale } from './chart-settings';
import type { FinancialChart } from './financial-chart';

/**
 * Puts the pane's compared symbols on its chart and loads their bars at the pane's interval. The
 * pane's own symbol is never compared with itself. A symbol that cannot load is named in a notice
 * and its line stays empty; the chart goes on.
 */
export function useComparedSymbols(
  symbol: string,
  compare: readonly string[],
  interval: string | null,
  sessionOnly: boolean,
  scale: CompareScale,
  chartRef: RefObject<FinancialChart | null>,
  containerRef: RefObject<HTMLElement | null>,
): void {
  const session = useSessionStore();
  const key = compare.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const shown = compare.filter((s) => s !== symbol);
    chart.setCompared(shown, scale);
    let cancelled = false;
    const width = containerRef.current?.clientWidth ?? 0;
    for (const other of shown) {
      loadCompareBars(other, width, barSpec(interval, sessionOnly)).then(
        (bars) => {
          if (!cancelled) chartRef.current?.setComparedData(other, bars);
        },
        (error: unknown) => {
          if (!cancelled) notify(session, `Could not compare ${other}: ${errorMessage(error)}`, 'error');
        },
      );
    }
    return () => {
      cancelled = true;
    };
  }, [key, symbol, interval, sessionOnly, scale, chartRef, containerRef, session]);
}
