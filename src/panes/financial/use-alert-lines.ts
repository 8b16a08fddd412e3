/**
 * Keeps a chart's alert lines on its symbol's active price alerts (those at a price; an alert on a
 * drawing has the drawing for a line).
 */
import { type RefObject, useEffect, useMemo } from 'react';
import { useDocument } from '../../commands/use-workstation';
import { alertStatus } from '../../state/price-alerts';
import type { AlertLevel } from './alert-lines';
import type { FinancialChart } from './financial-chart';

export function useAlertLines(symbol: string | undefined, chartRef: RefObject<FinancialChart | null>): void {
  const alerts = useDocument((s) => s.document.alerts);
  const levels = useMemo((): AlertLevel[] => {
    const now = Date.now();
    return Object.values(alerts ?? {}).flatMap((alert) =>
      alert.symbol === symbol &&
      alert.annotationId === undefined &&
      alert.price !== undefined &&
      alertStatus(alert, now) === 'active'
        ? [{ id: alert.id, price: alert.price, condition: alert.condition }]
        : [],
    );
  }, [alerts, symbol]);
  useEffect(() => chartRef.current?.setAlertLevels(levels), [levels, chartRef]);
}
