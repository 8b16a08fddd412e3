/**
 * Compare: other symbols on a chart as lines in percent from the first bar in view. The list is a
 * pane setting, so adding and removing are recorded steps; `Compare symbol…` asks which symbol.
 */

import { type Command, defineCommand } from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { openDialog } from '../../session/session-actions';
import { MAX_COMPARED, readChartSettings, withCompared, withoutCompared } from './chart-settings';
import { financialPaneOf } from './financial-pane-of';

declare module '../../commands/command' {
  interface CommandArgs {
    'add-compared-symbol': { readonly symbol: string };
    'remove-compared-symbol': { readonly symbol: string };
  }
}

export function compareCommands(): Command[] {
  return [
    {
      id: 'show-compare-symbol',
      label: 'Compare symbol…',
      group: 'Chart',
      inPaneMenu: true,
      when: (ctx) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return pane;
        return readChartSettings(pane.settings).compare.length >= MAX_COMPARED
          ? `A chart compares at most ${MAX_COMPARED} symbols`
          : true;
      },
      perform: (ctx) => openDialog(ctx.session, 'compare-symbol'),
    },
    defineCommand({
      id: 'add-compared-symbol',
      label: 'Add compared symbol',
      group: 'Chart',
      needsArgs: true,
      when: (ctx, { symbol }) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return pane;
        if (symbol === pane.symbol) return `${symbol} is the chart's own symbol`;
        const { compare } = readChartSettings(pane.settings);
        if (compare.includes(symbol)) return `${symbol} is compared already`;
        return compare.length >= MAX_COMPARED ? `A chart compares at most ${MAX_COMPARED} symbols` : true;
      },
      perform: (ctx, { symbol }) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const patch = withCompared(readChartSettings(pane.settings), symbol);
        return settingsStep(pane.id, patch);
      },
    }),
    ...(['percent', 'indexed'] as const).map(
      (scale): Command => ({
        id: `compare-scale:${scale}`,
        label: scale === 'percent' ? 'Compare in percent' : 'Compare indexed to 100',
        group: 'Chart',
        inPaneMenu: true,
        toggleGroup: 'compare-scale',
        hiddenWhenUnavailable: true,
        when: (ctx) => {
          const pane = financialPaneOf(ctx);
          if (typeof pane === 'string') return pane;
          const settings = readChartSettings(pane.settings);
          if (settings.compare.length === 0) return 'The chart compares no symbol';
          return settings.compareScale === scale ? 'The chart compares so already' : true;
        },
        perform: (ctx) => {
          const pane = financialPaneOf(ctx);
          if (typeof pane === 'string') return;
          return settingsStep(pane.id, { compareScale: scale });
        },
      }),
    ),
    defineCommand({
      id: 'remove-compared-symbol',
      label: 'Remove compared symbol',
      group: 'Chart',
      needsArgs: true,
      when: (ctx) => {
        const pane = financialPaneOf(ctx);
        return typeof pane === 'string' ? pane : true;
      },
      perform: (ctx, { symbol }) => {
        const pane = financialPaneOf(ctx);
        if (typeof pane === 'string') return;
        const patch = withoutCompared(readChartSettings(pane.settings), symbol);
        return settingsStep(pane.id, patch);
      },
    }),
  ];
}
