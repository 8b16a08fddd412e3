/**
 * The study overlays of one financial chart: for each study a pane adds (studies.ts), its outputs as
 * lightweight-charts series, over the price or in a chart pane of their own below the volume. The
 * values are computed on the main thread from the bars the chart shows: a few thousand at most
 * (chart-feed.ts), so a full pass costs well under a millisecond.
 */
import {
  AreaSeries,
  type DeepPartial,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type PriceFormat,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { upperBound } from '../../../core/bars/sorted-search';
import type { BarsResult } from '../../../core/protocol';
import type { Theme } from '../../themes/theme';
import { valueRow } from './chart-rows';
import { getStudyKind, type StudyKind, type StudyOutput } from './studies';

interface ShownStudy {
  kind: StudyKind;
  /** One series per output, in the order of `kind.outputs`. */
  series: ISeriesApi<SeriesType, Time>[];
  /** The values last computed, per output key. */
  values: Record<string, Float64Array> | null;
}

/** The colour of a study output: a slot of the theme's palette (histograms a little translucent). */
export function studyColour(theme: Theme, output: Pick<StudyOutput, 'colour' | 'type'>): string {
  const palette = theme.palette;
  const base = palette[output.colour % palette.length] ?? theme.colors.accent;
  return output.type === 'line' ? base : `${base}${output.type === 'area' ? '40' : 'b0'}`;
}

export class StudySeries {
  private readonly shown = new Map<string, ShownStudy>();
  private bars: BarsResult | null = null;
  /** The main series' price format: studies in price units write values as it does. */
  private priceFormat: DeepPartial<PriceFormat> | undefined;

  constructor(
    private readonly chart: IChartApi,
    private theme: Theme,
    /** Called whenever the values change (the legend shows them). */
    private readonly changed: () => void = () => {},
  ) {}

  /** Shows exactly these studies (in this order of adding); `hidden` ones stay but are not drawn. */
  set(ids: readonly string[], hidden: ReadonlySet<string>): void {
    for (const [id, study] of this.shown) {
      if (ids.includes(id)) continue;
      for (const s of study.series) this.chart.removeSeries(s);
      this.shown.delete(id);
    }
    for (const id of ids) {
      const kind = getStudyKind(id);
      if (!kind) continue;
      let study = this.shown.get(id);
      if (!study) {
        study = { kind, series: this.createSeries(kind), values: null };
        this.shown.set(id, study);
        if (this.bars) this.draw(study, this.bars);
      }
      const visible = !hidden.has(id);
      for (const s of study.series) s.applyOptions({ visible });
    }
    this.changed();
  }

  /** The price format of the series' prices (their decimals), for the studies in price units. */
  setPriceFormat(priceFormat: DeepPartial<PriceFormat>): void {
    this.priceFormat = priceFormat;
    for (const study of this.shown.values()) {
      if (study.kind.priceUnits) for (const s of study.series) s.applyOptions({ priceFormat });
    }
  }

  /** Every study's values for these bars, drawn with `setData`. */
  setData(bars: BarsResult): void {
    this.bars = bars;
    for (const study of this.shown.values()) this.draw(study, bars);
    if (this.shown.size > 0) this.changed();
  }

  /**
   * The bars changed from index `from` on (the live feed): values are computed again, but only the
   * changed rows go to lightweight-charts (`historical` for a row before the last one shown).
   */
  update(bars: BarsResult, from: number, previousLength: number): void {
    this.bars = bars;
    for (const study of this.shown.values()) this.draw(study, bars, { from, previousLength });
    if (this.shown.size > 0) this.changed();
  }

  /** Empties every study's series (another symbol is loading; see FinancialChart.clear). */
  clear(): void {
    this.bars = null;
    for (const study of this.shown.values()) {
      study.values = null;
      for (const s of study.series) s.setData([]);
    }
    if (this.shown.size > 0) this.changed();
  }

  applyTheme(theme: Theme): void {
    this.theme = theme;
    for (const study of this.shown.values()) {
      study.kind.outputs.forEach((output, k) => {
        study.series[k]?.applyOptions(this.colourOptions(output));
      });
    }
  }

  /**
   * Each output's value at the bar at or before `time` (the latest bar for null), NaN where the study
   * has none yet; empty before the study has values.
   */
  valuesAt(id: string, time: number | null): number[] {
    const study = this.shown.get(id);
    const bars = this.bars;
    if (!study?.values || !bars || bars.time.length === 0) return [];
    // The last bar at or before `time` (the first, before it).
    const index = time === null ? bars.time.length - 1 : Math.max(0, upperBound(bars.time, time) - 1);
    return study.kind.outputs.map((o) => study.values?.[o.key]?.[index] ?? Number.NaN);
  }

  /**
   * Computes the study's values for these bars and draws them: all with `setData`, or with `changed`
   * only the rows from `changed.from` on, by `series.update`.
   */
  private draw(
    study: ShownStudy,
    bars: BarsResult,
    changed?: { from: number; previousLength: number },
  ): void {
    const values = study.kind.compute(bars);
    study.values = values;
    const time = bars.time;
    study.kind.outputs.forEach((output, k) => {
      const column = values[output.key];
      const series = study.series[k];
      if (!column || !series) return;
      const row = (i: number) => valueRow(time[i] as number, column[i] as number);
      if (!changed) {
        series.setData(Array.from({ length: time.length }, (_, i) => row(i)));
        return;
      }
      for (let i = Math.max(0, changed.from); i < time.length; i++) {
        series.update(row(i), i < changed.previousLength - 1);
      }
    });
  }

  private createSeries(kind: StudyKind): ISeriesApi<SeriesType, Time>[] {
    // Over the price: the main pane. Otherwise a new chart pane, shared by the study's outputs.
    const paneIndex = kind.placement === 'price' ? 0 : this.chart.panes().length;
    const common = {
      priceLineVisible: false,
      lastValueVisible: kind.placement === 'own',
      title: '',
      ...(kind.priceUnits && this.priceFormat ? { priceFormat: this.priceFormat } : {}),
    };
    const series = kind.outputs.map((output): ISeriesApi<SeriesType, Time> => {
      const colours = this.colourOptions(output);
      if (output.type === 'histogram') {
        return this.chart.addSeries(HistogramSeries, { ...common, ...colours }, paneIndex);
      }
      if (output.type === 'area') {
        return this.chart.addSeries(AreaSeries, { ...common, ...colours, lineWidth: 1 }, paneIndex);
      }
      return this.chart.addSeries(
        LineSeries,
        {
          ...common,
          ...colours,
          lineWidth: 1,
          lineStyle: output.dashed ? LineStyle.Dashed : LineStyle.Solid,
          crosshairMarkerVisible: false,
        },
        paneIndex,
      );
    });
    if (kind.placement === 'own') this.chart.panes()[paneIndex]?.setStretchFactor(0.3);
    return series;
  }

  private colourOptions(output: StudyOutput): Record<string, string> {
    const colour = studyColour(this.theme, output);
    if (output.type === 'histogram') return { color: colour };
    if (output.type === 'area') {
      return {
        lineColor: studyColour(this.theme, { ...output, type: 'line' }),
        topColor: colour,
        bottomColor: colour,
      };
    }
    return { color: colour };
  }
}
