import type { Container } from 'pixi.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTimeZone } from '../../../commands/use-time-zone';
import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { useElementSize, useLayerView } from '../../../render/use-layer-view';
import { useDisplayTheme } from '../../../themes/use-display-theme';
import { PaneOverlay } from '../../../ui/pane-overlay';
import { type PaneViewProps, paneTitle } from '../../../workspace/pane-registry';
import { AnalyticTooltip } from './analytic-tooltip';
import type { AnalyticChart, ChartModel, LoadRequest, Viewport, ViewWindow } from './chart';
import { readHidden } from './chart';
import { ChartLabels } from './chart-labels';
import { ChartLegend } from './chart-legend';
import { useAnalyticLoad } from './use-analytic-load';
import { useItemCursor } from './use-item-cursor';
import { usePlotNavigation } from './use-plot-navigation';
import { windowOf } from './view-window';

/** The window as data attributes, so automation can read what the axes show. */
function windowAttributes(viewport: Viewport | null) {
  if (!viewport) return {};
  const w = windowOf(viewport);
  const text = (pair: readonly [number, number]) => pair.map((v) => Number(v.toPrecision(10))).join(',');
  return { 'data-x-window': text(w.x), 'data-y-window': text(w.y) };
}

interface Props<Data, Model extends ChartModel> extends PaneViewProps {
  chart: AnalyticChart<Data, Model>;
}

/**
 * The view every analytic kind shares: loads the kind's data, lays it out for the plot's size, and
 * hands the drawing to the shared PixiJS layer. Legend, labels and tooltip are DOM.
 */
export function AnalyticPane<Data, Model extends ChartModel>({ pane, chart, focused }: Props<Data, Model>) {
  const { run } = useWorkstation();
  const theme = useDisplayTheme(useDocument((s) => s.document.theme));
  const zone = useTimeZone(pane.symbol ?? null);
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(plotRef);
  // The zoomed window; null shows the whole dataset (and another dataset starts whole).
  const [view, setView] = useState<ViewWindow | null>(null);
  const resetView = useCallback(() => setView(null), []);
  const request: LoadRequest = { key: `${pane.id}:data`, view, width: size.width, height: size.height };
  const load = useAnalyticLoad(chart, pane, request, resetView);

  const { settings } = pane;
  const hidden = readHidden(settings);
  const hiddenKey = [...hidden].sort().join('\u001f');
  const data = load.status === 'ready' ? load.data : null;
  const empty = data !== null && chart.isEmpty(data);
  const legend = useMemo(
    () => (data && !empty ? chart.legend(data, theme, settings) : []),
    [chart, data, empty, theme, settings],
  );
  const nothingVisible = legend.length > 0 && legend.every((entry) => hidden.has(entry.id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for hidden
  const model = useMemo(
    () =>
      data && !empty && size.width > 0 && size.height > 0
        ? chart.layout({ data, width: size.width, height: size.height, hidden, settings, theme, view, zone })
        : null,
    [chart, data, empty, size, hiddenKey, settings, theme, view, zone],
  );
  const viewport = model?.viewport ?? null;
  const hitTest = useMemo(
    () => (model && !nothingVisible ? (x: number, y: number) => chart.hitTest(model, x, y) : null),
    [chart, model, nothingVisible],
  );
  const { hover, handlers, showHit } = usePlotNavigation(pane.id, plotRef, viewport, hitTest, setView);
  const anchors = useMemo(() => (model && chart.anchors ? chart.anchors(model) : []), [chart, model]);
  const cursorReading = useItemCursor(pane.id, focused, anchors, hitTest, showHit);

  const warning = model?.warning ?? null;
  useEffect(() => {
    if (warning) console.warn(warning);
  }, [warning]);

  const draw = (scene: Container) => {
    if (model && !nothingVisible) chart.draw(scene, model, hover, theme);
  };
  const invalidate = useLayerView(canvasRef, size, draw, theme.colors.surface);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these changes the picture
  useEffect(() => invalidate(), [model, hover, theme, nothingVisible, invalidate]);

  return (
    <div className="analytic-pane" data-chart-kind={pane.kind}>
      {legend.length > 0 && (
        <ChartLegend
          label={`${paneTitle(pane)} legend`}
          entries={legend}
          hidden={hidden}
          onToggle={(series) => run('toggle-analytic-series', { paneId: pane.id, series })}
          note={nothingVisible ? null : (model?.note ?? null)}
        />
      )}
      <div
        ref={plotRef}
        className={viewport ? 'analytic-plot zoomable' : 'analytic-plot'}
        {...windowAttributes(viewport)}
        {...handlers}
      >
        <canvas ref={canvasRef} className="analytic-canvas" />
        {model && !nothingVisible && <ChartLabels labels={model.labels} />}
        {hover && !nothingVisible && <AnalyticTooltip hit={hover} width={size.width} height={size.height} />}
        {view && (
          <button type="button" className="range-button reset-zoom" onClick={resetView}>
            Reset zoom
          </button>
        )}
      </div>
      <div className="sr-only" role="status" aria-label="Data cursor" aria-atomic="true">
        {cursorReading}
      </div>
      {load.status === 'loading' && <PaneOverlay text="Loading data..." />}
      {load.status === 'error' && <PaneOverlay text={`Could not load data: ${load.message}`} tone="error" />}
      {empty && <PaneOverlay text="No data to display" />}
      {!empty && nothingVisible && <PaneOverlay text="No visible series" />}
    </div>
  );
}
