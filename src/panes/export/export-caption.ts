/**
 * The caption an exported picture carries, so a PNG pasted into a report still says what it shows:
 * the pane's title, its interval, the time zone and when it was taken. Pure.
 */

export interface CaptionParts {
  /** The pane's title (`SPX · Candlestick`), or `Workspace`. */
  title: string;
  /** `5m`, `daily bars`; absent for panes without time. */
  interval?: string | null;
  /** The workspace zone's name as the app shows it (`New York`). */
  zone: string;
  /** When it was exported, already formatted in that zone. */
  at: string;
}

export function exportCaption({ title, interval, zone, at }: CaptionParts): string {
  const times = zone.endsWith(' time') ? zone : `${zone} time`;
  return [title, interval, times, `exported ${at}`].filter(Boolean).join(' · ');
}

/** A file name from a title: `SPX · Candlestick` -> `spx-candlestick`. */
export function fileSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'pane';
}
