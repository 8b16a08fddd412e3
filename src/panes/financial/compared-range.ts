import type { SymbolInfo } from '../../../workers/protocol';
import { formatBarTime } from './bar-time';

/**
 * The compared symbol's span of data, and whether any of it lies in the chart's view: a symbol whose
 * bars end before the view starts draws nothing there, which the dialog says before, not after.
 */
export function comparedRangeText(choice: SymbolInfo, view: { from: number; to: number } | null): string {
  const span = `${choice.symbol} has bars from ${formatBarTime(choice.first, false)} to ${formatBarTime(choice.last, false)}`;
  const outside = view !== null && (choice.last < view.from || choice.first > view.to);
  return outside ? `${span}: none in the chart's view, where its line stays empty.` : `${span}.`;
}
