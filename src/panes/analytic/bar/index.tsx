import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import type { AnalyticChart } from '../common/chart';
import { commonYears, FIXTURE_SYMBOLS, PORTFOLIO_UNITS, yearEndCloses } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import { seriesLegend } from '../common/series-data';
import { drawBars } from './bar-draw';
import { BAR_MODE, type BarData, type BarModel, barAnchors, barHitTest, barLayout } from './bar-layout';

/** Years shown: the last ones every fixture series covers. */
const YEARS_SHOWN = 6;
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The portfolio's position in each symbol at each year end: grouped per year, or stacked into the total. */
async function loadYearEndPositions(): Promise<BarData> {
  const series = await loadCloses(FIXTURE_SYMBOLS);
  const years = commonYears(series).slice(-YEARS_SHOWN);
  return {
    categories: years.map(String),
    series: series.map((s, i) => ({
      id: s.symbol,
      label: s.symbol,
      group: s.symbol === 'SPX' ? 'Index' : 'Stocks',
      colorIndex: i,
      values: yearEndCloses(s, years).map((close) => close * (PORTFOLIO_UNITS[s.symbol] ?? 0)),
    })),
    valueLabel: 'Position at year end (USD)',
    format: (v) => money.format(v),
  };
}

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const barChart: AnalyticChart<BarData, BarModel> = {
  controls: [BAR_MODE],
  load: loadYearEndPositions,
  isEmpty: (data) => data.categories.length === 0 || data.series.length === 0,
  legend: (data, theme) => seriesLegend(data.series, theme),
  layout: barLayout,
  hitTest: barHitTest,
  anchors: barAnchors,
  draw: drawBars,
};

function BarView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={barChart} />;
}

function BarToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} controls={[BAR_MODE]} />;
}

export const barKind: PaneKind = {
  id: 'bar',
  label: 'Bar',
  family: 'analytic',
  settings: analyticSettingsSchema([BAR_MODE]),
  defaultSymbol: 'Portfolio',
  showsSymbol: false,
  title: () => 'Positions by year · Bar',
  View: BarView,
  Toolbar: BarToolbar,
};
