/** `Add study: <label>` and `Remove study: <label>` for every study kind: recorded pane-setting edits. */

import type { Command } from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { readChartSettings, withoutStudy, withStudy } from './chart-settings';
import { financialPaneOf, inFinancialPaneMenu } from './financial-pane-of';
import { STUDY_KINDS } from './studies';

export function studyCommands(): Command[] {
  return STUDY_KINDS.flatMap((kind): Command[] => [
    {
      id: `study-add:${kind.id}`,
      label: `Add study: ${kind.label}`,
      group: 'Studies',
      // The toolbar's study picker, folded in a narrow chart, is this submenu.
      inPaneMenu: inFinancialPaneMenu,
      paneSubmenu: 'Add study',
      menuLabel: kind.label,
      when: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return pane;
        return readChartSettings(pane.settings).studies.includes(kind.id)
          ? `${kind.label} is already on this chart`
          : true;
      },
      perform: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const patch = withStudy(readChartSettings(pane.settings), kind.id);
        return settingsStep(pane.id, patch);
      },
    },
    {
      id: `study-remove:${kind.id}`,
      label: `Remove study: ${kind.label}`,
      group: 'Studies',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return pane;
        return readChartSettings(pane.settings).studies.includes(kind.id)
          ? true
          : `${kind.label} is not on this chart`;
      },
      perform: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const patch = withoutStudy(readChartSettings(pane.settings), kind.id);
        return settingsStep(pane.id, patch);
      },
    },
  ]);
}
