import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import type { AnalyticChart } from '../common/chart';
import {
  datasetControl,
  datasetOf,
  datasetTitle,
  isClusterDataset,
  loadClusters,
} from '../common/cluster-data';
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
import { viewRequestKey } from '../common/worker-data';

const BENCHMARK = 'SPX';
const OWN = { value: 'returns', label: 'Monthly returns', title: 'Monthly returns vs SPX' };
const DATASET = datasetControl(OWN);

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

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const scatterChart: AnalyticChart<PointsData, PointsModel> = {
  controls: [DATASET],
  load: (pane, request) => {
    const dataset = datasetOf(pane, DATASET);
    return isClusterDataset(dataset) ? loadClusters(dataset, request, false) : loadMonthlyReturns();
  },
  dataset: (pane) => datasetOf(pane, DATASET),
  viewKey: (pane, request) => (isClusterDataset(datasetOf(pane, DATASET)) ? viewRequestKey(request) : null),
  isEmpty: (data) => data.series.every((s) => s.points.length === 0),
  legend: pointsLegend,
  layout: pointsLayout,
  hitTest: pointsHitTest,
  draw: drawPoints,
};

function ScatterView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={scatterChart} />;
}

function ScatterToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} controls={[DATASET]} />;
}

export const scatterKind: PaneKind = {
  id: 'scatter',
  label: 'Scatter',
  family: 'analytic',
  defaultSymbol: BENCHMARK,
  title: (pane) => `${datasetTitle(pane, DATASET, OWN)} · Scatter`,
  View: ScatterView,
  Toolbar: ScatterToolbar,
};
