/**
 * A chart's bars in view as CSV: what `Export visible data as CSV` downloads. Times are ISO 8601 in the
 * workspace time zone with its offset (`2024-03-08T09:30:00-05:00`) for intraday bars, and the date
 * (`2024-03-08`) for daily and longer ones, so the file reads back into this app or a spreadsheet
 * without guessing a zone. Prices are written in full, not rounded for display. Pure.
 */
import type { BarsResult } from '../../../workers/protocol';
import { barAt } from './chart-data';

const HEADER = 'time,open,high,low,close,volume';

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, date: Date): Record<string, string> {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    offsetFormats.set(zone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
}

/** `time` (UTC seconds) in `zone` as ISO 8601 with the zone's offset at that instant. */
export function isoInZone(time: number, zone: string): string {
  const p = partsIn(zone, new Date(time * 1000));
  // `GMT-05:00`, or `GMT` for a zero offset.
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** The calendar day of a daily bar (it stands for that day in every zone, as the chart shows it). */
function isoDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

/** The bars `from` to `to` (indexes, inclusive) of `bars` as CSV text with a header row. */
export function barsCsv(bars: BarsResult, from: number, to: number, intraday: boolean, zone: string): string {
  const lines = [HEADER];
  for (let i = Math.max(0, from); i <= to; i++) {
    const bar = barAt(bars, i);
    if (!bar) break;
    const time = intraday ? isoInZone(bar.time, zone) : isoDay(bar.time);
    lines.push(`${time},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`);
  }
  return `${lines.join('\n')}\n`;
}
