/**
 * Alert times: written in the workspace's time zone, and read from a `datetime-local` field (a wall
 * time in that zone) back to epoch ms. Pure, so it is tested without a browser.
 */
import { wallClock, wallToUtc } from '../../../../core/time/zone-clock';
import { formatMoment } from '../bar-time';

/** `Nov 25, 2026, 12:41:14` in the zone: as the workspace writes every date and time. */
export function formatAlertTime(ms: number, zone: string): string {
  return formatMoment(ms, zone);
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/** `2026-11-25T12:41`: what a `datetime-local` field shows for `ms` in the zone. */
export function toLocalInput(ms: number, zone: string): string {
  const p = wallClock(zone, Math.floor(ms / 1000));
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The epoch ms of a `datetime-local` value read as a wall time in the zone; null for no time. */
export function fromLocalInput(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return wallToUtc(zone, Date.UTC(y, mo - 1, d, h, mi) / 1000) * 1000;
}
