/**
 * What the data window lists for one chart at the crosshair time: the bar's time, open, high, low,
 * close, change and volume, the moving average, each study's outputs, and each compared symbol's
 * close there, formatted as the legend writes them. Pure, so it is unit-tested; the panel only renders rows.
 */

import { formatPrice } from '../../data/price-format';
import { countFormat, formatChange, volumeFormat } from './bar-format';
import { formatBarSpan } from './bar-time';
import type { LegendBar } from './chart-data';

export interface DataWindowRow {
  label: string;
  value: string;
}

export interface ChartReading {
  bar: LegendBar;
  previousClose: number | null;
  ma: number;
}

export interface StudyReading {
  /** Each output's label (`Upper`, `EMA 20`) and its value at the bar (NaN before the study has one). */
  outputs: readonly { label: string; value: number }[];
  /** Its values are in price units (a moving average, MACD): written at the series' decimals. */
  inPriceUnits?: boolean;
}

const valueText = (value: number, decimals?: number) =>
  Number.isFinite(value) ? formatPrice(value, decimals) : 'n/a';

export function dataWindowRows(
  reading: ChartReading,
  options: {
    intraday: boolean;
    zone: string;
    maLabel: string;
    showMa: boolean;
    studies: readonly StudyReading[];
    /** Compared symbols and their close at the bar (the latest at or before it). */
    compared?: readonly { symbol: string; close: number; decimals?: number }[];
  },
): DataWindowRow[] {
  const { bar, previousClose, ma } = reading;
  const change = {
    label: 'Change',
    value: previousClose === null ? 'n/a' : formatChange(previousClose, bar.close, bar.decimals),
  };
  const close = { label: 'Close', value: formatPrice(bar.close, bar.decimals) };
  const time = { label: 'Time', value: formatBarSpan(bar, options.intraday, options.zone) };
  // A series of closes has no open, high, low or volume of its own.
  const rows: DataWindowRow[] = bar.closesOnly
    ? [time, close, change]
    : [
        time,
        { label: 'Open', value: formatPrice(bar.open, bar.decimals) },
        { label: 'High', value: formatPrice(bar.high, bar.decimals) },
        { label: 'Low', value: formatPrice(bar.low, bar.decimals) },
        close,
        change,
        { label: 'Volume', value: volumeFormat.format(bar.volume, bar.volumeDecimals) },
      ];
  // Zoomed out, a bar stands for many: how many, right under its values.
  if (bar.span) rows.push({ label: 'Bars merged', value: countFormat.format(bar.span.merged) });
  if (options.showMa) rows.push({ label: options.maLabel, value: valueText(ma, bar.decimals) });
  for (const study of options.studies) {
    for (const output of study.outputs)
      rows.push({
        label: output.label,
        value: valueText(output.value, study.inPriceUnits ? bar.decimals : undefined),
      });
  }
  for (const { symbol, close, decimals } of options.compared ?? [])
    rows.push({ label: symbol, value: valueText(close, decimals) });
  return rows;
}
