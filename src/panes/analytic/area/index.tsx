import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import type { AnalyticChart } from '../common/chart';
import { alignMonths, FIXTURE_SYMBOLS, PORTFOLIO_UNITS } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import { seriesLegend } from '../common/series-data';
import { drawArea } from './area-draw';
import { type AreaData, type AreaModel, areaHitTest, areaLayout } from './area-layout';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The portfolio's value month by month, stacked by holding, over the months every symbol has. */
async function loadPortfolioHistory(): Promise<AreaData> {
  const series = await loadCloses(FIXTURE_SYMBOLS);
  const months = alignMonths(series);
  return {
    time: months.time,
    series: series.map((s, i) => ({
      id: s.symbol,
      label: s.symbol,
      group: s.symbol === 'SPX' ? 'Index' : 'Stocks',
      colorIndex: i,
      values: (months.closes[i] ?? []).map((close) => close * (PORTFOLIO_UNITS[s.symbol] ?? 0)),
    })),
    valueLabel: 'Portfolio value (USD)',
    format: (v) => money.format(v),
  };
}

const areaChart: AnalyticChart<AreaData, AreaModel> = {
  load: loadPortfolioHistory,
  isEmpty: (data) => data.time.length < 2,
  legend: (data, theme) => seriesLegend(data.series, theme),
  layout: areaLayout,
  hitTest: areaHitTest,
  draw: drawArea,
};

function AreaView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={areaChart} />;
}

export const areaKind: PaneKind = {
  id: 'area',
  label: 'Area',
  family: 'analytic',
  defaultSymbol: 'Portfolio',
  title: () => 'Portfolio value · Area',
  View: AreaView,
};
