/**
 * Workload `analytic`: the analytic panes' drawing through the one shared PixiJS layer
 * (src/render/shared-layer.ts) against hand-written Canvas2D drawing of the same scenes
 * (canvas2d-scenes.ts), in the same page and run, interleaved round by round.
 *
 * - `panes12`: 12 analytic panes (every kind, with their real data from the data engine worker and
 *   their real layouts) redrawn together, as a theme change or a resize does. Ours marks the 12 views
 *   dirty and the layer draws them in one animation frame (scene building, PixiJS render, copy into
 *   each pane's canvas); the peer draws the 12 models into 12 2D contexts in one frame. Issue goal:
 *   within 1.5x of Canvas2D (ours/peer <= 1.50x, judged by the runner's `maxRatio`).
 * - `bubble.<n>`: one bubble pane of n = 200, 2k, 10k and 100k seeded items (workers/xy-datasets.ts),
 *   zoomed in and out a step per frame; each frame lays the points out for the new window and draws
 *   them. 100k is merged first with the worker's own `mergeScatter` (docs/reference-constants.md: above 10000 items the
 *   worker merges neighbours; in the app that runs off the main thread), so its frames draw the merged
 *   items. Issue goal: frame p95 <= 16.7 ms up to 10k (judged by the runner).
 *
 * Frame timing: a first animation-frame callback notes the time, the step runs in the frame's next
 * callback (the layer's own frame callback for ours), and a message posted from a last callback ends
 * the sample after the frame's style, layout and paint ("call to painted frame"); "work" stops at that
 * last callback (script only).
 *
 * A `.tsx` file although it renders nothing: it imports the pane kinds' modules (`index.tsx`), which
 * the bench's TypeScript project checks with JSX on (the Node project takes only the bench's `.ts` files).
 */
import type { Container } from 'pixi.js';
import type { ScatterResult } from '../../core/protocol';
import { areaChart } from '../../src/panes/analytic/area';
import { barChart } from '../../src/panes/analytic/bar';
import { bubbleChart } from '../../src/panes/analytic/bubble';
import type { AnalyticChart, ChartModel, Viewport, ViewWindow } from '../../src/panes/analytic/common/chart';
import { drawPoints } from '../../src/panes/analytic/common/points-draw';
import {
  type PointsData,
  type PointsModel,
  pointsLayout,
} from '../../src/panes/analytic/common/points-layout';
import { zoomViewportCentre } from '../../src/panes/analytic/common/view-window';
import { scatterSeries } from '../../src/panes/analytic/common/worker-data';
import { gaugeChart } from '../../src/panes/analytic/gauge';
import { histogramChart } from '../../src/panes/analytic/histogram';
import { donutChart, pieChart } from '../../src/panes/analytic/pie';
import { scatterChart } from '../../src/panes/analytic/scatter';
import { xyLineChart } from '../../src/panes/analytic/xy-line';
import { type LayerView, SharedLayer } from '../../src/render/shared-layer';
import { createSessionStore } from '../../src/session/session-store';
import type { PaneState } from '../../src/state/workspace-document';
import { getTheme } from '../../src/themes/themes';
import { mergeScatter } from '../../workers/aggregate/scatter-merge';
import { generateScatter, scatterInfo } from '../../workers/xy-datasets';
import { drawScene2D, type Scene2D } from './canvas2d-scenes';
import { type BenchMetric, distribution, publish, waitFor } from './harness';

const theme = getTheme('default');
/** A pane's plot at about the app's minimum pane size, 4 x 3 of them in the 1600 x 1000 window. */
const PANE = { width: 390, height: 300 };
const BUBBLE = { width: 900, height: 600 };
const WARMUP_FRAMES = 10;
const ROUNDS = 4;
const FRAMES_PER_ROUND = 30;
const BUBBLE_SIZES = [200, 2_000, 10_000, 100_000];
const SEED = 0x6_2026;

interface FrameTiming {
  workMs: number;
  frameMs: number;
}

const afterFrame = new MessageChannel();
const afterFrameWaiters: (() => void)[] = [];
afterFrame.port1.onmessage = () => afterFrameWaiters.shift()?.();

/**
 * One frame: `trigger` must register the step's animation-frame callback (the layer does so when a
 * view is invalidated); it runs between the callbacks that start and stop the clock.
 */
function timeFrame(trigger: () => void, before: () => void = () => {}): Promise<FrameTiming> {
  return new Promise((resolve) => {
    let start = 0;
    requestAnimationFrame(() => {
      start = performance.now();
      before();
    });
    trigger();
    requestAnimationFrame(() => {
      const workMs = performance.now() - start;
      afterFrameWaiters.push(() => resolve({ workMs, frameMs: performance.now() - start }));
      afterFrame.port2.postMessage(null);
    });
  });
}

function canvasGrid(id: string, count: number, size: { width: number; height: number }): HTMLCanvasElement[] {
  const host = document.createElement('div');
  host.id = id;
  host.style.cssText = `display:grid;grid-template-columns:repeat(4,${size.width}px);gap:4px;margin:4px`;
  const canvases = Array.from({ length: count }, () => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = `width:${size.width}px;height:${size.height}px;display:block`;
    host.append(canvas);
    return canvas;
  });
  document.getElementById('root')?.append(host);
  return canvases;
}

function show(id: string, visible: boolean): void {
  const host = document.getElementById(id);
  if (host) host.style.display = visible ? 'grid' : 'none';
}

function pane(id: string, kind: string, settings: Record<string, unknown> = {}): PaneState {
  return { id, kind, symbol: 'SPX', linkGroup: null, settings };
}

interface PreparedScene {
  name: string;
  draw: (scene: Container) => void;
  scene2d: Scene2D;
}

/** Loads a kind's data through the data engine and lays it out for a pane's plot, as the pane does. */
async function prepare<Data, Model extends ChartModel>(
  name: string,
  chart: AnalyticChart<Data, Model>,
  state: PaneState,
  toScene2D: (model: Model) => Scene2D,
): Promise<PreparedScene> {
  const data = await chart.load(state, { key: `bench:${state.id}`, view: null, ...PANE });
  const model = chart.layout({
    data,
    ...PANE,
    hidden: new Set(),
    settings: state.settings,
    theme,
    view: null,
  });
  return { name, draw: (scene) => chart.draw(scene, model, null, theme), scene2d: toScene2D(model) };
}

/** The page's session and its one shared layer, as a workstation creates them. */
const session = createSessionStore();
const sharedLayer = new SharedLayer(session);

function twelveScenes(): Promise<PreparedScene[]> {
  return Promise.all([
    prepare('donut', donutChart, pane('b1', 'donut'), (model) => ({ kind: 'pie', model })),
    prepare('pie', pieChart, pane('b2', 'pie'), (model) => ({ kind: 'pie', model })),
    prepare('gauge (radial)', gaugeChart, pane('b3', 'gauge'), (model) => ({ kind: 'gauge', model })),
    prepare('gauge (linear)', gaugeChart, pane('b4', 'gauge', { preset: 'linear' }), (model) => ({
      kind: 'gauge',
      model,
    })),
    prepare('bubble', bubbleChart, pane('b5', 'bubble'), (model) => ({ kind: 'points', model })),
    prepare('scatter', scatterChart, pane('b6', 'scatter'), (model) => ({ kind: 'points', model })),
    prepare('bar (grouped)', barChart, pane('b7', 'bar'), (model) => ({ kind: 'bar', model })),
    prepare('bar (stacked)', barChart, pane('b8', 'bar', { mode: 'stacked' }), (model) => ({
      kind: 'bar',
      model,
    })),
    prepare('area (portfolio)', areaChart, pane('b9', 'area'), (model) => ({ kind: 'area', model })),
    prepare('area (SPX daily, M4)', areaChart, pane('b10', 'area', { dataset: 'SPX' }), (model) => ({
      kind: 'area',
      model,
    })),
    prepare('xy-line', xyLineChart, pane('b11', 'xy-line'), (model) => ({ kind: 'xy-line', model })),
    prepare('histogram', histogramChart, pane('b12', 'histogram'), (model) => ({ kind: 'histogram', model })),
  ]);
}

async function layerReady(): Promise<void> {
  await waitFor(() => session.getState().renderer.state === 'ready', 'the shared layer to start', 20_000);
}

interface Side {
  frame(): Promise<FrameTiming>;
}

/** Warm-up, then rounds that alternate the sides, so a busy moment of the machine costs both. */
async function interleave(
  sides: { ours: Side; peer: Side },
  toggle: (side: 'ours' | 'peer') => void,
  frames = FRAMES_PER_ROUND,
  rounds = ROUNDS,
) {
  const samples = { ours: [] as FrameTiming[], peer: [] as FrameTiming[] };
  for (const side of ['ours', 'peer'] as const) {
    toggle(side);
    for (let i = 0; i < WARMUP_FRAMES; i++) await sides[side].frame();
  }
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const)) {
      toggle(side);
      await sides[side].frame();
      for (let i = 0; i < frames; i++) samples[side].push(await sides[side].frame());
    }
  }
  return samples;
}

const frameMs = (samples: FrameTiming[]) => samples.map((s) => s.frameMs);
const workMs = (samples: FrameTiming[]) => samples.map((s) => s.workMs);

/** Both sides redraw the same 12 scenes in one animation frame. */
const PANES12_FRAME =
  'ours: 12 views marked dirty, scene building, PixiJS render, copy into 12 canvases; peer: the same 12 models drawn into 12 2D contexts; both from the call to the task after paint';

async function panesWorkload(metrics: BenchMetric[], details: Record<string, unknown>) {
  const scenes = await twelveScenes();
  const oursCanvases = canvasGrid('ours', scenes.length, PANE);
  const peerCanvases = canvasGrid('peer', scenes.length, PANE);
  const contexts = peerCanvases.map((c) => {
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    return ctx;
  });
  const layer = sharedLayer;
  const views: LayerView[] = scenes.map((s, i) =>
    layer.attach({
      canvas: oursCanvases[i] as HTMLCanvasElement,
      draw: s.draw,
      background: () => theme.colors.surface,
    }),
  );
  for (const view of views) view.resize(PANE.width, PANE.height);
  await layerReady();
  const renderer = { ...session.getState().renderer };

  const invalidateAll = () => {
    for (const view of views) view.invalidate();
  };
  const drawAll2D = () => {
    scenes.forEach((s, i) => {
      drawScene2D(contexts[i] as CanvasRenderingContext2D, s.scene2d, theme, PANE.width, PANE.height);
    });
  };
  const ours: Side = { frame: () => timeFrame(invalidateAll) };
  const peer: Side = { frame: () => timeFrame(() => requestAnimationFrame(drawAll2D)) };
  const toggle = (side: 'ours' | 'peer') => {
    show('ours', side === 'ours');
    show('peer', side === 'peer');
  };
  const samples = await interleave({ ours, peer }, toggle);
  const drawnFrames = oursCanvases.map((c) => Number(c.dataset.frames ?? 0));
  if (drawnFrames.some((n) => n < ROUNDS * FRAMES_PER_ROUND)) {
    throw new Error(`The shared layer missed frames: ${drawnFrames.join(', ')}`);
  }

  const ours50 = distribution(frameMs(samples.ours));
  const peer50 = distribution(frameMs(samples.peer));
  const oursWork = distribution(workMs(samples.ours));
  const peerWork = distribution(workMs(samples.peer));
  metrics.push(
    {
      id: 'panes12.frame.median',
      label: 'redraw 12 panes: call to painted frame, median',
      includes: PANES12_FRAME,
      unit: 'ms',
      ours: ours50.p50,
      peer: peer50.p50,
    },
    {
      id: 'panes12.frame.p95',
      label: 'redraw 12 panes: call to painted frame, p95',
      includes: PANES12_FRAME,
      unit: 'ms',
      ours: ours50.p95,
      peer: peer50.p95,
    },
    {
      id: 'panes12.work.median',
      label: 'redraw 12 panes: script work, median',
      includes:
        'the same frames up to their last animation-frame callback (script only, no style, layout or paint)',
      unit: 'ms',
      ours: oursWork.p50,
      peer: peerWork.p50,
    },
  );
  details.panes12 = {
    renderer: { kind: renderer.kind, reason: renderer.reason },
    scenes: scenes.map((s) => s.name),
    pane: PANE,
    samples: { ours: samples.ours.length, peer: samples.peer.length },
    frame: { ours: ours50, peer: peer50 },
    work: { ours: oursWork, peer: peerWork },
  };
  // Information: the same frames with the layer forced onto WebGL (software WebGL on these machines).
  // The restart is synchronous up to the renderer's creation: the status says `starting` at once.
  layer.setPreference('webgl');
  await layerReady();
  const webglKind = session.getState().renderer.kind;
  toggle('ours');
  for (let i = 0; i < WARMUP_FRAMES; i++) await ours.frame();
  const webgl: FrameTiming[] = [];
  for (let i = 0; i < FRAMES_PER_ROUND; i++) webgl.push(await ours.frame());
  const webglFrame = distribution(frameMs(webgl));
  metrics.push({
    id: 'panes12.webgl.frame.median',
    label: `redraw 12 panes, layer forced to ${webglKind}: call to painted frame, median`,
    includes: `as the 12-pane rows, the layer on ${webglKind} (software on these machines); peer: the Canvas2D median above`,
    unit: 'ms',
    ours: webglFrame.p50,
    peer: peer50.p50,
  });
  details.panes12webgl = { renderer: webglKind, frame: webglFrame };
  layer.setPreference('auto');
  await layerReady();
  for (const view of views) view.detach();
  document.getElementById('ours')?.remove();
  document.getElementById('peer')?.remove();
}

/** n seeded cluster items as the bubble pane gets them from the worker: merged above 10000. */
function bubbleData(n: number): { data: PointsData; items: number; aggregated: boolean; mergeMs: number } {
  const spec = { dataset: 'SCATTER-BENCH', count: n, seed: SEED + n };
  const columns = generateScatter(n, spec.seed);
  const begin = performance.now();
  const merged = mergeScatter(columns, { pixels: { width: BUBBLE.width - 66, height: BUBBLE.height - 64 } });
  const mergeMs = performance.now() - begin;
  const result: ScatterResult = {
    dataset: spec.dataset,
    x: merged.x,
    y: merged.y,
    size: merged.size,
    category: merged.category,
    count: merged.count,
    labels: null,
    total: merged.total,
    aggregated: merged.aggregated,
  };
  const info = scatterInfo(spec);
  return {
    data: {
      series: scatterSeries(info, result, true),
      xLabel: info.xLabel,
      yLabel: info.yLabel,
      sizeLabel: 'Size',
      labelPoints: false,
      format: (v) => v.toFixed(2),
      formatSize: (v) => v.toFixed(2),
    },
    items: merged.x.length,
    aggregated: merged.aggregated,
    mergeMs,
  };
}

/** Both sides lay the points out for the new window in the frame, then draw every item in view. */
const BUBBLE_FRAME =
  'ours: layout of the new window, PixiJS scene, render, copy to the canvas; peer: the same layout, raw Canvas2D circles; both from the call to the task after paint';

/** Zoom steps in and out around the centre: five in, five out, again and again. */
function zoomer(data: PointsData) {
  let view: ViewWindow | null = null;
  let step = 0;
  const layout = (): PointsModel =>
    pointsLayout({ data, ...BUBBLE, hidden: new Set(), settings: {}, theme, view });
  let model = layout();
  return {
    next(): PointsModel {
      const factor = step % 10 < 5 ? 0.9 : 1 / 0.9;
      step++;
      view = zoomViewportCentre(model.viewport as Viewport, factor);
      model = layout();
      return model;
    },
    get model() {
      return model;
    },
  };
}

async function bubbleWorkload(metrics: BenchMetric[], details: Record<string, unknown>) {
  const [oursCanvas] = canvasGrid('ours', 1, BUBBLE);
  const [peerCanvas] = canvasGrid('peer', 1, BUBBLE);
  const ctx = peerCanvas?.getContext('2d');
  if (!oursCanvas || !ctx) throw new Error('no canvases');
  const toggle = (side: 'ours' | 'peer') => {
    show('ours', side === 'ours');
    show('peer', side === 'peer');
  };
  const results: Record<string, unknown> = {};
  for (const n of BUBBLE_SIZES) {
    const { data, items, aggregated, mergeMs } = bubbleData(n);
    const oursZoom = zoomer(data);
    const peerZoom = zoomer(data);
    let current = oursZoom.model;
    const view = sharedLayer.attach({
      canvas: oursCanvas,
      draw: (scene) => drawPoints(scene, current, null, theme),
      background: () => theme.colors.surface,
    });
    view.resize(BUBBLE.width, BUBBLE.height);
    await layerReady();
    const ours: Side = {
      frame: () =>
        timeFrame(
          () => view.invalidate(),
          () => {
            current = oursZoom.next();
          },
        ),
    };
    const peer: Side = {
      frame: () =>
        timeFrame(() =>
          requestAnimationFrame(() =>
            drawScene2D(ctx, { kind: 'points', model: peerZoom.next() }, theme, BUBBLE.width, BUBBLE.height),
          ),
        ),
    };
    const samples = await interleave({ ours, peer }, toggle, FRAMES_PER_ROUND, 2);
    view.detach();
    const label = n >= 1000 ? `${n / 1000}k` : String(n);
    const o = distribution(frameMs(samples.ours));
    const p = distribution(frameMs(samples.peer));
    const items_ = aggregated ? `${items} merged items` : `${items} items`;
    metrics.push(
      {
        id: `bubble.${label}.frame.p95`,
        label: `bubble pane, ${label} (${items_}): zoom frame p95`,
        includes: BUBBLE_FRAME,
        unit: 'ms',
        ours: o.p95,
        peer: p.p95,
      },
      {
        id: `bubble.${label}.frame.median`,
        label: `bubble pane, ${label}: zoom frame median`,
        includes: BUBBLE_FRAME,
        unit: 'ms',
        ours: o.p50,
        peer: p.p50,
      },
    );
    if (aggregated) {
      metrics.push({
        id: `bubble.${label}.merge`,
        label: `bubble pane, ${label}: worker merge per request (off the main thread in the app)`,
        includes: 'mergeScatter of the whole dataset on the page thread, once; no peer',
        unit: 'ms',
        ours: mergeMs,
        peer: Number.NaN,
      });
    }
    results[label] = {
      items,
      aggregated,
      mergeMs,
      frame: { ours: o, peer: p },
      work: { ours: distribution(workMs(samples.ours)), peer: distribution(workMs(samples.peer)) },
    };
  }
  details.bubble = { plot: BUBBLE, renderer: session.getState().renderer.kind, sizes: results };
}

publish(async () => {
  const metrics: BenchMetric[] = [];
  const details: Record<string, unknown> = {};
  await panesWorkload(metrics, details);
  await bubbleWorkload(metrics, details);
  return { workload: 'analytic', metrics, details };
});
