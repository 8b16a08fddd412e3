/** Pie and donut: slices of the portfolio's holdings, their labels and the slice under the pointer. */
import type { ChartLabel, ChartModel, Hit, LayoutInput, LegendEntry } from '../common/chart';
import { paletteColor } from '../common/chart';
import type { Holding } from '../common/datasets';
import { type PolarFrame, pieSlices, polarFrame, polarPoint, type Slice, sliceAt } from '../common/polar';

export interface PieSlice extends Slice {
  symbol: string;
  color: string;
  holding: Holding;
}

export interface PieModel extends ChartModel {
  frame: PolarFrame;
  slices: PieSlice[];
  total: number;
}

/** Slices narrower than this get no label inside (their tooltip still works). */
const MIN_LABELLED_FRACTION = 0.04;

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export function pieLegend(holdings: readonly Holding[], theme: LayoutInput<unknown>['theme']): LegendEntry[] {
  return holdings.map((h, i) => ({ id: h.symbol, label: h.symbol, color: paletteColor(theme, i) }));
}

export function pieLayout(input: LayoutInput<Holding[]>, innerRatio: number): PieModel {
  const { data, hidden, theme } = input;
  const values = data.map((h) => (hidden.has(h.symbol) ? 0 : h.value));
  const frame = polarFrame(input.width, input.height, innerRatio);
  const slices: PieSlice[] = pieSlices(values).map((slice) => {
    const holding = data[slice.index] as Holding;
    return { ...slice, symbol: holding.symbol, color: paletteColor(theme, slice.index), holding };
  });
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const labelRadius = innerRatio > 0 ? (frame.innerRadius + frame.outerRadius) / 2 : frame.outerRadius * 0.62;
  const labels: ChartLabel[] = slices
    .filter((s) => s.fraction >= MIN_LABELLED_FRACTION)
    .map((s) => {
      const p = polarPoint(frame, s.midAngle, labelRadius);
      return {
        x: p.x,
        y: p.y,
        text: percent.format(s.fraction),
        align: 'middle',
        baseline: 'middle',
        tone: 'value',
      };
    });
  if (innerRatio > 0 && slices.length > 0) {
    labels.push(
      {
        x: frame.cx,
        y: frame.cy - 2,
        text: compactMoney.format(total),
        align: 'middle',
        baseline: 'bottom',
        tone: 'strong',
      },
      { x: frame.cx, y: frame.cy + 2, text: 'Portfolio', align: 'middle', baseline: 'top' },
    );
  }
  return { frame, slices, total, labels };
}

export function pieHitTest(model: PieModel, x: number, y: number): Hit | null {
  const slice = sliceAt(model.slices, model.frame, x, y) as PieSlice | null;
  if (!slice) return null;
  const h = slice.holding;
  return {
    key: slice.symbol,
    x,
    y,
    title: h.symbol,
    lines: [
      `${percent.format(slice.fraction)} of the portfolio`,
      `${money.format(h.value)} (${h.units} × ${h.price.toFixed(2)})`,
    ],
  };
}

/** Where each slice is read by the data cursor, in drawing order: the middle of the slice. */
export function pieAnchors(model: PieModel): { x: number; y: number }[] {
  const { frame } = model;
  const radius = (frame.innerRadius + frame.outerRadius) / 2;
  return model.slices.map((slice) => polarPoint(frame, slice.midAngle, radius));
}
