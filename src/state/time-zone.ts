/** Time zone names the document accepts: `UTC`, `local` (the browser's zone) and IANA names. */
import { isIanaZone } from '../../workers/time/zone-clock';

/** Whether `name` is a zone the document can hold (the runtime's time zone data decides IANA names). */
export function isTimeZone(name: string): boolean {
  return name === 'local' || isIanaZone(name);
}

/** The zone a document shows its times in: UTC when it names none. */
export function timeZoneOf(doc: { timeZone?: string }): string {
  return doc.timeZone ?? 'UTC';
}

/** How a zone is named to the user: `UTC`, `local time`, or the IANA name with spaces (`America/New York`). */
export function zoneLabel(zone: string): string {
  if (zone === 'local') return 'local time';
  return zone.replaceAll('_', ' ');
}
