/** A financial pane's settings, read defensively from the document (it is plain JSON). */
import type { SeriesVisibility } from './financial-chart';

export interface ChartSettings {
  visibility: SeriesVisibility;
  logScale: boolean;
}

export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  visibility: { price: true, volume: true, ma: true },
  logScale: false,
};

export function readChartSettings(settings: Readonly<Record<string, unknown>>): ChartSettings {
  const v = (settings.visibility ?? {}) as Partial<SeriesVisibility>;
  return {
    visibility: {
      price: v.price !== false,
      volume: v.volume !== false,
      ma: v.ma !== false,
    },
    logScale: settings.logScale === true,
  };
}
