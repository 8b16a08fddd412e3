/**
 * A chart's bars in view as CSV: what `Export visible data as CSV` downloads. Times are ISO 8601 in the
 * workspace time zone with its offset (`2024-03-08T09:30:00-05:00`) for intraday bars, and the date
 * (`2024-03-08`) for daily and longer ones, so the file reads back into this app or a spreadsheet
 * without guessing a zone. Prices are written in full, not rounded for display. Pure.
 */
import type { BarsResult } from '../../../workers/protocol';
import { wallClock, zoneOffset } from '../../../workers/time/zone-clock';
import { barAt } from './chart-data';
import { mergedIn } from './factor-pieces';

const HEADER = 'time,open,high,low,close,volume';
/** A last column where rows merge several bars (a range too long to export bar by bar). */
const MERGED_HEADER = `${HEADER},bars`;

/** `time` (UTC seconds) in `zone` as ISO 8601 with the zone's offset at that instant. */
export function isoInZone(time: number, zone: string): string {
  const p = wallClock(zone, time);
  const offset = zoneOffset(zone, time);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}` +
    `${sign}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`
  );
}

/** The calendar day of a daily bar (it stands for that day in every zone, as the chart shows it). */
function isoDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

/**
 * The bars `from` to `to` (indexes, inclusive) of `bars` as CSV text with a header row; where any of
 * them merges several bars, a `bars` column says how many each one does.
 */
export function barsCsv(bars: BarsResult, from: number, to: number, intraday: boolean, zone: string): string {
  const merged = mergedIn(bars, from, to);
  const lines = [merged ? MERGED_HEADER : HEADER];
  for (let i = Math.max(0, from); i <= to; i++) {
    const bar = barAt(bars, i);
    if (!bar) break;
    const time = intraday ? isoInZone(bar.time, zone) : isoDay(bar.time);
    const row = `${time},${bar.open},${bar.high},${bar.low},${bar.close},${bar.volume}`;
    lines.push(merged ? `${row},${bar.span?.merged ?? 1}` : row);
  }
  return `${lines.join('\n')}\n`;
}
