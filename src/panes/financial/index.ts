import type { PaneKind } from '../../workspace/pane-registry';
import { chartSettingsSchema, readChartSettings } from './chart-settings';
import { FINANCIAL_KINDS } from './financial-kinds';
import { FinancialPane } from './financial-pane';
import { FinancialToolbar } from './financial-toolbar';

/** The seven financial chart kinds: one view, one toolbar, seven registry entries. */
export const financialKinds: PaneKind[] = FINANCIAL_KINDS.map((kind) => ({
  id: kind.id,
  label: kind.label,
  family: 'financial',
  defaultSymbol: 'SPX',
  title: (pane) => `${pane.symbol} · ${kind.label}`,
  View: FinancialPane,
  Toolbar: FinancialToolbar,
  settings: chartSettingsSchema,
  // Linked charts share their interval unless one keeps its own (a 1D and a 5m chart of one symbol).
  linkedSettings: (pane) => (readChartSettings(pane.settings).ownInterval ? [] : ['interval']),
  // Compared symbols and keeping its own interval are this pane's, not a setup to save.
  ownSettings: ['compare', 'ownInterval'],
}));

export { AnnotationsPanel } from './annotations/annotations-panel';
export { financialCommands } from './chart-commands';
