/**
 * The keyboard data cursor of a financial chart: which bar it moves to, the view that shows that bar,
 * and what a screen reader hears there. Pure, so it is unit-tested; FinancialChart applies it.
 */

import { formatPrice } from '../../data/price-format';
import { countFormat, formatChange, volumeFormat } from './bar-format';
import { formatBarSpan } from './bar-time';
import type { LegendBar } from './chart-data';

export type CursorMove = 'previous' | 'next' | 'first' | 'last' | 'page-back' | 'page-forward';

/** A visible range in bar indexes (lightweight-charts' logical range; fractions at the edges). */
export interface BarRange {
  from: number;
  to: number;
}

/**
 * The bar the cursor moves to among `count` bars. A cursor not shown yet (`current` null) appears on
 * the latest bar in view for a step; a page is the number of bars in view. Null when there are no bars.
 */
export function movedCursor(
  current: number | null,
  move: CursorMove,
  count: number,
  view: BarRange,
): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const clamp = (index: number) => Math.min(last, Math.max(0, index));
  const start = current ?? clamp(Math.floor(view.to));
  const page = Math.max(1, Math.floor(view.to - view.from));
  switch (move) {
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'previous':
      return current === null ? start : clamp(start - 1);
    case 'next':
      return current === null ? start : clamp(start + 1);
    case 'page-back':
      return clamp(start - page);
    case 'page-forward':
      return clamp(start + page);
  }
}

/** The range of the same width that brings bar `index` into view with a bar to spare, or null if in view. */
export function rangeShowing(index: number, view: BarRange): BarRange | null {
  const width = view.to - view.from;
  if (index - 0.5 >= view.from && index + 0.5 <= view.to) return null;
  if (index < view.from + 0.5) return { from: index - 1, to: index - 1 + width };
  return { from: index + 1 - width, to: index + 1 };
}

/** What the live region reads at a bar: its time, open, high, low, close, change on the bar before, volume. */
export function cursorReading(
  bar: LegendBar,
  previous: LegendBar | null,
  intraday: boolean,
  zone = 'UTC',
): string {
  const change = previous ? `change ${formatChange(previous.close, bar.close, bar.decimals)}` : 'first bar';
  const when = `${formatBarSpan(bar, intraday, zone, ' to ')}${bar.span ? `, ${countFormat.format(bar.span.merged)} bars merged` : ''}`;
  // A series of closes has no open, high, low or volume of its own to read.
  if (bar.closesOnly) return `${when}: close ${formatPrice(bar.close, bar.decimals)}, ${change}`;
  return [
    `${when}: open ${formatPrice(bar.open, bar.decimals)}`,
    `high ${formatPrice(bar.high, bar.decimals)}`,
    `low ${formatPrice(bar.low, bar.decimals)}`,
    `close ${formatPrice(bar.close, bar.decimals)}`,
    change,
    `volume ${volumeFormat.format(bar.volume, bar.volumeDecimals)}`,
  ].join(', ');
}
