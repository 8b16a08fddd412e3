/**
 * Watchlist commands: sorting by a column, and choosing a row, which sets the pane's symbol (and
 * through its link group the symbol of every linked pane). Arrowing through rows is one undo step.
 * The grid's keys are declared here in the `watchlist` scope; the table supplies the rows it shows.
 */
import { type Command, type CommandTarget, type DocumentStep, defineCommand } from '../../commands/command';
import { mergeBy, RECORD } from '../../state/history';
import { setPaneSettings, setSymbol } from '../../state/workspace-edits';
import { nextSort, type WatchlistColumn } from './watchlist-rows';
import { readSort } from './watchlist-settings';

export interface WatchlistRowArgs extends CommandTarget {
  readonly paneId: string;
  /** The symbols in the order the grid shows them. */
  readonly rows: readonly string[];
  /** The row that has keyboard focus. */
  readonly index: number;
}

declare module '../../commands/command' {
  interface CommandArgs {
    'sort-watchlist': { readonly paneId: string; readonly column: WatchlistColumn };
    'watchlist-choose-symbol': { readonly paneId: string; readonly symbol: string };
    'watchlist-next-row': WatchlistRowArgs;
    'watchlist-previous-row': WatchlistRowArgs;
    'watchlist-first-row': WatchlistRowArgs;
    'watchlist-last-row': WatchlistRowArgs;
    'watchlist-choose-row': WatchlistRowArgs;
  }
}

/** A burst of symbol choices in one pane (arrowing through the rows) is one undo step. */
const chooseSymbol = (paneId: string, symbol: string): DocumentStep => ({
  edit: (d) => setSymbol(d, paneId, symbol),
  history: mergeBy(`symbol:${paneId}`),
});

function rowCommand(
  id: 'watchlist-next-row' | 'watchlist-previous-row' | 'watchlist-first-row' | 'watchlist-last-row',
  label: string,
  key: string,
  target: (index: number, count: number) => number,
): Command {
  return defineCommand({
    id,
    label,
    group: 'Watchlist',
    keys: [key],
    scope: 'watchlist',
    needsArgs: true,
    perform: (_ctx, { paneId, rows, index }) => {
      const symbol = rows[Math.max(0, Math.min(rows.length - 1, target(index, rows.length)))];
      return symbol === undefined ? undefined : chooseSymbol(paneId, symbol);
    },
  });
}

export function watchlistCommands(): Command[] {
  return [
    defineCommand({
      id: 'sort-watchlist',
      label: 'Sort watchlist',
      group: 'Watchlist',
      needsArgs: true,
      perform: (ctx, { paneId, column }) => {
        const pane = ctx.workspace.getDocument().panes[paneId];
        if (!pane) return;
        const sort = nextSort(readSort(pane.settings), column);
        return { edit: (d) => setPaneSettings(d, paneId, { sort }), history: RECORD };
      },
    }),
    defineCommand({
      id: 'watchlist-choose-symbol',
      label: 'Choose watchlist symbol',
      group: 'Watchlist',
      needsArgs: true,
      perform: (_ctx, { paneId, symbol }) => chooseSymbol(paneId, symbol),
    }),
    rowCommand('watchlist-next-row', 'Next watchlist row', 'ArrowDown', (i) => i + 1),
    rowCommand('watchlist-previous-row', 'Previous watchlist row', 'ArrowUp', (i) => i - 1),
    rowCommand('watchlist-first-row', 'First watchlist row', 'Home', () => 0),
    rowCommand('watchlist-last-row', 'Last watchlist row', 'End', (_i, count) => count - 1),
    defineCommand({
      id: 'watchlist-choose-row',
      label: 'Choose watchlist row',
      group: 'Watchlist',
      keys: ['Enter', 'Space'],
      scope: 'watchlist',
      needsArgs: true,
      perform: (_ctx, { paneId, rows, index }) => {
        const symbol = rows[index];
        return symbol === undefined ? undefined : chooseSymbol(paneId, symbol);
      },
    }),
  ];
}
