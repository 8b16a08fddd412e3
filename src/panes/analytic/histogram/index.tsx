import { DAY_SECONDS, spacingAdjective, usualStep } from '../../../../core/time/bar-spacing';
import type { PaneKind, PaneViewProps } from '../../../workspace/pane-registry';
import { AnalyticPane } from '../common/analytic-pane';
import { analyticSettingsSchema } from '../common/analytic-settings';
import { AnalyticToolbar } from '../common/analytic-toolbar';
import { type AnalyticChart, paletteColor } from '../common/chart';
import { returnsPercent } from '../common/datasets';
import { loadCloses } from '../common/fixture-data';
import { drawHistogram } from './histogram-draw';
import {
  BINS,
  type HistogramData,
  type HistogramModel,
  histogramAnchors,
  histogramHitTest,
  histogramLayout,
} from './histogram-layout';

/** The kind's chart, exported for the benchmarks (bench/pages/analytic-bench.tsx). */
export const histogramChart: AnalyticChart<HistogramData, HistogramModel> = {
  controls: [BINS],
  load: async (pane) => {
    const [series] = await loadCloses([pane.symbol]);
    const step = series ? usualStep(series.time) : null;
    return {
      symbol: pane.symbol,
      values: series ? returnsPercent(series.close) : [],
      period: spacingAdjective(step ?? DAY_SECONDS),
    };
  },
  isEmpty: (data) => data.values.length === 0,
  legend: (data, theme) => [
    { id: data.symbol, label: `${data.symbol} ${data.period} returns`, color: paletteColor(theme, 0) },
  ],
  layout: histogramLayout,
  hitTest: histogramHitTest,
  anchors: histogramAnchors,
  draw: drawHistogram,
};

function HistogramView(props: PaneViewProps) {
  return <AnalyticPane {...props} chart={histogramChart} />;
}

/** The symbol it shows first: one given a name no market has (a dataset's, from a link) can be mended. */
function HistogramToolbar(props: PaneViewProps) {
  return <AnalyticToolbar {...props} symbol={props.pane.symbol} controls={[BINS]} />;
}

/** How a symbol's returns bar to bar are distributed (SPX by default; follows its link group). */
export const histogramKind: PaneKind = {
  id: 'histogram',
  label: 'Histogram',
  family: 'analytic',
  settings: analyticSettingsSchema([BINS]),
  defaultSymbol: 'SPX',
  title: (pane) => `${pane.symbol} · Histogram`,
  View: HistogramView,
  Toolbar: HistogramToolbar,
};
