import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { BarsResult } from '../../../workers/protocol';
import { errorMessage } from '../../../workers/protocol';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { isStaleRequestError } from '../../data/engine-client';
import { useSymbolDataVersion } from '../../data/symbol-catalog';
import { uiStore } from '../../session/ui-store';
import { nextHop } from '../../state/update-chain';
import { getTheme } from '../../themes/themes';
import { PaneOverlay } from '../../ui/pane-overlay';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { attachAnnotationPointer } from './annotations/annotation-pointer';
import { AnnotationPopover } from './annotations/annotation-popover';
import { annotationUi, displayed } from './annotations/annotation-ui';
import { formatBarTime, isIntraday } from './bar-time';
import { barAt, type LegendBar } from './chart-data';
import { loadChartBars, startChartFeed } from './chart-feed';
import { registerChart } from './chart-registry';
import { readChartSettings } from './chart-settings';
import { chartStatusStore } from './chart-status';
import { ChartToolbar } from './chart-toolbar';
import { FinancialChart, MA_PERIOD, type SeriesVisibility } from './financial-chart';
import { type FinancialKind, isFinancialKind } from './financial-kinds';
import {
  createLatestBarStore,
  createStudyTick,
  LegendValues,
  priceFormat as price,
  StudyValues,
} from './legend-values';
import { joinLinkGroup, publishLink } from './link-bus';
import { getStudyKind } from './studies';
import { studyColour } from './study-series';
import { loadErrorText, useCsvFileDrop } from './use-csv-file-drop';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; bars: BarsResult; live: boolean };

/** Every financial kind shares this view, so a chart-type switch keeps the chart and its range. */
export function FinancialPane({ pane }: PaneViewProps) {
  const { workspace, run } = useWorkstation();
  const themeId = useDocument((s) => s.document.theme);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<FinancialChart | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [liveLatest] = useState(createLatestBarStore);
  const [studyTick] = useState(createStudyTick);
  const [hover, setHover] = useState<{ bar: LegendBar; x: number; y: number } | null>(null);
  const settings = readChartSettings(pane.settings);
  const kind: FinancialKind = isFinancialKind(pane.kind) ? pane.kind : 'candlestick';
  const logRefused = useStore(chartStatusStore, (s) => s.logRefused[pane.id] === true);
  const allAnnotations = useDocument((s) => s.document.annotations);
  const annotations = useMemo(
    () => Object.values(allAnnotations).filter((a) => a.paneId === pane.id),
    [allAnnotations, pane.id],
  );
  const selectedId = useStore(annotationUi, (s) => s.selectedId);
  const drag = useStore(annotationUi, (s) => s.drag);
  const magnet = useStore(annotationUi, (s) => s.magnet);
  const fileDrop = useCsvFileDrop(pane.id);
  // Moves when the symbol's series is removed or imported again: the chart then loads it again.
  const dataVersion = useSymbolDataVersion(pane.symbol);

  // The chart is created once per pane; kind, theme and data are applied by the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kind is applied by its own effect, not by re-creating the chart
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = new FinancialChart(container, kind, getTheme(workspace.getDocument().theme), () =>
      studyTick.setState((s) => ({ tick: s.tick + 1 })),
    );
    chartRef.current = chart;
    const unregister = registerChart(pane.id, chart);
    const unsubscribe = chart.onCrosshair((bar, point) =>
      setHover(bar && point ? { bar, x: point.x, y: point.y } : null),
    );
    // The visible bars, as data attributes: automation reads the view without parsing canvas pixels.
    const unsubscribeRange = chart.onVisibleRange((range) => {
      container.dataset.visibleFrom = range ? range.from.toFixed(1) : '';
      container.dataset.visibleTo = range ? range.to.toFixed(1) : '';
    });
    const detachPointer = attachAnnotationPointer(container, chart, {
      tool: () => annotationUi.getState().tool,
      draw: (annotationKind, at) => run('draw-annotation', { paneId: pane.id, kind: annotationKind, ...at }),
      select: (id) => annotationUi.setState({ selectedId: id }),
      edit: (id) => annotationUi.setState({ selectedId: id, popoverId: id }),
      dragMove: (id, at) => annotationUi.setState({ drag: { id, ...at } }),
      dragEnd: (id, at) => {
        annotationUi.setState({ drag: null });
        // The whole drag is one step: the document only changes on release.
        if (at) run('move-annotation', { annotationId: id, time: at.time, price: at.price });
      },
    });
    // Right-click or long-press: remember the point ("Add cross-line here") and select what is under it.
    const unsubscribeMenu = uiStore.subscribe((state, previous) => {
      const menu = state.contextMenu;
      if (!menu || menu === previous.contextMenu || menu.paneId !== pane.id) return;
      const r = container.getBoundingClientRect();
      const x = menu.x - r.left;
      const y = menu.y - r.top;
      if (x < 0 || y < 0 || x > r.width || y > r.height) return;
      chart.markContextPoint(x, y);
      const hit = chart.annotationAt(x, y);
      if (hit) annotationUi.setState({ selectedId: hit.id });
    });
    return () => {
      detachPointer();
      unsubscribeMenu();
      unsubscribe();
      unsubscribeRange();
      unregister();
      chart.destroy();
      chartRef.current = null;
    };
  }, [pane.id, workspace, run, studyTick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `dataVersion` changes when the data must be loaded again
  useEffect(() => {
    let cancelled = false;
    setLoad({ status: 'loading' });
    chartRef.current?.clear();
    loadChartBars(pane.id, pane.symbol, containerRef.current?.clientWidth ?? 0, () => cancelled).then(
      ({ bars, live }) => !cancelled && setLoad({ status: 'ready', bars, live }),
      (error: unknown) => {
        // Superseded by a newer request of this pane (another symbol): its answer is on its way.
        if (cancelled || isStaleRequestError(error)) return;
        setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [pane.symbol, pane.id, dataVersion]);

  useEffect(() => {
    if (load.status !== 'ready') return;
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container) return;
    liveLatest.setState({ bar: null });
    return startChartFeed({
      paneId: pane.id,
      chart,
      container,
      coarse: load.bars,
      live: load.live,
      onLatest: (bar) => liveLatest.setState({ bar }),
    });
  }, [load, pane.id, liveLatest]);

  useEffect(() => chartRef.current?.setKind(kind), [kind]);

  // Linked panes share crosshair time and visible range (echoes stop at the chained-update limit).
  const linkGroup = pane.linkGroup;
  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container || !linkGroup) return;
    const leave = joinLinkGroup(linkGroup, pane.id, (message) => {
      if (message.type === 'crosshair') {
        chart.link.showLinkedCrosshair(message.time);
        container.dataset.crosshairTime = message.time === null ? '' : String(message.time);
      } else {
        chart.link.applyLinkedRange(message, message.hop);
      }
    });
    const stopCrosshair = chart.link.onUserCrosshair((time) => {
      container.dataset.crosshairTime = time === null ? '' : String(time);
      publishLink(linkGroup, pane.id, { type: 'crosshair', time, hop: 0 });
    });
    const stopRange = chart.link.onVisibleTimeRange((range, hop) => {
      const next = hop === null ? 0 : nextHop(hop, 'linked visible range');
      if (next !== null) publishLink(linkGroup, pane.id, { type: 'range', ...range, hop: next });
    });
    return () => {
      leave();
      stopCrosshair();
      stopRange();
    };
  }, [linkGroup, pane.id]);
  useEffect(() => {
    const ownSelection = annotations.some((a) => a.id === selectedId) ? selectedId : null;
    chartRef.current?.setAnnotations(
      annotations.map((a) => displayed(a, drag)),
      ownSelection,
    );
  }, [annotations, selectedId, drag]);
  useEffect(() => chartRef.current?.setMagnet(magnet), [magnet]);
  useEffect(() => chartRef.current?.applyTheme(getTheme(themeId)), [themeId]);
  const studyKey = settings.studies.join(',');
  const hiddenStudyKey = settings.hiddenStudies.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the two id lists
  useEffect(() => {
    chartRef.current?.setStudies(settings.studies, settings.hiddenStudies);
  }, [studyKey, hiddenStudyKey]);
  const { price: showPrice, volume: showVolume, ma: showMa } = settings.visibility;
  useEffect(() => {
    chartRef.current?.setVisibility({ price: showPrice, volume: showVolume, ma: showMa });
  }, [showPrice, showVolume, showMa]);
  useEffect(() => {
    if (load.status !== 'ready') return;
    const applied = chartRef.current?.setLogScale(settings.logScale) ?? false;
    chartStatusStore.setState((s) => ({
      logRefused: { ...s.logRefused, [pane.id]: settings.logScale && !applied },
    }));
  }, [settings.logScale, load, pane.id]);

  const toggle = (series: keyof SeriesVisibility) => run('toggle-chart-series', { paneId: pane.id, series });

  const bars = load.status === 'ready' ? load.bars : null;
  const latest = bars ? barAt(bars, bars.time.length - 1) : null;
  // Minute bars show the time of day too (the synthetic intraday series); daily bars the date only.
  const intraday = bars !== null && isIntraday(bars);
  const empty = bars !== null && bars.time.length === 0;
  const theme = getTheme(themeId);
  const studies = settings.studies.flatMap((id) => {
    const study = getStudyKind(id);
    return study ? [{ study, visible: !settings.hiddenStudies.includes(id) }] : [];
  });
  const nothingVisible = !showPrice && !showVolume && !showMa && !studies.some((s) => s.visible);
  const items: { key: keyof SeriesVisibility; label: string }[] = [
    { key: 'price', label: pane.symbol },
    { key: 'ma', label: `MA ${MA_PERIOD}` },
    { key: 'volume', label: 'Volume' },
  ];

  return (
    <div className="financial-pane" {...fileDrop.handlers}>
      <fieldset className="chart-legend" aria-label={`${pane.symbol} legend`}>
        <div className="legend-values" data-testid="legend-values">
          <strong>{pane.symbol}</strong>
          <LegendValues hovered={hover?.bar ?? null} loaded={latest} live={liveLatest} intraday={intraday} />
          {logRefused && <span className="legend-warning">Log scale unavailable: prices reach zero</span>}
        </div>
        <div className="legend-items">
          {items.map((item) => (
            <label key={item.key} className="legend-item">
              <input
                type="checkbox"
                checked={settings.visibility[item.key]}
                onChange={() => toggle(item.key)}
              />
              <span className={`legend-swatch legend-${item.key}`} aria-hidden="true" />
              {item.label}
            </label>
          ))}
          {studies.map(({ study, visible }) => (
            // One item for all of a study's series (Bollinger's three bands, MACD's two lines and histogram).
            <span key={study.id} className="legend-item legend-study">
              <label className="legend-study-toggle">
                <input
                  type="checkbox"
                  checked={visible}
                  onChange={() => run('toggle-study-visibility', { paneId: pane.id, study: study.id })}
                />
                <span
                  className="legend-swatch"
                  aria-hidden="true"
                  style={{
                    background: studyColour(theme, { colour: study.outputs[0]?.colour ?? 0, type: 'line' }),
                  }}
                />
                {study.label}
              </label>
              <StudyValues
                valuesAt={(time) => chartRef.current?.studyValuesAt(study.id, time) ?? []}
                hovered={hover?.bar ?? null}
                tick={studyTick}
              />
              <button
                type="button"
                className="legend-remove"
                aria-label={`Remove ${study.label}`}
                title={`Remove ${study.label}`}
                onClick={() => run(`study-remove:${study.id}`, { paneId: pane.id })}
              >
                ×
              </button>
            </span>
          ))}
        </div>
      </fieldset>
      <ChartToolbar paneId={pane.id} logScale={settings.logScale} studies={settings.studies} />
      <div ref={containerRef} className="chart-canvas" data-chart-kind={kind} />
      <AnnotationPopover paneId={pane.id} chartRef={chartRef} chartElementRef={containerRef} />
      {hover && (
        <div className="chart-tooltip" role="tooltip" style={{ left: hover.x + 16, top: hover.y + 40 }}>
          <div>{formatBarTime(hover.bar.time, intraday)}</div>
          <div>
            O {price.format(hover.bar.open)} H {price.format(hover.bar.high)}
          </div>
          <div>
            L {price.format(hover.bar.low)} C {price.format(hover.bar.close)}
          </div>
        </div>
      )}
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
