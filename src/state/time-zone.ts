/**
 * Time zone names the document accepts: `exchange` (each chart in its symbol's exchange zone),
 * `UTC`, `local` (the browser's zone) and IANA names.
 */
import { isIanaZone } from '../../core/time/zone-clock';

/** Each chart shows times in its symbol's exchange zone, as TradingView's `Exchange` setting does. */
export const EXCHANGE_ZONE = 'exchange';

/** Whether `name` is a zone the document can hold (the runtime's time zone data decides IANA names). */
export function isTimeZone(name: string): boolean {
  return name === EXCHANGE_ZONE || name === 'local' || isIanaZone(name);
}

/** The zone setting of a document: UTC when it names none (it may be `exchange`: see `zoneFor`). */
export function timeZoneOf(doc: { timeZone?: string }): string {
  return doc.timeZone ?? 'UTC';
}

/**
 * The zone times of one symbol are shown in under the setting `zone`: its exchange's zone for
 * `exchange` (`exchangeZone`, none for a symbol that trades around the clock or is not known yet:
 * UTC), else the setting itself.
 */
export function zoneFor(zone: string, exchangeZone: string | undefined): string {
  return zone === EXCHANGE_ZONE ? (exchangeZone ?? 'UTC') : zone;
}

/** How a zone is named to the user: `UTC`, `local time`, or the IANA name with spaces (`America/New York`). */
export function zoneLabel(zone: string): string {
  if (zone === 'local') return 'local time';
  if (zone === EXCHANGE_ZONE) return 'exchange time';
  return zone.replaceAll('_', ' ');
}
