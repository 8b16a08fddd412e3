import type { PaneKind } from '../../workspace/pane-registry';
import { chartSettingsSchema } from './chart-settings';
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
}));

export { AnnotationsPanel } from './annotations/annotations-panel';
export { financialCommands } from './chart-commands';
