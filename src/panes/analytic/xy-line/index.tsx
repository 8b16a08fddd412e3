import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { type AnalyticChart, Y_SCALE } from '../common/chart';
import { FIXTURE_SYMBOLS, horizonVolatility, monthEndCloses } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import { seriesLegend } from '../common/series-data';
import { drawXyLine } from './xy-line-draw';
import { X_AXIS, type XyLineData, type XyLineModel, xyLineHitTest, xyLineLayout } from './xy-line-layout';

/** Holding periods in months, as a yield curve's tenors. */
const HORIZONS = [1, 3, 6, 12, 24, 36, 60];
const TENORS = ['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y'];

/** Annualised volatility of each symbol by holding period: a term structure per symbol. */
async function loadTermStructure(): Promise<XyLineData> {
  const series = await loadCloses(FIXTURE_SYMBOLS);
  return {
    x: HORIZONS,
    categories: TENORS,
    series: series.map((s, i) => {
      const closes = [...monthEndCloses(s).values()];
      return {
        id: s.symbol,
        label: s.symbol,
        group: s.symbol === 'SPX' ? 'Index' : 'Stocks',
        colorIndex: i,
        values: HORIZONS.map((months) => horizonVolatility(closes, months)),
      };
    }),
    xLabel: 'Holding period (months)',
    yLabel: 'Volatility (% a year)',
    format: (v) => `${v.toFixed(2)}% a year`,
  };
}

const xyLineChart: AnalyticChart<XyLineData, XyLineModel> = {
  controls: [X_AXIS, Y_SCALE],
  load: loadTermStructure,
  isEmpty: (data) => data.series.every((s) => !s.values.some(Number.isFinite)),
  legend: (data, theme) => seriesLegend(data.series, theme),
  layout: xyLineLayout,
  hitTest: xyLineHitTest,
  draw: drawXyLine,
};

function XyLineView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={xyLineChart} />;
}

function XyLineToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} controls={[X_AXIS, Y_SCALE]} />;
}

export const xyLineKind: PaneKind = {
  id: 'xy-line',
  label: 'XY line',
  family: 'analytic',
  defaultSymbol: 'Portfolio',
  title: () => 'Volatility by holding period · XY line',
  View: XyLineView,
  Toolbar: XyLineToolbar,
};
