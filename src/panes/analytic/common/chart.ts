/**
 * What an analytic chart kind provides. Views compute, renderers draw (practice 5, docs/practices.md): `layout`,
 * `hitTest` and `labels` are pure functions of the data and the plot size; only `draw` touches
 * PixiJS, and it makes no decisions.
 */
import type { Container } from 'pixi.js';
import type { PaneState } from '../../../state/workspace-document';
import type { Theme } from '../../../themes/theme';
import type { NumberScale } from './scales';

export interface LegendEntry {
  /** Stable id, stored in the pane's `hidden` setting when toggled off. */
  id: string;
  label: string;
  color: string;
  /** Entries of one group are listed together under its name (e.g. a stacking group). */
  group?: string;
}

/** Text drawn in the DOM over the canvas, so it stays crisp at any pixel ratio. */
export interface ChartLabel {
  x: number;
  y: number;
  text: string;
  /** Horizontal anchor. */
  align?: 'start' | 'middle' | 'end';
  /** Vertical anchor. */
  baseline?: 'top' | 'middle' | 'bottom';
  /** `value` is white text on a coloured mark; `headline` a chart's main figure. */
  tone?: 'muted' | 'strong' | 'value' | 'headline';
}

/** The item under the pointer and what its tooltip says. */
export interface Hit {
  /** Identifies the item, so the renderer can highlight it. */
  key: string;
  /** Where the tooltip points, in plot coordinates. */
  x: number;
  y: number;
  title: string;
  lines: string[];
}

/** The data window a zoomed or panned cartesian chart shows (session state: not saved, not undone). */
export interface ViewWindow {
  x: readonly [number, number];
  y: readonly [number, number];
}

export interface LayoutInput<Data> {
  data: Data;
  width: number;
  height: number;
  hidden: ReadonlySet<string>;
  settings: Readonly<Record<string, unknown>>;
  theme: Theme;
  /** Zoom and pan; null or absent shows all the data. */
  view?: ViewWindow | null;
  /** The workspace's time zone (intraday time axes and times read in it); UTC when absent. */
  zone?: string;
}

/** The plot rectangle and the scales in effect, for charts that zoom and pan. */
export interface Viewport {
  left: number;
  top: number;
  right: number;
  bottom: number;
  x: NumberScale;
  y: NumberScale;
  /**
   * `x`: only the x axis zooms and pans, and the chart fits y to what is in view (series over time,
   * bars, bins). `xy` (the default): both axes, as on a scatter plot.
   */
  zoomAxes?: 'xy' | 'x';
}

export interface ChartModel {
  labels: ChartLabel[];
  /** Present on charts that zoom and pan. */
  viewport?: Viewport;
  /** A problem the pane reports once as a console warning and shows by its legend (docs/reference-constants.md). */
  warning?: string | null;
  /** What the plot shows of its data when that is not everything (merged items, aggregated points). */
  note?: string | null;
}

/** A choice offered in the pane's title bar, stored in the pane's settings (an undoable edit). */
export interface SettingControl {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
}

/** What a pane asks the data engine for: its plot and the window it shows. */
export interface LoadRequest {
  /** The staleness key of `callLatest` (one per pane): a newer request drops an older one. */
  key: string;
  /** The zoomed window, or null for all the data. */
  view: ViewWindow | null;
  /** The plot's size in CSS pixels (the canvas; the axes take their margins out of it). */
  width: number;
  height: number;
}

export interface AnalyticChart<Data, Model extends ChartModel> {
  controls?: readonly SettingControl[];
  /** Fetches the data through the data engine and derives the dataset. */
  load(pane: PaneState, request: LoadRequest): Promise<Data>;
  /** Names the data the pane shows (a new one loads afresh and shows all of it); the symbol by default. */
  dataset?(pane: PaneState): string;
  /**
   * For data the worker aggregates for the view (merged scatter items, M4 lines): a key that changes
   * whenever the request would (window, plot size); each change asks again. Absent or null: the data
   * is loaded once per dataset, and zoom only rescales it.
   */
  viewKey?(pane: PaneState, request: LoadRequest): string | null;
  isEmpty(data: Data): boolean;
  legend(data: Data, theme: Theme, settings: Readonly<Record<string, unknown>>): LegendEntry[];
  layout(input: LayoutInput<Data>): Model;
  hitTest(model: Model, x: number, y: number): Hit | null;
  /**
   * Where the data cursor reads each item in view, in reading order (slices, bars, bins, points):
   * each is a plot point whose hit test gives the item's tooltip, which the live region reads.
   */
  anchors?(model: Model): { x: number; y: number }[];
  draw(scene: Container, model: Model, hover: Hit | null, theme: Theme): void;
}

/** The pane's legend toggles: ids of the hidden series. */
export function readHidden(settings: Readonly<Record<string, unknown>>): Set<string> {
  const hidden = settings.hidden;
  return new Set(Array.isArray(hidden) ? hidden.filter((v): v is string => typeof v === 'string') : []);
}

/** Series colour `index` of the theme's palette (it wraps around). */
export function paletteColor(theme: Theme, index: number): string {
  const { palette } = theme;
  return palette[index % palette.length] ?? theme.colors.accent;
}

/** The value of a title-bar setting, or its default when unset or unknown. */
export function readSetting(settings: Readonly<Record<string, unknown>>, control: SettingControl): string {
  const value = settings[control.key];
  return typeof value === 'string' && control.options.some((o) => o.value === value)
    ? value
    : control.defaultValue;
}

export const Y_SCALE: SettingControl = {
  key: 'yScale',
  label: 'Value axis',
  options: [
    { value: 'linear', label: 'Linear' },
    { value: 'log', label: 'Log' },
  ],
  defaultValue: 'linear',
};
