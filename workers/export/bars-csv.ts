/**
 * A chart's bars in view as CSV: what `Export visible data as CSV` downloads. Times are ISO 8601 in the
 * workspace time zone with its offset (`2024-03-08T09:30:00-05:00`) for intraday bars, and the date
 * (`2024-03-08`) for daily and longer ones, so the file reads back into this app or a spreadsheet
 * without guessing a zone. Prices are written in full, not rounded for display. Pure.
 */

import { factorAt, mergedIn } from '../../core/bars/factor-pieces';
import type { BarsResult } from '../../core/protocol';
import { zoneOffset } from '../../core/time/zone-clock';

const HEADER = 'time,open,high,low,close,volume';
/** A series of closes only (`BarsResult.closesOnly`): its closes, which read back as such. */
const CLOSE_HEADER = 'time,close';
/** A last column where rows merge several bars (a range too long to export bar by bar). */
const MERGED_COLUMN = ',bars';

/**
 * `time` (UTC seconds) in `zone` as ISO 8601 with the zone's offset at that instant. The wall clock is
 * the UTC clock of `time` plus the offset (zoneOffset knows each zone's steady spans), not a read of
 * the zone data per row: an export of a million rows took seconds with one.
 */
export function isoInZone(time: number, zone: string): string {
  const offset = zoneOffset(zone, time);
  const wall = new Date((time + offset) * 1000);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}` +
    `T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}` +
    `${sign}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`
  );
}

/** The calendar day of a daily bar (it stands for that day in every zone, as the chart shows it). */
function isoDay(time: number): string {
  return new Date(time * 1000).toISOString().slice(0, 10);
}

/** Rows per part of the text: a part is one string, and a file of parts is a Blob, not one huge string. */
const PART_ROWS = 10_000;

/**
 * The bars `from` to `to` (indexes, inclusive) of `bars` as CSV text with a header row, in parts of
 * PART_ROWS rows, made one at a time (a caller can let the browser breathe between them; a million
 * rows as one string of 100 MB kept the collector busy for seconds); where
 * any of them merges several bars, a `bars` column says how many each one does. A series of closes
 * only is written as time and close, as the chart shows it.
 */
export function* barsCsvParts(
  bars: BarsResult,
  from: number,
  to: number,
  intraday: boolean,
  zone: string,
): Generator<string> {
  const merged = mergedIn(bars, from, to);
  const closesOnly = bars.closesOnly === true;
  const header = closesOnly ? CLOSE_HEADER : HEADER;
  // Each part joined from its lines: one flat string, so the rows' little strings die young.
  let lines: string[] = [merged ? `${header}${MERGED_COLUMN}` : header];
  const last = Math.min(to, bars.time.length - 1);
  for (let i = Math.max(0, from); i <= last; i++) {
    const t = bars.time[i] as number;
    const time = intraday ? isoInZone(t, zone) : isoDay(t);
    const row = closesOnly
      ? `${time},${bars.close[i]}`
      : `${time},${bars.open[i]},${bars.high[i]},${bars.low[i]},${bars.close[i]},${bars.volume[i]}`;
    lines.push(merged ? `${row},${factorAt(bars, i)}` : row);
    if (lines.length === PART_ROWS) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}
