import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import type { AnalyticChart } from '../common/chart';
import { FIXTURE_SYMBOLS, type Holding, portfolioHoldings } from '../common/datasets';
import { loadQuotes } from '../common/fixture-data';
import { DONUT_INNER_RATIO } from '../common/polar';
import { drawPie } from './pie-draw';
import { type PieModel, pieAnchors, pieHitTest, pieLayout, pieLegend } from './pie-layout';

function polarChart(innerRatio: number): AnalyticChart<Holding[], PieModel> {
  return {
    load: async () => {
      const quotes = await loadQuotes(FIXTURE_SYMBOLS);
      return portfolioHoldings(Object.fromEntries(quotes.map((q) => [q.symbol, q.last])));
    },
    isEmpty: (holdings) => holdings.length === 0,
    legend: (holdings, theme) => pieLegend(holdings, theme),
    layout: (input) => pieLayout(input, innerRatio),
    hitTest: pieHitTest,
    anchors: pieAnchors,
    draw: drawPie,
  };
}

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const donutChart = polarChart(DONUT_INNER_RATIO);
/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const pieChart = polarChart(0);

function DonutView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={donutChart} />;
}

function PieView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={pieChart} />;
}

function polarKind(id: string, label: string, View: PaneKind['View']): PaneKind {
  return {
    id,
    label,
    family: 'analytic',
    settings: analyticSettingsSchema([]),
    defaultSymbol: 'Portfolio',
    showsSymbol: false,
    title: () => `Portfolio weights · ${label}`,
    View,
  };
}

/** Portfolio weights across the fixture symbols: a donut (with its hole) and a pie. */
export const donutKind = polarKind('donut', 'Donut', DonutView);
export const pieKind = polarKind('pie', 'Pie', PieView);
