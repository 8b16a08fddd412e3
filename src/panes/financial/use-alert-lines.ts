/**
 * Keeps a chart's alert lines on its symbol's active price alerts (those at a price; an alert on a
 * drawing has the drawing for a line).
 */
import { type RefObject, useEffect, useMemo } from 'react';
import { useDocument } from '../../commands/use-workstation';
import { alertStatus } from '../../state/price-alerts';
import type { AlertLevel } from './alert-lines';
import { useExpiryClock } from './alerts/use-expiry-clock';
import type { FinancialChart } from './financial-chart';

export function useAlertLines(symbol: string | undefined, chartRef: RefObject<FinancialChart | null>): void {
  const all = useDocument((s) => s.document.alerts);
  const alerts = useMemo(() => Object.values(all ?? {}), [all]);
  // Judged again when the next one expires: an expired alert leaves the chart on time.
  const now = useExpiryClock(alerts);
  const levels = useMemo((): AlertLevel[] => {
    return alerts.flatMap((alert) =>
      alert.symbol === symbol &&
      alert.annotationId === undefined &&
      alert.price !== undefined &&
      alertStatus(alert, now) === 'active'
        ? [{ id: alert.id, price: alert.price, condition: alert.condition }]
        : [],
    );
  }, [alerts, symbol, now]);
  useEffect(() => chartRef.current?.setAlertLevels(levels), [levels, chartRef]);
}
