/** The price series of a financial pane, for each of the seven kinds, in the theme's colours. */
import {
  BarSeries,
  CandlestickSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineType,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import type { Theme } from '../../themes/theme';
import type { FinancialKind } from './financial-kinds';
import { highLowShapes, hlcShapes, hollowCandleShapes } from './series/bar-shapes';
import { BarShapeSeriesView } from './series/custom-bar-series';

export type AnySeries = ISeriesApi<SeriesType, Time>;

/** Built-ins where lightweight-charts has them, custom series views for the rest. */
export function addMainSeries(chart: IChartApi, kind: FinancialKind, theme: Theme): AnySeries {
  const { up, down } = theme.colors;
  switch (kind) {
    case 'candlestick':
      return chart.addSeries(CandlestickSeries, {
        priceLineVisible: true,
        upColor: up,
        downColor: down,
        wickUpColor: up,
        wickDownColor: down,
        borderVisible: false,
      });
    case 'ohlc':
      return chart.addSeries(BarSeries, {
        priceLineVisible: true,
        upColor: up,
        downColor: down,
        thinBars: false,
      });
    case 'line':
    case 'step-line':
      return chart.addSeries(LineSeries, {
        priceLineVisible: true,
        color: theme.palette[0] ?? up,
        lineWidth: 2,
        lineType: kind === 'step-line' ? LineType.WithSteps : LineType.Simple,
      });
    case 'hollow-candlestick':
      return chart.addCustomSeries(new BarShapeSeriesView(hollowCandleShapes), {
        upColor: up,
        downColor: down,
      });
    case 'hlc':
      return chart.addCustomSeries(new BarShapeSeriesView(hlcShapes), { upColor: up, downColor: down });
    case 'high-low':
      return chart.addCustomSeries(new BarShapeSeriesView(highLowShapes), { upColor: up, downColor: down });
  }
}
