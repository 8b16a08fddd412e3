import { useEffect, useRef, useState } from 'react';
import { hasMergedBars } from '../../../core/bars/factor-pieces';
import { useTimeZone } from '../../commands/use-time-zone';
import { formatPrice } from '../../data/price-format';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { useSession } from '../../session/session-context';
import { PaneOverlay } from '../../ui/pane-overlay';
import { type TooltipPlacement, tooltipPlacement } from '../../ui/tooltip-placement';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { AnnotationPopover } from './annotations/annotation-popover';
import { formatBarSpan, isIntraday } from './bar-time';
import { barAt } from './chart-data';
import { ChartLegend } from './chart-legend';
import { readChartSettings } from './chart-settings';
import { ChartToolbar } from './chart-toolbar';
import { FeedNotice } from './feed-notice';
import { type FinancialKind, isFinancialKind } from './financial-kinds';
import { namedInterval, shownInterval } from './interval-commands';
import { createLatestBarStore, createStudyTick } from './legend-values';
import { getStudyKind } from './studies';
import { useAlertLines } from './use-alert-lines';
import { useChartAnnotations } from './use-chart-annotations';
import { useChartDescription } from './use-chart-description';
import { useChartLinks } from './use-chart-links';
import { useChartLoad } from './use-chart-load';
import { useChartOptions } from './use-chart-options';
import { useComparedSymbols } from './use-compared-symbols';
import { loadErrorText, useCsvFileDrop } from './use-csv-file-drop';
import { useDataCursor } from './use-data-cursor';
import { useEarlierHistory } from './use-earlier-history';
import { useFinancialChart } from './use-financial-chart';
import { useSessionMarks } from './use-session-marks';

/** Every financial kind shares this view, so a chart-type switch keeps the chart and its range. */
export function FinancialPane({ pane, focused }: PaneViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [liveLatest] = useState(createLatestBarStore);
  const [studyTick] = useState(createStudyTick);
  const settings = readChartSettings(pane.settings);
  const kind: FinancialKind = isFinancialKind(pane.kind) ? pane.kind : 'candlestick';
  const fileDrop = useCsvFileDrop(pane.id);
  const info = useSession((s) => symbolInfoOf(s.catalog, pane.symbol));
  // What the chart draws: the data's own bars when they are coarser than the interval it was given.
  const interval = shownInterval(settings.interval, info);

  // The chart first: the hooks after it find it in `chartRef` when their effects run.
  const { chartRef, hover } = useFinancialChart(pane.id, kind, containerRef, studyTick);
  const sessionOnly = settings.outOfSession === 'hide';
  const load = useChartLoad(pane.id, pane.symbol, chartRef, containerRef, liveLatest, interval, sessionOnly);
  const bars = load.status === 'ready' ? load.bars : null;
  useEarlierHistory(
    pane.symbol,
    info?.feed !== undefined || info?.source !== undefined,
    interval ?? null,
    chartRef,
    containerRef,
    bars,
  );
  useChartLinks(pane.id, pane.linkGroup, interval, chartRef, containerRef);
  useChartAnnotations(pane.id, chartRef);
  useAlertLines(pane.symbol, chartRef);
  useChartOptions(pane.id, settings, bars, chartRef);
  useComparedSymbols(pane.symbol, settings.compare, interval, sessionOnly, settings.compareScale, chartRef);
  useSessionMarks(pane.symbol, settings.outOfSession, settings.sessionBreaks, chartRef);
  const cursorReading = useDataCursor(chartRef, focused);
  const zone = useTimeZone(pane.symbol);
  useEffect(() => chartRef.current?.setTimeZone(zone), [zone, chartRef]);
  useChartDescription(pane.id, pane.symbol, chartRef, bars, namedInterval(interval, info));

  const latest = bars ? barAt(bars, bars.time.length - 1) : null;
  // Minute bars show the time of day too (the synthetic intraday series); daily bars the date only.
  const intraday = bars !== null && isIntraday(bars);
  const empty = bars !== null && bars.time.length === 0;
  const { visibility } = settings;
  const studyVisible = settings.studies.some(
    (id) => getStudyKind(id) && !settings.hiddenStudies.includes(id),
  );
  // A series of closes has no volume to show, whatever its (hidden) toggle says.
  const volumeVisible = visibility.volume && bars?.closesOnly !== true;
  const nothingVisible = !visibility.price && !volumeVisible && !visibility.ma && !studyVisible;

  return (
    <div className="financial-pane" {...fileDrop.handlers}>
      <ChartToolbar
        paneId={pane.id}
        logScale={settings.logScale}
        studies={settings.studies}
        interval={settings.interval}
        symbol={pane.symbol}
      />
      <div ref={containerRef} className="chart-canvas" data-chart-kind={kind} />
      {/* Over the plot's top left, as TradingView's: the plot keeps the pane's height (app.css). */}
      <ChartLegend
        paneId={pane.id}
        kind={kind}
        symbol={pane.symbol}
        settings={settings}
        hovered={hover?.bar ?? null}
        loaded={latest}
        live={liveLatest}
        intraday={intraday}
        merged={bars !== null && hasMergedBars(bars)}
        chartRef={chartRef}
        studyTick={studyTick}
      />
      <AnnotationPopover paneId={pane.id} chartRef={chartRef} chartElementRef={containerRef} />
      <FeedNotice symbol={pane.symbol} />
      {hover && (
        <div className="chart-tooltip" role="tooltip" style={barTooltipPlace(hover, containerRef.current)}>
          <div>{formatBarSpan(hover.bar, intraday, zone)}</div>
          {hover.bar.closesOnly ? (
            <div>C {formatPrice(hover.bar.close, hover.bar.decimals)}</div>
          ) : (
            <>
              <div>
                O {formatPrice(hover.bar.open, hover.bar.decimals)} H{' '}
                {formatPrice(hover.bar.high, hover.bar.decimals)}
              </div>
              <div>
                L {formatPrice(hover.bar.low, hover.bar.decimals)} C{' '}
                {formatPrice(hover.bar.close, hover.bar.decimals)}
              </div>
            </>
          )}
        </div>
      )}
      <div className="sr-only" role="status" aria-label="Data cursor" aria-atomic="true">
        {cursorReading}
      </div>
      {load.status === 'loading' && <PaneOverlay text="Loading data..." />}
      {load.status === 'error' && (
        <PaneOverlay text={loadErrorText(pane.symbol, load.message)} tone="error" />
      )}
      {empty && <PaneOverlay text="No data to display" />}
      {!empty && load.status === 'ready' && nothingVisible && <PaneOverlay text="No visible series" />}
      {fileDrop.over && (
        <div className="csv-drop-overlay" aria-hidden="true">
          Drop the CSV file to import it into this chart
        </div>
      )}
    </div>
  );
}

/**
 * The bar tooltip beside the crosshair, inside the chart (it sits below the legend and the toolbar,
 * whose height changes with the pane's width), on the side away from the nearer edges.
 */
function barTooltipPlace(at: { x: number; y: number }, chart: HTMLElement | null): TooltipPlacement {
  if (!chart) return { left: at.x + 16, top: at.y + 16 };
  const pane = chart.offsetParent;
  const plot = {
    left: chart.offsetLeft,
    top: chart.offsetTop,
    width: chart.clientWidth,
    height: chart.clientHeight,
  };
  const container = pane ? { width: pane.clientWidth, height: pane.clientHeight } : plot;
  return tooltipPlacement(at, plot, container, 16);
}
