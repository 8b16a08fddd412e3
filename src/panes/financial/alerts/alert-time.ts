/**
 * Alert times: written in the workspace's time zone, and read from a `datetime-local` field (a wall
 * time in that zone) back to epoch ms. Pure, so it is tested without a browser.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      ...(zone === 'local' ? {} : { timeZone: zone }),
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `25 Nov 2026, 12:41:14` in the zone. */
export function formatAlertTime(ms: number, zone: string): string {
  return formatIn(zone).format(new Date(ms));
}

/** The wall-clock parts of `ms` in the zone. */
function partsIn(ms: number, zone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', {
    ...(zone === 'local' ? {} : { timeZone: zone }),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(
    format
      .formatToParts(new Date(ms))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
}

const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');

/** `2026-11-25T12:41`: what a `datetime-local` field shows for `ms` in the zone. */
export function toLocalInput(ms: number, zone: string): string {
  const p = partsIn(ms, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The epoch ms of a `datetime-local` value read as a wall time in the zone; null for no time. */
export function fromLocalInput(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The zone's offset at that moment, found by writing the guess back (twice, across a DST change).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = partsIn(guess, zone);
    const shown = Date.UTC(p.year ?? y, (p.month ?? mo) - 1, p.day ?? d, p.hour ?? h, p.minute ?? mi);
    guess += asUtc - shown;
  }
  return guess;
}
