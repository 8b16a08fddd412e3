/** A financial pane's settings, read defensively from the document (it is plain JSON). */
import type { SeriesVisibility } from './financial-chart';
import { readStudies } from './studies';

export interface ChartSettings {
  visibility: SeriesVisibility;
  logScale: boolean;
  /** Study ids (studies.ts) in the order they were added. */
  studies: string[];
  /** Studies kept on the pane but not drawn (their legend item unchecked). */
  hiddenStudies: string[];
}

export function readChartSettings(settings: Readonly<Record<string, unknown>>): ChartSettings {
  const v = (settings.visibility ?? {}) as Partial<SeriesVisibility>;
  const studies = readStudies(settings.studies);
  return {
    visibility: {
      price: v.price !== false,
      volume: v.volume !== false,
      ma: v.ma !== false,
    },
    logScale: settings.logScale === true,
    studies,
    hiddenStudies: readStudies(settings.hiddenStudies).filter((id) => studies.includes(id)),
  };
}

/** The settings patch that adds a study (at the end; nothing when it is there already). */
export function withStudy(
  settings: ChartSettings,
  id: string,
): Partial<Record<keyof ChartSettings, unknown>> {
  return settings.studies.includes(id) ? {} : { studies: [...settings.studies, id] };
}

/** The settings patch that removes a study, and forgets that it was hidden. */
export function withoutStudy(
  settings: ChartSettings,
  id: string,
): Partial<Record<keyof ChartSettings, unknown>> {
  return {
    studies: settings.studies.filter((s) => s !== id),
    hiddenStudies: settings.hiddenStudies.filter((s) => s !== id),
  };
}

/** The settings patch that shows a hidden study or hides a shown one. */
export function withStudyToggled(
  settings: ChartSettings,
  id: string,
): Partial<Record<keyof ChartSettings, unknown>> {
  const hidden = settings.hiddenStudies.includes(id);
  return {
    hiddenStudies: hidden ? settings.hiddenStudies.filter((s) => s !== id) : [...settings.hiddenStudies, id],
  };
}
