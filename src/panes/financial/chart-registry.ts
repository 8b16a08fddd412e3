/** The live chart of each financial pane, so keyboard commands can reach the focused one. */
import type { FinancialChart } from './financial-chart';

const charts = new Map<string, FinancialChart>();

export function registerChart(paneId: string, chart: FinancialChart): () => void {
  charts.set(paneId, chart);
  return () => {
    if (charts.get(paneId) === chart) charts.delete(paneId);
  };
}

export function chartOf(paneId: string | null): FinancialChart | undefined {
  return paneId ? charts.get(paneId) : undefined;
}
