import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import {
  labelWidth,
  MARKER_SIZE,
  MAX_MARKER_SIZE,
  markerDiameter,
  type PointsData,
  pointsHitTest,
  pointsLayout,
} from './points-layout';

const theme = getTheme('default');
const data: PointsData = {
  series: [
    { id: 'A', label: 'A', colorIndex: 0, points: [{ x: 0, y: 0, size: 1, label: 'A' }] },
    { id: 'B', label: 'B', colorIndex: 1, points: [{ x: 10, y: 10, size: 5, label: 'B' }] },
    { id: 'C', label: 'C', colorIndex: 2, points: [{ x: 5, y: 2 }] },
  ],
  xLabel: 'Risk',
  yLabel: 'Return',
  sizeLabel: 'Size',
  labelPoints: true,
  format: (v) => v.toFixed(1),
};
const input = (hidden: string[] = []) => ({
  data,
  width: 400,
  height: 300,
  hidden: new Set(hidden),
  settings: {},
  theme,
});

describe('scatter and bubble layout', () => {
  it('sizes markers 7 px by default and up to 30 px', () => {
    expect(MARKER_SIZE).toBe(7);
    expect(MAX_MARKER_SIZE).toBe(30);
    expect(markerDiameter(undefined, 0, 10)).toBe(7);
    expect(markerDiameter(0, 0, 10)).toBe(7);
    expect(markerDiameter(10, 0, 10)).toBe(30);
    expect(markerDiameter(5, 0, 10)).toBe(18.5);
    const model = pointsLayout(input());
    expect(Math.max(...model.points.map((p) => p.radius * 2))).toBe(30);
  });

  it('writes a point label left of its marker where the right side would run out of the pane', () => {
    const named: PointsData = {
      ...data,
      series: data.series.map((s) => ({
        ...s,
        points: s.points.map((p) => ({ ...p, label: `${s.id} long name` })),
      })),
    };
    const model = pointsLayout({ ...input(), data: named });
    const pointLabels = model.labels.filter((l) => l.text.endsWith('long name'));
    expect(pointLabels).toHaveLength(3);
    for (const label of pointLabels) {
      const width = labelWidth(label.text);
      const [left, right] = label.align === 'end' ? [label.x - width, label.x] : [label.x, label.x + width];
      expect(left, label.text).toBeGreaterThanOrEqual(0);
      expect(right, label.text).toBeLessThanOrEqual(397);
    }
    // B is the rightmost point: its label flips to the left of the marker.
    const b = model.points.find((p) => p.series.id === 'B');
    const bLabel = pointLabels.find((l) => l.text.startsWith('B'));
    expect(bLabel?.align).toBe('end');
    expect(bLabel?.x).toBeLessThan(b?.x ?? 0);
  });

  it('draws larger markers first and keeps every marker inside the plot', () => {
    const model = pointsLayout(input());
    expect(model.points.map((p) => p.series.id)).toEqual(['B', 'A', 'C']);
    for (const p of model.points) {
      expect(p.x - p.radius).toBeGreaterThanOrEqual(model.area.left);
      expect(p.x + p.radius).toBeLessThanOrEqual(model.area.right);
      expect(p.y - p.radius).toBeGreaterThanOrEqual(model.area.top);
      expect(p.y + p.radius).toBeLessThanOrEqual(model.area.bottom);
    }
  });

  it('hit-tests through the grid index and tells the values', () => {
    const model = pointsLayout(input());
    const b = model.points.find((p) => p.series.id === 'B');
    if (!b) throw new Error('no point');
    const hit = pointsHitTest(model, b.x + 3, b.y - 3);
    expect(hit?.title).toBe('B');
    expect(hit?.lines).toEqual(['Risk: 10.0', 'Return: 10.0', 'Size: 5.0']);
    expect(pointsHitTest(model, 1, 1)).toBeNull();
  });

  it('leaves hidden series out of the points and the domain', () => {
    const model = pointsLayout(input(['B']));
    expect(model.points.map((p) => p.series.id).sort()).toEqual(['A', 'C']);
    expect(model.labels.some((l) => l.text === 'B')).toBe(false);
  });

  it('shows only the zoomed window, mapped onto the whole plot, and clips at its edges', () => {
    const model = pointsLayout({ ...input(), view: { x: [-1, 6], y: [-1, 3] } });
    expect(model.clipped).toBe(true);
    expect(model.viewport.x.map(-1)).toBe(model.area.left);
    expect(model.viewport.x.map(6)).toBe(model.area.right);
    // B (10, 10) is out of the window; A and C are in.
    expect(model.points.map((p) => p.series.id).sort()).toEqual(['A', 'C']);
    expect(pointsLayout(input()).clipped).toBe(false);
  });
});
