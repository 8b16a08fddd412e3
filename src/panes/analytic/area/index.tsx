import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { type AnalyticChart, type LoadRequest, readSetting } from '../common/chart';
import { datasetControl } from '../common/cluster-data';
import { alignMonths, FIXTURE_SYMBOLS, PORTFOLIO_UNITS } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import {
  isLineDataset,
  LINE_DATASETS,
  lineDatasetTitle,
  lineNote,
  lineSymbol,
  PLACEHOLDER_SYMBOL,
  price,
  shownSymbol,
  timeFormatter,
} from '../common/line-datasets';
import { seriesLegend } from '../common/series-data';
import { loadLine, viewRequestKey } from '../common/worker-data';
import { drawArea } from './area-draw';
import { type AreaData, type AreaModel, areaAnchors, areaHitTest, areaLayout } from './area-layout';

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

const OWN = { value: 'portfolio', label: 'Portfolio', title: 'Portfolio value' };
const DATASET = datasetControl(OWN, LINE_DATASETS);

/** One symbol's closes as an area, aggregated by the worker for the plot and window. */
async function loadCloseArea(symbol: string, request: LoadRequest): Promise<AreaData> {
  const line = await loadLine(symbol, request);
  return {
    time: line.time,
    series: [{ id: symbol, label: symbol, colorIndex: 0, values: line.values }],
    valueLabel: `${symbol} close`,
    format: (v) => price.format(v),
    formatTime: timeFormatter(line),
    note: lineNote(line),
  };
}

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const areaChart: AnalyticChart<AreaData, AreaModel> = {
  controls: [DATASET],
  load: (pane, request) => {
    const dataset = readSetting(pane.settings, DATASET);
    return isLineDataset(dataset)
      ? loadCloseArea(lineSymbol(pane, dataset), request)
      : loadPortfolioHistory();
  },
  // `Pane symbol` loads again when the pane's symbol changes (a link group, the picker).
  dataset: (pane) => lineSymbol(pane, readSetting(pane.settings, DATASET)),
  viewKey: (pane, request) =>
    isLineDataset(readSetting(pane.settings, DATASET)) ? viewRequestKey(request) : null,
  isEmpty: (data) => data.time.length < 2,
  legend: (data, theme) => seriesLegend(data.series, theme),
  layout: areaLayout,
  hitTest: areaHitTest,
  anchors: areaAnchors,
  draw: drawArea,
};

function AreaView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={areaChart} />;
}

function AreaToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} symbol={shownSymbol(props.pane, DATASET)} controls={[DATASET]} />;
}

export const areaKind: PaneKind = {
  id: 'area',
  label: 'Area',
  family: 'analytic',
  settings: analyticSettingsSchema([DATASET]),
  defaultSymbol: PLACEHOLDER_SYMBOL,
  title: (pane) => `${lineDatasetTitle(pane, DATASET, OWN)} · Area`,
  View: AreaView,
  Toolbar: AreaToolbar,
};
