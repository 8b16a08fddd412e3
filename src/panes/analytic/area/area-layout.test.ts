import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import { type AreaData, areaHitTest, areaLayout } from './area-layout';

const theme = getTheme('default');
const month = (m: number) => Date.UTC(2001, m, 1) / 1000;
const data: AreaData = {
  time: [month(0), month(1), month(2)],
  series: [
    { id: 'A', label: 'A', colorIndex: 0, values: [10, 20, 30] },
    { id: 'B', label: 'B', colorIndex: 1, values: [5, 5, 5] },
  ],
  valueLabel: 'Value',
  format: (v) => String(v),
};
const input = (hidden: string[] = []) => ({
  data,
  width: 400,
  height: 300,
  hidden: new Set(hidden),
  settings: {},
  theme,
});

describe('stacked area layout', () => {
  it('stacks each band on the visible bands before it', () => {
    const model = areaLayout(input());
    const [a, b] = model.bands;
    expect(b?.y0).toEqual(a?.y1);
    expect(b?.y1).toEqual([15, 25, 35]);
    // A closed outline: top edge left to right, then the bottom edge back.
    expect(a?.polygon).toHaveLength(data.time.length * 4);
    expect(a?.polygon.slice(0, 2)).toEqual([model.xs[0], a?.top[1]]);
  });

  it('lets a hidden band take no space', () => {
    const model = areaLayout(input(['A']));
    expect(model.bands.map((b) => b.series.id)).toEqual(['B']);
    expect(model.bands[0]?.y0).toEqual([0, 0, 0]);
  });

  it('labels the time axis and finds the band under the pointer at the nearest month', () => {
    const model = areaLayout(input());
    expect(model.labels.map((l) => l.text)).toContain('Feb 2001');
    const i = 1;
    const x = (model.xs[i] as number) + 3;
    const yInB = (model.area.bottom + model.area.top) / 2;
    const hitB = areaHitTest(model, x, model.bands[1] ? yInB : 0);
    expect(hitB?.title).toMatch(/^(A|B) · Feb 2001$/);
    const bottom = areaHitTest(model, x, model.area.bottom - 1);
    expect(bottom?.title).toBe('A · Feb 2001');
    expect(bottom?.lines).toEqual(['20', 'Stack total 25']);
    expect(areaHitTest(model, x, model.area.top + 1)).toBeNull();
  });
});
