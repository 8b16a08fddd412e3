import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import type { AnalyticChart } from '../common/chart';
import { FIXTURE_SYMBOLS, monthlyReturnPairs } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import { drawPoints } from '../common/points-draw';
import {
  type PointsData,
  type PointsModel,
  pointsHitTest,
  pointsLayout,
  pointsLegend,
} from '../common/points-layout';

const BENCHMARK = 'SPX';

/** Each stock's monthly return against the S&P 500's in the same month: one series per stock. */
async function loadMonthlyReturns(): Promise<PointsData> {
  const [benchmark, ...stocks] = await loadCloses(FIXTURE_SYMBOLS);
  if (!benchmark) throw new Error('No benchmark series');
  return {
    series: stocks.map((s, i) => ({
      id: s.symbol,
      label: s.symbol,
      colorIndex: i + 1,
      points: monthlyReturnPairs(benchmark, s).map((p) => ({ x: p.x, y: p.y, label: p.month })),
    })),
    xLabel: `${BENCHMARK} monthly return (%)`,
    yLabel: 'Stock monthly return (%)',
    labelPoints: false,
    format: (v) => `${v.toFixed(2)}%`,
  };
}

const scatterChart: AnalyticChart<PointsData, PointsModel> = {
  load: loadMonthlyReturns,
  isEmpty: (data) => data.series.every((s) => s.points.length === 0),
  legend: pointsLegend,
  layout: pointsLayout,
  hitTest: pointsHitTest,
  draw: drawPoints,
};

function ScatterView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={scatterChart} />;
}

export const scatterKind: PaneKind = {
  id: 'scatter',
  label: 'Scatter',
  family: 'analytic',
  defaultSymbol: BENCHMARK,
  title: () => 'Monthly returns vs SPX · Scatter',
  View: ScatterView,
};
