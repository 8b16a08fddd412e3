import { useEffect, useReducer } from 'react';
import { nextExpiry } from '../../../state/price-alerts';
import type { PriceAlert } from '../../../state/workspace-document';

/** The longest timeout browsers keep (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time to judge alerts' status by: it re-renders when the next expiry passes, so an alert moves
 * to Expired (and leaves the chart) on time. `enabled` false: no timer.
 */
export function useExpiryClock(alerts: readonly PriceAlert[], enabled = true): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const now = Date.now();
  const next = nextExpiry(alerts, now);
  useEffect(() => {
    if (!enabled || !Number.isFinite(next)) return;
    const timer = setTimeout(tick, Math.min(next - Date.now() + 50, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [enabled, next]);
  return now;
}
