import { type RefObject, useEffect } from 'react';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { useSession } from '../../session/session-context';
import type { FinancialChart } from './financial-chart';
import type { OutOfSession } from './session-marks';

/** Tells the chart its symbol's trading session (from the engine's catalog) and how to mark it. */
export function useSessionMarks(
  symbol: string,
  outOfSession: OutOfSession,
  breaks: boolean,
  chartRef: RefObject<FinancialChart | null>,
): void {
  const session = useSession((s) => symbolInfoOf(s.catalog, symbol)?.session ?? null);
  useEffect(() => {
    chartRef.current?.setSessionDisplay({ session, outOfSession, breaks });
  }, [session, outOfSession, breaks, chartRef]);
}
