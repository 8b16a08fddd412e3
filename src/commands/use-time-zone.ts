import { exchangeZoneOf } from '../data/symbol-catalog';
import { useSession } from '../session/session-context';
import { timeZoneOf, zoneFor } from '../state/time-zone';
import { useDocument } from './use-workstation';

/**
 * The zone `symbol`'s times are shown in: the workspace's setting, with `exchange` resolved to the
 * symbol's exchange zone (UTC for a symbol that trades around the clock, and for no symbol).
 */
export function useTimeZone(symbol: string | null): string {
  const setting = useDocument((s) => timeZoneOf(s.document));
  const exchange = useSession((s) => exchangeZoneOf(s.catalog, symbol));
  return zoneFor(setting, exchange);
}
