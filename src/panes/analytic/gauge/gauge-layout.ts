/**
 * Gauge: the last close of a symbol within the range of its recent closes, with colour bands, a target
 * (the range's mean) and a value label. Two presets: radial (a 270° dial) and linear (a bar).
 */
import type { Theme } from '../../../themes/theme';
import type { ChartLabel, ChartModel, Hit, LayoutInput, SettingControl } from '../common/chart';
import { readSetting } from '../common/chart';
import type { GaugeReading } from '../common/datasets';

export interface GaugeData {
  symbol: string;
  reading: GaugeReading | null;
}

export const GAUGE_PRESET: SettingControl = {
  key: 'preset',
  label: 'Gauge preset',
  options: [
    { value: 'radial', label: 'Radial' },
    { value: 'linear', label: 'Linear' },
  ],
  defaultValue: 'radial',
};

/** The dial runs clockwise from lower left to lower right. */
export const RADIAL_START = Math.PI * 0.75;
export const RADIAL_SWEEP = Math.PI * 1.5;

export interface GaugeBand {
  name: string;
  from: number;
  to: number;
  color: string;
}

interface RadialGeometry {
  preset: 'radial';
  cx: number;
  cy: number;
  outer: number;
  inner: number;
}

interface LinearGeometry {
  preset: 'linear';
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface GaugeModel extends ChartModel {
  symbol: string;
  reading: GaugeReading;
  bands: GaugeBand[];
  geometry: RadialGeometry | LinearGeometry;
  /** Position along the scale (0..1) of the value and the target. */
  valueAt: number;
  targetAt: number;
}

const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** Where `value` sits in [min, max], clamped to 0..1. */
export function scaleFraction(value: number, min: number, max: number): number {
  if (max <= min) return 0.5;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** Bands over thirds of the range: near the low, the middle, near the high. */
export function gaugeBands(reading: GaugeReading, theme: Theme): GaugeBand[] {
  const { min, max } = reading;
  const third = (max - min) / 3;
  return [
    { name: 'Near the low', from: min, to: min + third, color: theme.colors.down },
    { name: 'Mid-range', from: min + third, to: max - third, color: theme.colors.warning },
    { name: 'Near the high', from: max - third, to: max, color: theme.colors.up },
  ];
}

export function radialAngle(fraction: number): number {
  return RADIAL_START + RADIAL_SWEEP * fraction;
}

/** Lays out a reading; the pane shows `No data to display` instead of calling this without one. */
export function gaugeLayout(input: LayoutInput<GaugeData>): GaugeModel {
  const { reading, symbol } = input.data;
  if (!reading) throw new Error('A gauge needs a reading');
  const { width, height, theme } = input;
  const preset = readSetting(input.settings, GAUGE_PRESET);
  const bands = gaugeBands(reading, theme);
  const valueAt = scaleFraction(reading.value, reading.min, reading.max);
  const targetAt = scaleFraction(reading.target, reading.min, reading.max);
  const labels: ChartLabel[] = [];
  const valueText = price.format(reading.value);
  const changeText = `${signed.format(reading.changePercent)}% · ${symbol}`;
  let geometry: RadialGeometry | LinearGeometry;
  if (preset === 'linear') {
    const left = 24;
    const right = Math.max(left + 10, width - 24);
    const top = height / 2 - 12;
    geometry = { preset: 'linear', left, right, top, bottom: top + 24 };
    const vx = left + (right - left) * valueAt;
    labels.push(
      { x: vx, y: top - 14, text: valueText, align: 'middle', baseline: 'bottom', tone: 'headline' },
      { x: left, y: top + 32, text: price.format(reading.min), align: 'start' },
      { x: right, y: top + 32, text: price.format(reading.max), align: 'end' },
      { x: (left + right) / 2, y: top + 52, text: changeText, align: 'middle' },
    );
  } else {
    const margin = 16;
    const outer = Math.max(10, Math.min((width - 2 * margin) / 2, (height - 2 * margin - 24) / 1.72));
    const cx = width / 2;
    const cy = margin + outer + Math.max(0, (height - 2 * margin - 24 - outer * 1.72) / 2);
    geometry = { preset: 'radial', cx, cy, outer, inner: outer * 0.8 };
    const end = (fraction: number) => ({
      x: cx + Math.cos(radialAngle(fraction)) * outer * 0.9,
      y: cy + Math.sin(radialAngle(fraction)) * outer * 0.9 + 10,
    });
    labels.push(
      { x: cx, y: cy + outer * 0.42, text: valueText, align: 'middle', baseline: 'middle', tone: 'headline' },
      { x: cx, y: cy + outer * 0.42 + 20, text: changeText, align: 'middle', baseline: 'middle' },
      { ...end(0), text: price.format(reading.min), align: 'start', baseline: 'top' },
      { ...end(1), text: price.format(reading.max), align: 'end', baseline: 'top' },
    );
  }
  return { symbol, reading, bands, geometry, valueAt, targetAt, labels };
}

/** The band (or the dial's centre) under the pointer; its tooltip gives the reading. */
export function gaugeHitTest(model: GaugeModel, x: number, y: number): Hit | null {
  const g = model.geometry;
  let fraction: number | null = null;
  let onCentre = false;
  if (g.preset === 'radial') {
    const d = Math.hypot(x - g.cx, y - g.cy);
    if (d > g.outer) return null;
    let angle = Math.atan2(y - g.cy, x - g.cx);
    while (angle < RADIAL_START) angle += Math.PI * 2;
    const f = (angle - RADIAL_START) / RADIAL_SWEEP;
    if (d >= g.inner && f <= 1) fraction = f;
    else onCentre = d < g.inner;
  } else if (x >= g.left && x <= g.right && y >= g.top - 24 && y <= g.bottom) {
    fraction = (x - g.left) / (g.right - g.left);
  }
  if (fraction === null && !onCentre) return null;
  const { reading } = model;
  const value = reading.min + (reading.max - reading.min) * (fraction ?? model.valueAt);
  const band = model.bands.find((b) => value <= b.to) ?? model.bands[model.bands.length - 1];
  const lines = [
    `Last ${price.format(reading.value)} (${signed.format(reading.changePercent)}%)`,
    `Target ${price.format(reading.target)}`,
    `Range ${price.format(reading.min)} – ${price.format(reading.max)}`,
  ];
  if (fraction !== null && band)
    lines.unshift(`${band.name}: ${price.format(band.from)} – ${price.format(band.to)}`);
  return { key: fraction !== null && band ? band.name : 'value', x, y, title: model.symbol, lines };
}

/** The gauge is read as one item: its reading, at the dial's centre (radial) or its value (linear). */
export function gaugeAnchors(model: GaugeModel): { x: number; y: number }[] {
  const g = model.geometry;
  if (g.preset === 'radial') return [{ x: g.cx, y: g.cy }];
  return [{ x: g.left + (g.right - g.left) * model.valueAt, y: (g.top + g.bottom) / 2 }];
}
