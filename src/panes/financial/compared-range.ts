import type { SymbolInfo } from '../../../core/protocol';
import { isIntradaySpan } from '../../../core/time/bar-spacing';
import { formatBarTime } from './bar-time';

type TimeView = { from: number; to: number };

/** A symbol with no bars (a feed's before its first trade) is outside every view. */
function outsideView(choice: SymbolInfo, view: TimeView | null): boolean {
  return view !== null && (choice.count === 0 || choice.last < view.from || choice.first > view.to);
}

/**
 * The symbols to offer for comparing, those with bars in the chart's view first (in their order),
 * so the one the dialog starts on draws a line.
 */
export function comparableFirst(choices: readonly SymbolInfo[], view: TimeView | null): SymbolInfo[] {
  return [...choices.filter((c) => !outsideView(c, view)), ...choices.filter((c) => outsideView(c, view))];
}

/**
 * The compared symbol's span of data, and whether any of it lies in the chart's view: a symbol whose
 * bars end before the view starts draws nothing there, which the dialog says before, not after. Times
 * of intraday bars (a feed's) are written to the minute, in `zone`.
 */
export function comparedRangeText(choice: SymbolInfo, view: TimeView | null, zone = 'UTC'): string {
  if (choice.count === 0)
    return `${choice.symbol} has no bars yet: its line begins with its feed's first trade.`;
  const intraday = isIntradaySpan(choice.first, choice.last, choice.count);
  const time = (t: number) => formatBarTime(t, intraday, zone);
  const span = `${choice.symbol} has bars from ${time(choice.first)} to ${time(choice.last)}`;
  return outsideView(choice, view)
    ? `${span}: none in the chart's view, where its line stays empty.`
    : `${span}.`;
}
