import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { type AnalyticChart, paletteColor } from '../common/chart';
import { gaugeReading } from '../common/datasets';
import { loadQuotes } from '../common/fixture-data';
import { drawGauge } from './gauge-draw';
import {
  GAUGE_PRESET,
  type GaugeData,
  type GaugeModel,
  gaugeAnchors,
  gaugeHitTest,
  gaugeLayout,
} from './gauge-layout';

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const gaugeChart: AnalyticChart<GaugeData, GaugeModel> = {
  controls: [GAUGE_PRESET],
  load: async (pane) => {
    const [quote] = await loadQuotes([pane.symbol]);
    return {
      symbol: pane.symbol,
      // A feed symbol that has not traded yet has nothing to read: "No data to display".
      reading: quote && !quote.waiting ? gaugeReading(quote.sparkline, quote.changePercent) : null,
    };
  },
  isEmpty: (data) => data.reading === null,
  legend: (data, theme) => [
    { id: data.symbol, label: `${data.symbol} last close`, color: paletteColor(theme, 0) },
  ],
  layout: gaugeLayout,
  hitTest: gaugeHitTest,
  anchors: gaugeAnchors,
  draw: drawGauge,
};

function GaugeView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={gaugeChart} />;
}

/** The symbol it shows first: one given a name no market has (a dataset's, from a link) can be mended. */
function GaugeToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} symbol={props.pane.symbol} controls={[GAUGE_PRESET]} />;
}

/** The day's close of a symbol (SPX by default) within its last 60 closes. */
export const gaugeKind: PaneKind = {
  id: 'gauge',
  label: 'Gauge',
  family: 'analytic',
  settings: analyticSettingsSchema([GAUGE_PRESET]),
  defaultSymbol: 'SPX',
  title: (pane) => `${pane.symbol} · Gauge`,
  View: GaugeView,
  Toolbar: GaugeToolbar,
};
