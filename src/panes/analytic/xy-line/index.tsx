import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { type AnalyticChart, type LoadRequest, readSetting, Y_SCALE } from '../common/chart';
import { datasetControl } from '../common/cluster-data';
import { FIXTURE_SYMBOLS, horizonVolatility, monthEndCloses } from '../common/datasets';
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
import { drawXyLine } from './xy-line-draw';
import {
  X_AXIS,
  type XyLineData,
  type XyLineModel,
  xyLineAnchors,
  xyLineHitTest,
  xyLineLayout,
} from './xy-line-layout';

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

const OWN = { value: 'term-structure', label: 'Volatility term', title: 'Volatility by holding period' };
const DATASET = datasetControl(OWN, LINE_DATASETS);

/** One symbol's closes over time, aggregated by the worker for the plot and window. */
async function loadCloseLine(symbol: string, request: LoadRequest): Promise<XyLineData> {
  const line = await loadLine(symbol, request);
  return {
    x: line.time,
    categories: [],
    series: [{ id: symbol, label: symbol, colorIndex: 0, values: line.values }],
    xLabel: 'Date',
    yLabel: `${symbol} close`,
    format: (v) => price.format(v),
    timeAxis: true,
    formatX: timeFormatter(line),
    note: lineNote(line),
  };
}

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const xyLineChart: AnalyticChart<XyLineData, XyLineModel> = {
  controls: [DATASET, X_AXIS, Y_SCALE],
  load: (pane, request) => {
    const dataset = readSetting(pane.settings, DATASET);
    return isLineDataset(dataset) ? loadCloseLine(lineSymbol(pane, dataset), request) : loadTermStructure();
  },
  // `Pane symbol` loads again when the pane's symbol changes (a link group, the picker).
  dataset: (pane) => lineSymbol(pane, readSetting(pane.settings, DATASET)),
  viewKey: (pane, request) =>
    isLineDataset(readSetting(pane.settings, DATASET)) ? viewRequestKey(request) : null,
  isEmpty: (data) => data.series.every((s) => !s.values.some(Number.isFinite)),
  legend: (data, theme) => seriesLegend(data.series, theme),
  layout: xyLineLayout,
  hitTest: xyLineHitTest,
  anchors: xyLineAnchors,
  draw: drawXyLine,
};

function XyLineView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={xyLineChart} />;
}

function XyLineToolbar(props: PaneViewProps) {
  return (
    <AnalyticToolbar
      {...props}
      symbol={shownSymbol(props.pane, DATASET)}
      controls={[DATASET, X_AXIS, Y_SCALE]}
    />
  );
}

export const xyLineKind: PaneKind = {
  id: 'xy-line',
  label: 'XY line',
  family: 'analytic',
  settings: analyticSettingsSchema([DATASET, X_AXIS, Y_SCALE]),
  defaultSymbol: PLACEHOLDER_SYMBOL,
  title: (pane) => `${lineDatasetTitle(pane, DATASET, OWN)} · XY line`,
  View: XyLineView,
  Toolbar: XyLineToolbar,
};
