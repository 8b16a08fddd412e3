import { type RefObject, useEffect } from 'react';
import type { BarsResult } from '../../../core/protocol';
import { useDocument } from '../../commands/use-workstation';
import { useSessionStore } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import { useDisplayTheme } from '../../themes/use-display-theme';
import type { ChartSettings } from './chart-settings';
import type { FinancialChart } from './financial-chart';

/**
 * Applies the pane's settings and the workspace theme to its chart: studies, series visibility and
 * the log scale. A log scale the data cannot take (prices at or below zero) is refused by the chart;
 * the session records the refusal for the legend to say so.
 */
export function useChartOptions(
  paneId: PaneId,
  settings: ChartSettings,
  /** The bars on the chart; null while they load. Whether a log scale fits depends on them. */
  bars: BarsResult | null,
  chartRef: RefObject<FinancialChart | null>,
): void {
  const session = useSessionStore();
  const themeId = useDocument((s) => s.document.theme);
  const theme = useDisplayTheme(themeId);
  useEffect(() => chartRef.current?.applyTheme(theme), [theme, chartRef]);

  const studyKey = settings.studies.join(',');
  const hiddenStudyKey = settings.hiddenStudies.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the two id lists
  useEffect(() => {
    chartRef.current?.setStudies(settings.studies, settings.hiddenStudies);
  }, [studyKey, hiddenStudyKey, chartRef]);

  const { price, volume, ma } = settings.visibility;
  useEffect(() => {
    chartRef.current?.setVisibility({ price, volume, ma });
  }, [price, volume, ma, chartRef]);

  const { logScale } = settings;
  useEffect(() => {
    if (!bars) return;
    const applied = chartRef.current?.setLogScale(logScale) ?? false;
    session.setState((s) => ({ logRefused: { ...s.logRefused, [paneId]: logScale && !applied } }));
  }, [logScale, bars, paneId, session, chartRef]);
}
