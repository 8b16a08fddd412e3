/** The pane a chart command acts on, when it is a financial chart: shared by the chart and study commands. */
import type { Availability, CommandContext } from '../../commands/command';
import type { PaneState } from '../../state/workspace-document';
import { isFinancialKind } from './financial-kinds';

/** The command's pane if it is a financial chart, else why the command cannot run there. */
export function financialPaneOf(ctx: CommandContext): PaneState | string {
  const pane = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
  return pane && isFinancialKind(pane.kind) ? pane : 'The focused pane is not a financial chart';
}

/**
 * `inPaneMenu` of a chart command that is also a toolbar control: the pane menu is where the toolbar's
 * folded controls are (its `More chart tools` button opens it), on financial panes only.
 */
export function inFinancialPaneMenu(ctx: CommandContext): boolean {
  return typeof financialPaneOf(ctx) !== 'string';
}

/** `when` of a command that needs a focused financial chart. */
export function onFinancialPane(ctx: CommandContext): Availability {
  const pane = financialPaneOf(ctx);
  return typeof pane === 'string' ? pane : true;
}
