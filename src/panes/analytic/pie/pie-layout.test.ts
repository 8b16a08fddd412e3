import { describe, expect, it } from 'vitest';
import { getTheme } from '../../../themes/themes';
import type { Holding } from '../common/datasets';
import { DONUT_INNER_RATIO, polarPoint } from '../common/polar';
import { pieHitTest, pieLayout, pieLegend } from './pie-layout';

const theme = getTheme('default');
const holdings: Holding[] = [
  { symbol: 'A', units: 1, price: 50, value: 50, weight: 0.5 },
  { symbol: 'B', units: 1, price: 30, value: 30, weight: 0.3 },
  { symbol: 'C', units: 1, price: 20, value: 20, weight: 0.2 },
];
const input = (hidden: string[] = []) => ({
  data: holdings,
  width: 300,
  height: 300,
  hidden: new Set(hidden),
  settings: {},
  theme,
});

describe('pie and donut layout', () => {
  it('gives each holding a slice in its palette colour, and the donut a hole', () => {
    const donut = pieLayout(input(), DONUT_INNER_RATIO);
    expect(donut.slices.map((s) => s.symbol)).toEqual(['A', 'B', 'C']);
    expect(donut.slices.map((s) => s.color)).toEqual(theme.palette.slice(0, 3));
    expect(donut.frame.innerRadius).toBeCloseTo(donut.frame.outerRadius * DONUT_INNER_RATIO);
    expect(pieLayout(input(), 0).frame.innerRadius).toBe(0);
    expect(donut.labels.map((l) => l.text)).toEqual(['50%', '30%', '20%', '$100', 'Portfolio']);
  });

  it('drops hidden holdings and keeps colours stable', () => {
    const model = pieLayout(input(['A']), 0);
    expect(model.slices.map((s) => [s.symbol, s.fraction])).toEqual([
      ['B', 0.6],
      ['C', 0.4],
    ]);
    expect(model.slices[0]?.color).toBe(theme.palette[1]);
    expect(pieLegend(holdings, theme).map((e) => e.id)).toEqual(['A', 'B', 'C']);
  });

  it("shows the hovered slice's share and value", () => {
    const model = pieLayout(input(), DONUT_INNER_RATIO);
    const slice = model.slices[1];
    if (!slice) throw new Error('no slice');
    const p = polarPoint(model.frame, slice.midAngle, model.frame.outerRadius - 4);
    const hit = pieHitTest(model, p.x, p.y);
    expect(hit?.title).toBe('B');
    expect(hit?.lines[0]).toBe('30% of the portfolio');
    expect(pieHitTest(model, model.frame.cx, model.frame.cy)).toBeNull();
  });
});
