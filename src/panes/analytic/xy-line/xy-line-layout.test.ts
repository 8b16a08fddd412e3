import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import { Y_SCALE } from '../common/chart';
import { X_AXIS, type XyLineData, xyLineHitTest, xyLineLayout } from './xy-line-layout';

const theme = getTheme('default');
const data: XyLineData = {
  x: [1, 3, 12, 60],
  categories: ['1M', '3M', '1Y', '5Y'],
  series: [
    { id: 'A', label: 'A', colorIndex: 0, values: [2, 3, 4, 5] },
    { id: 'B', label: 'B', colorIndex: 1, values: [-1, 1, 2, Number.NaN] },
  ],
  xLabel: 'Months',
  yLabel: 'Return',
  format: (v) => `${v}%`,
};
const input = (settings: Record<string, string> = {}, hidden: string[] = []) => ({
  data,
  width: 500,
  height: 300,
  hidden: new Set(hidden),
  settings,
  theme,
});

describe('xy line layout', () => {
  it('spaces points by their numeric x, or evenly as categories', () => {
    const numeric = xyLineLayout(input());
    const [a] = numeric.lines;
    const xs = (a?.points ?? []).filter((_, i) => i % 2 === 0);
    expect(xs[3] as number).toBeGreaterThan(xs[2] as number);
    // 1 -> 3 months is much shorter than 12 -> 60 months on a numeric axis.
    expect((xs[1] as number) - (xs[0] as number)).toBeLessThan(((xs[3] as number) - (xs[2] as number)) / 10);
    const category = xyLineLayout(input({ [X_AXIS.key]: 'category' }));
    const cx = (category.lines[0]?.points ?? []).filter((_, i) => i % 2 === 0);
    expect((cx[1] as number) - (cx[0] as number)).toBeCloseTo((cx[3] as number) - (cx[2] as number));
    expect(category.labels.map((l) => l.text)).toEqual(expect.arrayContaining(['1M', '3M', '1Y', '5Y']));
  });

  it('skips missing values and hidden series', () => {
    const model = xyLineLayout(input({}, ['A']));
    expect(model.lines.map((l) => l.series.id)).toEqual(['B']);
    expect(model.markers).toHaveLength(3);
  });

  it('warns and stays linear when a log axis would have to show zero or less', () => {
    const crossing = xyLineLayout(input({ [Y_SCALE.key]: 'log' }));
    expect(crossing.warning).toMatch(/crosses or contains zero/);
    const positive = xyLineLayout(input({ [Y_SCALE.key]: 'log' }, ['B']));
    expect(positive.warning).toBeNull();
    expect(xyLineLayout(input()).warning).toBeNull();
  });

  it('finds the nearest marker within reach', () => {
    const model = xyLineLayout(input({ [X_AXIS.key]: 'category' }));
    const m = model.markers.find((k) => k.key === 'A:2');
    if (!m) throw new Error('no marker');
    expect(xyLineHitTest(model, m.x + 4, m.y - 3)).toMatchObject({ title: 'A · 1Y', lines: ['4%'] });
    expect(xyLineHitTest(model, m.x + 40, m.y + 60)).toBeNull();
  });
});
