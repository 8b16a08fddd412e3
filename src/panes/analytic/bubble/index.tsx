import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { datasetControl, datasetTitle, pointsChart } from '../common/cluster-data';
import { FIXTURE_SYMBOLS, portfolioHoldings, riskReturn } from '../common/datasets';
import { loadCloses, loadQuotes } from '../common/fixture-data';
import type { PointsData } from '../common/points-layout';

const OWN = { value: 'risk-return', label: 'Risk vs return', title: 'Risk vs return' };
const DATASET = datasetControl(OWN);

const percent = (v: number) => `${v.toFixed(1)}%`;
const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Risk against return of each fixture symbol, each bubble sized by the portfolio's position in it. */
export async function loadRiskReturn(): Promise<PointsData> {
  const [series, quotes] = await Promise.all([loadCloses(FIXTURE_SYMBOLS), loadQuotes(FIXTURE_SYMBOLS)]);
  const holdings = portfolioHoldings(Object.fromEntries(quotes.map((q) => [q.symbol, q.last])));
  const positionOf = (symbol: string) => holdings.find((h) => h.symbol === symbol)?.value;
  return {
    series: series
      .filter((s) => s.close.length > 1)
      .map((s) => {
        const rr = riskReturn(s);
        const size = positionOf(s.symbol);
        const colorIndex = FIXTURE_SYMBOLS.indexOf(s.symbol as (typeof FIXTURE_SYMBOLS)[number]);
        return {
          id: s.symbol,
          label: s.symbol,
          group: s.symbol === 'SPX' ? 'Index' : 'Stocks',
          colorIndex: Math.max(0, colorIndex),
          points: [{ x: rr.risk, y: rr.return, label: s.symbol, ...(size !== undefined ? { size } : {}) }],
        };
      }),
    xLabel: 'Risk (volatility, % a year)',
    yLabel: 'Return (% a year)',
    sizeLabel: 'Position',
    labelPoints: true,
    format: percent,
    formatSize: (v) => money.format(v),
  };
}

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const bubbleChart = pointsChart(DATASET, loadRiskReturn, true);

function BubbleView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={bubbleChart} />;
}

function BubbleToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} controls={[DATASET]} />;
}

export const bubbleKind: PaneKind = {
  id: 'bubble',
  label: 'Bubble',
  family: 'analytic',
  settings: analyticSettingsSchema([DATASET]),
  defaultSymbol: 'Portfolio',
  showsSymbol: false,
  title: (pane) => `${datasetTitle(pane, DATASET, OWN)} · Bubble`,
  View: BubbleView,
  Toolbar: BubbleToolbar,
};
