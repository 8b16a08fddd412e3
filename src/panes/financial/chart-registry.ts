/** The live chart of each financial pane, so keyboard commands can reach the focused one. */
import { createPaneHandles } from '../../workspace/pane-handles';
import type { FinancialChart } from './financial-chart';

const charts = createPaneHandles<FinancialChart>();

export const registerChart = charts.register;
export const chartOf = charts.of;
