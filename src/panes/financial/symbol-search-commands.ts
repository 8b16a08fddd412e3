/**
 * The symbol search of a chart: letters typed on a focused chart open it with what was typed (as in
 * TradingView, where it is the most used action), and `Change symbol…` opens it from the palette,
 * the pane menu or the toolbar. Choosing in it runs `set-pane-symbol` or `add-compared-symbol`.
 */
import type { Command, CommandContext } from '../../commands/command';
import { openDialog } from '../../session/session-actions';
import { onFinancialPane } from './financial-pane-of';

/**
 * The letters that open the search. `x` adds a cross-line (the test contract's key), so XOM is typed
 * with Shift, or after another letter is deleted; with Shift every letter opens it, in capitals.
 */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

function openSymbolSearch(ctx: CommandContext, typed: string): void {
  ctx.session.setState({ symbolSearch: ctx.paneId ? { paneId: ctx.paneId, typed } : null });
  openDialog(ctx.session, 'symbol-search');
}

export function symbolSearchCommands(): Command[] {
  return [
    {
      id: 'chart-symbol-search',
      label: 'Change symbol…',
      group: 'Chart',
      inPaneMenu: true,
      when: onFinancialPane,
      perform: (ctx) => openSymbolSearch(ctx, ''),
    },
    ...LETTERS.map(
      (letter): Command => ({
        id: `chart-symbol-type:${letter}`,
        label: 'Type a symbol',
        group: 'Chart',
        keys: [...(letter === 'x' ? [] : [letter]), `Shift+Key${letter.toUpperCase()}`],
        scope: 'chart',
        needsArgs: true,
        when: onFinancialPane,
        perform: (ctx) => openSymbolSearch(ctx, letter.toUpperCase()),
      }),
    ),
  ];
}
