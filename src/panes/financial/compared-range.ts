import type { SymbolInfo } from '../../../workers/protocol';
import { formatBarTime } from './bar-time';

type TimeView = { from: number; to: number };

function outsideView(choice: SymbolInfo, view: TimeView | null): boolean {
  return view !== null && (choice.last < view.from || choice.first > view.to);
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
 * bars end before the view starts draws nothing there, which the dialog says before, not after.
 */
export function comparedRangeText(choice: SymbolInfo, view: TimeView | null): string {
  const span = `${choice.symbol} has bars from ${formatBarTime(choice.first, false)} to ${formatBarTime(choice.last, false)}`;
  return outsideView(choice, view)
    ? `${span}: none in the chart's view, where its line stays empty.`
    : `${span}.`;
}
