/**
 * The active price alerts of a chart's symbol, as TradingView shows them: a dashed line across the
 * pane at each alert's level with a label on the price axis (`Alert ↑ 92,000.00`), in the theme's
 * warning colour. An alert on a drawing has the drawing itself for a line. lightweight-charts' price
 * lines belong to a series, so they are made again whenever the main series is.
 */
import { type IPriceLine, LineStyle } from 'lightweight-charts';
import type { AlertCondition } from '../../../core/protocol';
import type { Theme } from '../../themes/theme';
import { textOn } from './annotations/shape-renderer';
import type { AnySeries } from './main-series';

export interface AlertLevel {
  id: string;
  price: number;
  condition: AlertCondition;
}

const MARKS: Record<AlertCondition, string> = {
  crosses: 'Alert',
  'crosses-up': 'Alert ↑',
  'crosses-down': 'Alert ↓',
  enters: 'Alert',
  exits: 'Alert',
};

export class AlertLines {
  private levels: readonly AlertLevel[] = [];
  private lines: IPriceLine[] = [];
  /** The main series the lines are on, and the theme they are drawn in. */
  private target: { series: AnySeries; theme: Theme } | null = null;

  /** The same levels again (a re-render) change nothing: the lines are made only when they differ. */
  set(levels: readonly AlertLevel[]): void {
    const same =
      levels.length === this.levels.length &&
      levels.every((l, i) => {
        const was = this.levels[i];
        return was?.id === l.id && was.price === l.price && was.condition === l.condition;
      });
    if (same) return;
    this.levels = levels;
    this.draw();
  }

  /**
   * The main series was made again (a chart type or theme change): the lines are made on it, in
   * `theme`'s warning colour.
   */
  attach(series: AnySeries, theme: Theme): void {
    this.clear();
    this.target = { series, theme };
    this.draw();
  }

  /** Before the main series is removed. */
  detach(): void {
    this.clear();
    this.target = null;
  }

  private clear(): void {
    for (const line of this.lines) this.target?.series.removePriceLine(line);
    this.lines = [];
  }

  private draw(): void {
    this.clear();
    if (!this.target) return;
    const { series, theme } = this.target;
    const color = theme.colors.warning;
    this.lines = this.levels.map((level) =>
      series.createPriceLine({
        id: level.id,
        price: level.price,
        color,
        lineWidth: 1,
        lineStyle: LineStyle.LargeDashed,
        axisLabelVisible: true,
        axisLabelColor: color,
        axisLabelTextColor: textOn(color),
        title: MARKS[level.condition],
      }),
    );
  }
}
