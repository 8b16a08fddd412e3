/** The live chart of each financial pane, so keyboard commands can reach the focused one. */
import { useSyncExternalStore } from 'react';
import { createPaneHandles } from '../../workspace/pane-handles';
import type { FinancialChart } from './financial-chart';

const charts = createPaneHandles<FinancialChart>();

export const registerChart = charts.register;
export const chartOf = charts.of;

/** Re-renders when a chart is created or removed; returns a number that changes each time. */
export function useChartsVersion(): number {
  return useSyncExternalStore(charts.subscribe, charts.version);
}
