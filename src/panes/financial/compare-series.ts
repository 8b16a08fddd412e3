/**
 * Compared symbols on a financial chart: one line of closes per symbol over the price, on the price
 * scale, which the chart puts in percentage mode while any is shown. lightweight-charts' percentage
 * mode measures every series from its own first visible value, so each line starts at 0 % at the
 * first bar in view, as TradingView's compare does.
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

export class CompareSeries {
  private readonly lines = new Map<string, ISeriesApi<SeriesType, Time>>();
  private order: string[] = [];

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

  setData(symbol: string, bars: BarsResult): void {
    const line = this.lines.get(symbol);
    if (!line) return;
    const rows = new Array(bars.time.length);
    for (let i = 0; i < bars.time.length; i++) {
      rows[i] = { time: bars.time[i] as UTCTimestamp, value: bars.close[i] as number };
    }
    line.setData(rows);
  }

  applyTheme(theme: Theme): void {
    this.theme = theme;
    this.order.forEach((symbol, i) => {
      this.lines.get(symbol)?.applyOptions({ color: compareColour(theme, i) });
    });
  }
}
