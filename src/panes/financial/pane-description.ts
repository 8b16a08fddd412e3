/**
 * What a financial pane's description says (the region's aria-describedby): symbol, interval, the
 * range in view and its first, last, high, low and change. Pure, so it is unit-tested.
 */

import { factorAt, factorRange } from '../../../core/bars/factor-pieces';
import { parseInterval } from '../../../core/bars/interval';
import type { BarsResult } from '../../../core/protocol';
import { spacingAdjective } from '../../../core/time/bar-spacing';
import { formatPrice } from '../../data/price-format';
import { zoneLabel } from '../../state/time-zone';
import { formatChange } from './bar-format';
import { formatBarTime, isIntraday } from './bar-time';
import { coveredTimes } from './chart-data';

/**
 * The interval of a chart's bars: the smallest step between its first bars, per native bar merged
 * by the bar it starts from (a coarse level's bar merges many; a finer window's or the live tail's
 * fewer: factor-pieces.ts). An average would count closed hours and weekends: minute
 * bars of a market open 6.5 hours a day would read as 5-minute bars. The description and the export
 * caption both name a chart's interval with it.
 */
export function barsIntervalName(
  bars: Pick<BarsResult, 'time' | 'factor' | 'pieces' | 'closesOnly'>,
): string {
  let step = Number.POSITIVE_INFINITY;
  const n = Math.min(bars.time.length, 500);
  // Where the factor changes the step is no bar's span (the last bar of a coarse level before the
  // live tail is cut short): such steps count only when there are no others.
  for (const acrossPieces of [false, true]) {
    for (let i = 1; i < n; i++) {
      const merged = factorAt(bars, i - 1);
      if (!acrossPieces && merged !== factorAt(bars, i)) continue;
      step = Math.min(step, ((bars.time[i] as number) - (bars.time[i - 1] as number)) / Math.max(1, merged));
    }
    if (Number.isFinite(step)) break;
  }
  return ofCloses(bars, Number.isFinite(step) && step > 0 ? spacingName(step) : 'bars');
}

const spacingName = (spacing: number): string => `${spacingAdjective(spacing)} bars`;

/** A series of closes only (`BarsResult.closesOnly`) is named as closes: 'monthly closes'. */
const ofCloses = (bars: Pick<BarsResult, 'closesOnly'>, name: string): string =>
  bars.closesOnly ? name.replace(/bars$/, 'closes') : name;

const UNIT_WORDS = { m: 'minute', h: 'hour', D: 'day', W: 'week', M: 'month' } as const;
const SINGLE_WORDS: Partial<Record<keyof typeof UNIT_WORDS, string>> = {
  D: 'daily',
  W: 'weekly',
  M: 'monthly',
};

/**
 * A picked interval in words, as barsIntervalName writes a series' own: '4h' is '4-hour bars', '1D'
 * 'daily bars', '2W' '2-week bars'; null for a text that is no interval.
 */
export function intervalName(text: string): string | null {
  const interval = parseInterval(text);
  if (!interval) return null;
  const single = interval.count === 1 ? SINGLE_WORDS[interval.unit] : undefined;
  return single ? `${single} bars` : `${interval.count}-${UNIT_WORDS[interval.unit]} bars`;
}

/**
 * The interval a pane's bars are named by: the `picked` one when the pane has one (the bars' steps
 * tell it only approximately: a view of merged bars beside the live tail's), else the bars' own. The
 * description and the data table name it alike.
 */
export function viewIntervalName(
  bars: Pick<BarsResult, 'time' | 'factor' | 'pieces' | 'closesOnly'>,
  picked: string | null,
): string {
  const named = picked === null ? null : intervalName(picked);
  return named === null ? barsIntervalName(bars) : ofCloses(bars, named);
}

/** The bars `from` to `to` (indexes, inclusive) of `bars`, summarised in one sentence. */
export function describeView(
  symbol: string,
  bars: BarsResult,
  from: number,
  to: number,
  zone = 'UTC',
  picked: string | null = null,
): string {
  const interval = viewIntervalName(bars, picked);
  const [one, many] = bars.closesOnly ? ['close', 'closes'] : ['bar', 'bars'];
  if (bars.time.length === 0 || to < from) return `${symbol}, ${interval}: no ${many} in view.`;
  let high = -Infinity;
  let low = Infinity;
  for (let i = from; i <= to; i++) {
    high = Math.max(high, bars.high[i] ?? -Infinity);
    low = Math.min(low, bars.low[i] ?? Infinity);
  }
  const intraday = isIntraday(bars);
  const firstClose = bars.close[from] ?? 0;
  const lastClose = bars.close[to] ?? 0;
  const decimals = bars.priceDecimals;
  // To the end of the last bar in view: a merged one's span (its last minute), not its start.
  const end = coveredTimes(bars, from, to)?.to ?? bars.time[to] ?? 0;
  const count = `${to - from + 1} ${to === from ? one : many}${mergedOf(bars, from, to, interval)}`;
  return (
    `${symbol}, ${interval}, ${formatBarTime(bars.time[from] ?? 0, intraday, zone)} to ` +
    `${formatBarTime(end, intraday, zone)} (${count}${intraday ? `, ${zoneLabel(zone)}` : ''}): ` +
    `first close ${formatPrice(firstClose, decimals)}, last close ${formatPrice(lastClose, decimals)}, ` +
    `high ${formatPrice(high, decimals)}, low ${formatPrice(low, decimals)}, ` +
    `change ${formatChange(firstClose, lastClose, decimals)}.`
  );
}

/**
 * What the bars `from` to `to` merge, zoomed out (levels, factor-pieces.ts): ', each merging up to
 * 32 15-minute bars' (the latest holds fewer until it fills), or '1 to 32' beside a finer window;
 * nothing when each is one bar of `interval`. The count is of the bars drawn, which a listener would
 * otherwise take for bars of the interval.
 */
function mergedOf(bars: BarsResult, from: number, to: number, interval: string): string {
  const { least, most } = factorRange(bars, from, to);
  if (most <= 1) return '';
  const count = (n: number) => n.toLocaleString('en-US');
  const merging = least === most ? `up to ${count(most)}` : `${count(least)} to ${count(most)}`;
  return from === to ? ` merging ${merging} ${interval}` : `, each merging ${merging} ${interval}`;
}
