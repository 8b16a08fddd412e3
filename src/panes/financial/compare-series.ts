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
import { upperBound } from '../../../workers/aggregate/sorted-search';
import type { BarsResult } from '../../../workers/protocol';
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
  const first = source.time[0] as number;
  const last = source.time[n - 1] as number;
  const until = n > 1 ? last + (last - first) / (n - 1) : last;
  let j = from < times.length ? upperBound(source.time, times[from] as number) - 1 : -1;
  for (let i = from; i < times.length; i++) {
    const t = times[i] as number;
    while (j + 1 < n && (source.time[j + 1] as number) <= t) j++;
    out[i - from] = j >= 0 && t <= until ? (source.close[j] as number) : Number.NaN;
  }
  return out;
}

type Row = { time: UTCTimestamp; value: number } | { time: UTCTimestamp };

function rowOf(time: number, value: number): Row {
  return Number.isFinite(value) ? { time: time as UTCTimestamp, value } : { time: time as UTCTimestamp };
}

export class CompareSeries {
  private readonly lines = new Map<string, ISeriesApi<SeriesType, Time>>();
  private readonly sources = new Map<string, CloseSource>();
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

  /** A compared symbol's own bars (replacing those held), laid on the chart's times. */
  setSource(symbol: string, bars: BarsResult): void {
    this.sources.set(symbol, { time: bars.time, close: bars.close });
    this.layOut(symbol);
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
