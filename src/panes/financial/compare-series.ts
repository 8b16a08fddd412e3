/**
 * Compared symbols on a financial chart: one line of closes per symbol over the price, on the price
 * scale, which the chart puts in percentage mode while any is shown. lightweight-charts' percentage
 * mode measures every series from its own first visible value, so each line starts at 0 % at the
 * first bar in view, as TradingView's compare does.
 *
 * Each line is laid on the chart's own bar times: at every bar, the compared symbol's latest close
 * at or before it (`asOfCloses`). lightweight-charts merges the times of all its series into one
 * axis, so a compared symbol's own times (AAPL's monthly closes on the 1st, a Saturday now and then,
 * under SPX's trading days) would add bars to the chart and move every bar index after them.
 */
import {
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { lowerBound, upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';
import { averageSpacing } from '../../../core/time/bar-spacing';
import type { Theme } from '../../themes/theme';

/** A compared symbol's colour: the theme's palette from its end, so it differs from the studies'. */
export function compareColour(theme: Theme, index: number): string {
  const palette = theme.palette;
  return (
    palette[(palette.length - 1 - (index % palette.length) + palette.length) % palette.length] ??
    theme.colors.accent
  );
}

/** A compared symbol's closes: its own bar times, sorted, and the close at each. */
export interface CloseSource {
  time: ArrayLike<number>;
  close: ArrayLike<number>;
}

/**
 * The source's close at or before each of `times` (sorted), from index `from` on; NaN before its
 * first bar and after its last one has had its time (one average bar spacing: AAPL's monthly closes
 * ending in 2010 are not carried across SPX's next ten years). One merge walk: O(times + source).
 */
export function asOfCloses(source: CloseSource, times: ArrayLike<number>, from = 0): Float64Array {
  const out = new Float64Array(Math.max(0, times.length - from));
  const n = source.time.length;
  const until = closesReach(source)?.to ?? Number.NEGATIVE_INFINITY;
  let j = from < times.length ? upperBound(source.time, times[from] as number) - 1 : -1;
  for (let i = from; i < times.length; i++) {
    const t = times[i] as number;
    while (j + 1 < n && (source.time[j + 1] as number) <= t) j++;
    out[i - from] = j >= 0 && t <= until ? (source.close[j] as number) : Number.NaN;
  }
  return out;
}

/**
 * The times a source's closes are drawn at (see asOfCloses): from its first bar to one average bar
 * spacing after its last; null for a source with none.
 */
export function closesReach(source: CloseSource): { from: number; to: number } | null {
  const n = source.time.length;
  if (n === 0) return null;
  const first = source.time[0] as number;
  return { from: first, to: (source.time[n - 1] as number) + averageSpacing(source.time) };
}

/**
 * `source` with `bars` (sorted by time) in it: a bar at a time the source holds replaces that close,
 * any other goes in its place in time. New arrays; the source is left as it was. Live bars land at
 * the end, so only the source's tail is walked; the head is one copy.
 */
export function withCloses(
  source: CloseSource,
  bars: readonly { time: number; close: number }[],
): CloseSource {
  const first = bars[0];
  if (!first) return source;
  const n = source.time.length;
  const split = lowerBound(source.time, first.time);
  const time: number[] = [];
  const close: number[] = [];
  let i = split;
  let k = 0;
  while (i < n || k < bars.length) {
    const own = i < n ? (source.time[i] as number) : Number.POSITIVE_INFINITY;
    const bar = bars[k];
    if (bar && bar.time <= own) {
      time.push(bar.time);
      close.push(bar.close);
      k++;
      if (bar.time === own) i++;
    } else {
      time.push(own);
      close.push(source.close[i] as number);
      i++;
    }
  }
  const out = { time: new Float64Array(split + time.length), close: new Float64Array(split + close.length) };
  for (let j = 0; j < split; j++) {
    out.time[j] = source.time[j] as number;
    out.close[j] = source.close[j] as number;
  }
  out.time.set(time, split);
  out.close.set(close, split);
  return out;
}

type Row = { time: UTCTimestamp; value: number } | { time: UTCTimestamp };

function rowOf(time: number, value: number): Row {
  return Number.isFinite(value) ? { time: time as UTCTimestamp, value } : { time: time as UTCTimestamp };
}

/** A compared symbol's live closes kept to lay over bars loaded later: a day of minute bars and more. */
const MAX_LIVE_CLOSES = 5000;

export class CompareSeries {
  private readonly lines = new Map<string, ISeriesApi<SeriesType, Time>>();
  private readonly sources = new Map<string, CloseSource>();
  /** Per symbol, the decimals its prices are written with (from its bars). */
  private readonly decimals = new Map<string, number>();
  /** Per symbol, the closes its own feed sent since it was shown (time to close, oldest first). */
  private readonly live = new Map<string, Map<number, number>>();
  private order: string[] = [];
  /** The chart's bar times, which every line is laid on. */
  private times: ArrayLike<number> = [];

  constructor(
    private readonly chart: IChartApi,
    private theme: Theme,
  ) {}

  /** Shows exactly these symbols (lines of the others go); their data comes with `setData`. */
  set(symbols: readonly string[]): void {
    for (const [symbol, line] of this.lines) {
      if (!symbols.includes(symbol)) {
        this.chart.removeSeries(line);
        this.lines.delete(symbol);
        this.sources.delete(symbol);
        this.decimals.delete(symbol);
        this.live.delete(symbol);
      }
    }
    this.order = [...symbols];
    this.order.forEach((symbol, i) => {
      if (this.lines.has(symbol)) return;
      const line = this.chart.addSeries(LineSeries, {
        color: compareColour(this.theme, i),
        lineWidth: 2,
        lineStyle: LineStyle.Solid,
        priceLineVisible: false,
        lastValueVisible: true,
        title: symbol,
      });
      this.lines.set(symbol, line);
    });
  }

  get count(): number {
    return this.lines.size;
  }

  /**
   * A compared symbol's own bars (replacing those held, a refinement's or the first), laid on the
   * chart's times; the closes its feed sent are laid over them, so a refinement loses none.
   */
  setSource(symbol: string, bars: BarsResult): void {
    this.sources.set(symbol, withCloses({ time: bars.time, close: bars.close }, this.liveCloses(symbol)));
    if (bars.priceDecimals !== undefined) this.decimals.set(symbol, bars.priceDecimals);
    this.layOut(symbol);
  }

  /**
   * Bars of a compared symbol's own feed (oldest first): kept, put in its source, and its line
   * updated at the chart's bars they reach (the last one or few: the chart's times stay).
   */
  extendLive(symbol: string, bars: readonly { time: number; close: number }[]): void {
    const line = this.lines.get(symbol);
    const first = bars[0];
    if (!line || !first) return;
    const kept = this.live.get(symbol) ?? new Map<number, number>();
    this.live.set(symbol, kept);
    for (const bar of bars) kept.set(bar.time, bar.close);
    for (const time of kept.keys()) {
      if (kept.size <= MAX_LIVE_CLOSES) break;
      kept.delete(time);
    }
    const source = this.sources.get(symbol);
    if (!source) return;
    // From the source's last close on: chart bars past it may have been beyond its reach (asOfCloses).
    const lastHeld = source.time.length > 0 ? (source.time[source.time.length - 1] as number) : first.time;
    const next = withCloses(source, bars);
    this.sources.set(symbol, next);
    const times = this.times;
    const from = lowerBound(times, Math.min(first.time, lastHeld));
    const values = asOfCloses(next, times, from);
    values.forEach((value, k) => {
      const i = from + k;
      line.update(rowOf(times[i] as number, value), i < times.length - 1);
    });
  }

  /** The compared symbol's close at or before `time` (as its line shows it there), NaN where it has none. */
  closeAt(symbol: string, time: number): number {
    const source = this.sources.get(symbol);
    return source && source.time.length > 0 ? (asOfCloses(source, [time])[0] as number) : Number.NaN;
  }

  /** The decimals a compared symbol's prices are written with; undefined before its bars came. */
  decimalsOf(symbol: string): number | undefined {
    return this.decimals.get(symbol);
  }

  private liveCloses(symbol: string): { time: number; close: number }[] {
    const kept = this.live.get(symbol);
    if (!kept) return [];
    return [...kept].map(([time, close]) => ({ time, close })).sort((a, b) => a.time - b.time);
  }

  /** The compared symbol's closes as held (its own times), for refining them where the chart zooms. */
  source(symbol: string): CloseSource | undefined {
    return this.sources.get(symbol);
  }

  /** The chart shows other bars: every line is laid on their times. */
  align(times: ArrayLike<number>): void {
    this.times = times;
    for (const symbol of this.lines.keys()) this.layOut(symbol);
  }

  /**
   * The chart's bars changed from index `from` on (the live feed: the last one, or one more): the
   * lines follow there with `update`. `previous` is how many bars were shown before.
   */
  alignFrom(times: ArrayLike<number>, from: number, previous: number): void {
    this.times = times;
    for (const [symbol, line] of this.lines) {
      const source = this.sources.get(symbol);
      if (!source) continue;
      const start = Math.max(0, from);
      const values = asOfCloses(source, times, start);
      values.forEach((value, k) => {
        const i = start + k;
        line.update(rowOf(times[i] as number, value), i < previous - 1);
      });
    }
  }

  /** Empties every line (the chart's bars are being replaced). */
  clear(): void {
    for (const line of this.lines.values()) line.setData([]);
  }

  private layOut(symbol: string): void {
    const line = this.lines.get(symbol);
    const source = this.sources.get(symbol);
    if (!line) return;
    if (!source || this.times.length === 0) {
      line.setData([]);
      return;
    }
    const times = this.times;
    const values = asOfCloses(source, times);
    const rows = new Array<Row>(times.length);
    for (let i = 0; i < times.length; i++) rows[i] = rowOf(times[i] as number, values[i] as number);
    line.setData(rows);
  }

  applyTheme(theme: Theme): void {
    this.theme = theme;
    this.order.forEach((symbol, i) => {
      this.lines.get(symbol)?.applyOptions({ color: compareColour(theme, i) });
    });
  }
}
