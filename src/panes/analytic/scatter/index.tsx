import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { datasetControl, datasetTitle, pointsChart } from '../common/cluster-data';
import { FIXTURE_SYMBOLS, monthlyReturnPairs } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import type { PointsData } from '../common/points-layout';

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
export const scatterChart = pointsChart(DATASET, loadMonthlyReturns, false);

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
  settings: analyticSettingsSchema([DATASET]),
  defaultSymbol: BENCHMARK,
  title: (pane) => `${datasetTitle(pane, DATASET, OWN)} · Scatter`,
  View: ScatterView,
  Toolbar: ScatterToolbar,
};
