import type { Container } from 'pixi.js';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../../workers/protocol';
import { useDocument, useWorkstation } from '../../../commands/use-workstation';
import { isStaleRequestError } from '../../../data/engine-client';
import { useElementSize, useLayerView } from '../../../render/use-layer-view';
import { getTheme } from '../../../themes/themes';
import { PaneOverlay } from '../../../ui/pane-overlay';
import { type PaneViewProps, paneTitle } from '../../../workspace/pane-registry';
import type { AnalyticChart, ChartModel, Hit, LoadRequest, Viewport, ViewWindow } from './chart';
import { readHidden } from './chart';
import { ChartLabels } from './chart-labels';
import { ChartLegend } from './chart-legend';
import { registerViewControls } from './view-controls';
import {
  inViewport,
  panViewport,
  shiftViewport,
  windowOf,
  zoomViewport,
  zoomViewportCentre,
} from './view-window';

type Load<Data> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: Data };

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
export function AnalyticPane<Data, Model extends ChartModel>({ pane, chart }: Props<Data, Model>) {
  const { run } = useWorkstation();
  const theme = getTheme(useDocument((s) => s.document.theme));
  const plotRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useElementSize(plotRef);
  const [load, setLoad] = useState<Load<Data>>({ status: 'loading' });
  const [hover, setHover] = useState<Hit | null>(null);
  const [view, setView] = useState<ViewWindow | null>(null);
  const drag = useRef<{ x: number; y: number; viewport: Viewport; moved: boolean } | null>(null);
  const { settings } = pane;
  const hidden = readHidden(settings);
  const hiddenKey = [...hidden].sort().join('\u001f');
  const dataset = chart.dataset?.(pane) ?? pane.symbol;
  const request: LoadRequest = { key: `${pane.id}:data`, view, width: size.width, height: size.height };
  const viewKey = chart.viewKey?.(pane, request) ?? null;
  const latest = useRef({ pane, request });
  latest.current = { pane, request };
  const sized = size.width > 0 && size.height > 0;

  // Another dataset: show it whole, once it is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the dataset changes, not on every render
  useEffect(() => {
    setLoad({ status: 'loading' });
    setView(null);
  }, [chart, dataset]);

  // Loads per dataset and, for worker-aggregated data, again per view key (the earlier data stays
  // on screen, rescaled, until the answer comes; a superseded request is dropped, not an error).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dataset and view key say when to load
  useEffect(() => {
    if (!sized) return;
    let cancelled = false;
    chart.load(latest.current.pane, latest.current.request).then(
      (data) => !cancelled && setLoad({ status: 'ready', data }),
      (error: unknown) => {
        if (!cancelled && !isStaleRequestError(error))
          setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [chart, dataset, viewKey, sized]);

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
        ? chart.layout({ data, width: size.width, height: size.height, hidden, settings, theme, view })
        : null,
    [chart, data, empty, size, hiddenKey, settings, theme, view],
  );
  const viewport = model?.viewport ?? null;
  const viewportRef = useRef(viewport);
  viewportRef.current = viewport;

  // Wheel zoom around the pointer; a native listener, since React's wheel listeners are passive.
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot) return;
    const onWheel = (event: WheelEvent) => {
      const current = viewportRef.current;
      if (!current) return;
      const rect = plot.getBoundingClientRect();
      const px = event.clientX - rect.left;
      const py = event.clientY - rect.top;
      if (!inViewport(current, px, py)) return;
      event.preventDefault();
      setView(zoomViewport(current, event.deltaY > 0 ? 1.25 : 0.8, px, py));
    };
    plot.addEventListener('wheel', onWheel, { passive: false });
    return () => plot.removeEventListener('wheel', onWheel);
  }, []);

  // The chart-scope keys (+, -, arrows, Home) act on the focused pane through these.
  const zoomable = viewport !== null;
  useEffect(() => {
    if (!zoomable) return;
    const act = (next: (current: Viewport) => ViewWindow) => {
      const current = viewportRef.current;
      if (current) setView(next(current));
    };
    return registerViewControls(pane.id, {
      zoom: (factor) => act((current) => zoomViewportCentre(current, factor)),
      pan: (fx, fy) => act((current) => shiftViewport(current, fx, fy)),
      reset: () => setView(null),
    });
  }, [pane.id, zoomable]);

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
  // A hovered item of an earlier layout may no longer exist.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new model only
  useEffect(() => setHover(null), [model]);

  const local = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const p = local(event);
    if (event.button !== 0 || !viewport || !inViewport(viewport, p.x, p.y)) return;
    drag.current = { ...p, viewport, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!model || nothingVisible) return;
    const p = local(event);
    const d = drag.current;
    if (d) {
      // A click is not a pan: only a real move takes over the window.
      d.moved ||= Math.hypot(p.x - d.x, p.y - d.y) > 3;
      if (d.moved) {
        setHover(null);
        setView(panViewport(d.viewport, p.x - d.x, p.y - d.y));
      }
      return;
    }
    const hit = chart.hitTest(model, p.x, p.y);
    setHover((current) => (current?.key === hit?.key ? current : hit));
  };

  const endDrag = () => {
    drag.current = null;
  };

  const toggle = (series: string) => run('toggle-analytic-series', { paneId: pane.id, series });

  return (
    <div className="analytic-pane" data-chart-kind={pane.kind}>
      {legend.length > 0 && (
        <ChartLegend
          label={`${paneTitle(pane)} legend`}
          entries={legend}
          hidden={hidden}
          onToggle={toggle}
          note={nothingVisible ? null : (model?.note ?? null)}
        />
      )}
      <div
        ref={plotRef}
        className={viewport ? 'analytic-plot zoomable' : 'analytic-plot'}
        {...windowAttributes(viewport)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerLeave={() => setHover(null)}
      >
        <canvas ref={canvasRef} className="analytic-canvas" />
        {model && !nothingVisible && <ChartLabels labels={model.labels} />}
        {hover && !nothingVisible && <ChartTooltip hit={hover} width={size.width} height={size.height} />}
        {view && (
          <button type="button" className="range-button reset-zoom" onClick={() => setView(null)}>
            Reset zoom
          </button>
        )}
      </div>
      {load.status === 'loading' && <PaneOverlay text="Loading data..." />}
      {load.status === 'error' && <PaneOverlay text={`Could not load data: ${load.message}`} tone="error" />}
      {empty && <PaneOverlay text="No data to display" />}
      {!empty && nothingVisible && <PaneOverlay text="No visible series" />}
    </div>
  );
}

function ChartTooltip({ hit, width, height }: { hit: Hit; width: number; height: number }) {
  // Opens away from the nearer edges so it stays inside the plot.
  const style = {
    ...(hit.x > width / 2 ? { right: width - hit.x + 12 } : { left: hit.x + 12 }),
    ...(hit.y > height / 2 ? { bottom: height - hit.y + 12 } : { top: hit.y + 12 }),
  };
  return (
    <div className="chart-tooltip analytic-tooltip" role="tooltip" style={style}>
      <strong>{hit.title}</strong>
      {hit.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
