/**
 * A financial pane's settings: its schema (every field falls back to its default, so old or damaged
 * documents read as complete settings) and the typed patches its commands make.
 */
import * as v from 'valibot';
import { intervalText, parseInterval } from '../../../core/bars/interval';
import { createSettingsReader, distinctStrings } from '../../state/pane-settings';
import { OUT_OF_SESSION_MODES } from './session-marks';
import { getStudyKind } from './studies';

const shown = v.fallback(v.boolean(), true);

export const COMPARE_SCALES = ['percent', 'indexed'] as const;
export type CompareScale = (typeof COMPARE_SCALES)[number];

/** Symbols one chart compares at most: more lines than this are unreadable on one scale. */
export const MAX_COMPARED = 5;

/** Known study ids, each once, in the order they were added; anything else is dropped. */
const studyIds = v.fallback(
  v.pipe(
    v.array(v.unknown()),
    v.transform((ids) => [
      ...new Set(ids.filter((id): id is string => typeof id === 'string' && getStudyKind(id) !== undefined)),
    ]),
  ),
  [],
);

export const chartSettingsSchema = v.pipe(
  v.object({
    visibility: v.fallback(v.object({ price: shown, volume: shown, ma: shown }), {
      price: true,
      volume: true,
      ma: true,
    }),
    logScale: v.fallback(v.boolean(), false),
    /** The bar interval (`5m`, `1h`, `1D`, `1W`...), in canonical form; null: the data's own. */
    interval: v.fallback(
      v.nullable(
        v.pipe(
          v.string(),
          v.check((text) => parseInterval(text) !== null),
          v.transform((text) => intervalText(parseInterval(text) ?? { count: 1, unit: 'D' })),
        ),
      ),
      null,
    ),
    /** Intraday bars outside the symbol's trading session: shown as they are, shaded, or left out. */
    outOfSession: v.fallback(v.picklist(OUT_OF_SESSION_MODES), 'show'),
    /** A dashed line at each session open (intraday charts of a symbol with a session). */
    sessionBreaks: v.fallback(v.boolean(), false),
    /** Keeps this interval when charts linked with it change theirs (they share it otherwise). */
    ownInterval: v.fallback(v.boolean(), false),
    /** Study ids (studies.ts) in the order they were added. */
    studies: studyIds,
    /** Studies kept on the pane but not drawn (their legend item unchecked). */
    hiddenStudies: studyIds,
    /** Other symbols compared with the pane's (lines in percent), each once, at most MAX_COMPARED. */
    compare: distinctStrings(MAX_COMPARED),
    /** How compared symbols are scaled: percent from the first bar in view, or indexed to 100 there. */
    compareScale: v.fallback(v.picklist(COMPARE_SCALES), 'percent'),
  }),
  // A hidden study is one of the pane's studies.
  v.transform((s) => ({ ...s, hiddenStudies: s.hiddenStudies.filter((id) => s.studies.includes(id)) })),
);

export type ChartSettings = v.InferOutput<typeof chartSettingsSchema>;

export const readChartSettings = createSettingsReader(chartSettingsSchema);

/** The settings patch that adds a study (at the end; nothing when it is there already). */
export function withStudy(settings: ChartSettings, id: string): Partial<ChartSettings> {
  return settings.studies.includes(id) ? {} : { studies: [...settings.studies, id] };
}

/** The settings patch that removes a study, and forgets that it was hidden. */
export function withoutStudy(settings: ChartSettings, id: string): Partial<ChartSettings> {
  return {
    studies: settings.studies.filter((s) => s !== id),
    hiddenStudies: settings.hiddenStudies.filter((s) => s !== id),
  };
}

/** The settings patch that shows a hidden study or hides a shown one. */
export function withStudyToggled(settings: ChartSettings, id: string): Partial<ChartSettings> {
  const hidden = settings.hiddenStudies.includes(id);
  return {
    hiddenStudies: hidden ? settings.hiddenStudies.filter((s) => s !== id) : [...settings.hiddenStudies, id],
  };
}

/** The settings patch that compares one more symbol (nothing when it is there or the list is full). */
export function withCompared(settings: ChartSettings, symbol: string): Partial<ChartSettings> {
  if (settings.compare.includes(symbol) || settings.compare.length >= MAX_COMPARED) return {};
  return { compare: [...settings.compare, symbol] };
}

export function withoutCompared(settings: ChartSettings, symbol: string): Partial<ChartSettings> {
  return { compare: settings.compare.filter((s) => s !== symbol) };
}
