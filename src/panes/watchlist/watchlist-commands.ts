/**
 * Watchlist commands: sorting by a column, adding and removing symbols, and choosing a row, which
 * sets the pane's symbol (and through its link group the symbol of every linked pane: a linked 1D and
 * 5m chart pair follows a click). Arrowing through rows is one undo step.
 * The grid's keys are declared here in the `watchlist` scope; the table supplies the rows it shows.
 */

import {
  type Command,
  type CommandContext,
  type CommandTarget,
  type DocumentStep,
  defineCommand,
} from '../../commands/command';
import { settingsStep } from '../../commands/settings-step';
import { openDialog } from '../../session/session-actions';
import { mergeBy } from '../../state/history';
import type { PaneState } from '../../state/workspace-document';
import { setSymbol } from '../../state/workspace-edits';
import { followsGroupSymbol } from '../../workspace/pane-registry';
import { nextSort, type WatchlistColumn } from './watchlist-rows';
import {
  MAX_WATCHLIST_SYMBOLS,
  readSort,
  readWatchlistSettings,
  withoutWatchlistSymbol,
  withWatchlistSymbol,
} from './watchlist-settings';

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
    'watchlist-remove-row': WatchlistRowArgs;
    'add-watchlist-symbol': { readonly paneId: string; readonly symbol: string };
    'remove-watchlist-symbol': { readonly paneId: string; readonly symbol: string };
  }
}

/** The command's pane if it is a watchlist, else why the command cannot run there. */
function watchlistOf(ctx: CommandContext, paneId = ctx.paneId): PaneState | string {
  const pane = paneId ? ctx.workspace.getDocument().panes[paneId] : undefined;
  return pane?.kind === 'watchlist' ? pane : 'The focused pane is not a watchlist';
}

const isWatchlist = (ctx: CommandContext): boolean => typeof watchlistOf(ctx) !== 'string';

function removeSymbol(ctx: CommandContext, paneId: string, symbol: string): DocumentStep | undefined {
  const pane = watchlistOf(ctx, paneId);
  if (typeof pane === 'string') return;
  const patch = withoutWatchlistSymbol(readWatchlistSettings(pane.settings), symbol);
  return settingsStep(paneId, patch);
}

/** A burst of symbol choices in one pane (arrowing through the rows) is one undo step. */
const chooseSymbol = (paneId: string, symbol: string): DocumentStep => ({
  edit: (d) => setSymbol(d, paneId, symbol, followsGroupSymbol),
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
        return settingsStep(paneId, { sort });
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
    {
      id: 'show-add-watchlist-symbol',
      label: 'Add symbol to watchlist…',
      group: 'Watchlist',
      // A watchlist's own: not in the menu of a chart (the palette still lists it, with why not).
      inPaneMenu: isWatchlist,
      when: (ctx) => {
        const pane = watchlistOf(ctx);
        if (typeof pane === 'string') return pane;
        return readWatchlistSettings(pane.settings).symbols.length >= MAX_WATCHLIST_SYMBOLS
          ? `A watchlist holds at most ${MAX_WATCHLIST_SYMBOLS} symbols`
          : true;
      },
      perform: (ctx) => openDialog(ctx.session, 'add-watchlist-symbol'),
    },
    defineCommand({
      id: 'add-watchlist-symbol',
      label: 'Add watchlist symbol',
      group: 'Watchlist',
      needsArgs: true,
      when: (ctx, { paneId, symbol }) => {
        const pane = watchlistOf(ctx, paneId);
        if (typeof pane === 'string') return pane;
        const { symbols } = readWatchlistSettings(pane.settings);
        if (symbols.includes(symbol)) return `${symbol} is in the watchlist already`;
        return symbols.length >= MAX_WATCHLIST_SYMBOLS
          ? `A watchlist holds at most ${MAX_WATCHLIST_SYMBOLS} symbols`
          : true;
      },
      perform: (ctx, { paneId, symbol }) => {
        const pane = watchlistOf(ctx, paneId);
        if (typeof pane === 'string') return;
        const patch = withWatchlistSymbol(readWatchlistSettings(pane.settings), symbol);
        return settingsStep(paneId, patch);
      },
    }),
    defineCommand({
      id: 'remove-watchlist-symbol',
      label: 'Remove watchlist symbol',
      group: 'Watchlist',
      needsArgs: true,
      perform: (ctx, { paneId, symbol }) => removeSymbol(ctx, paneId, symbol),
    }),
    {
      id: 'remove-selected-watchlist-symbol',
      label: 'Remove selected symbol from watchlist',
      group: 'Watchlist',
      // A watchlist's own: not in the menu of a chart (the palette still lists it, with why not).
      inPaneMenu: isWatchlist,
      when: (ctx) => {
        const pane = watchlistOf(ctx);
        if (typeof pane === 'string') return pane;
        return readWatchlistSettings(pane.settings).symbols.includes(pane.symbol)
          ? true
          : 'No row of the watchlist is selected';
      },
      perform: (ctx) => {
        const pane = watchlistOf(ctx);
        return typeof pane === 'string' ? undefined : removeSymbol(ctx, pane.id, pane.symbol);
      },
    },
    defineCommand({
      id: 'watchlist-remove-row',
      label: 'Remove row from watchlist',
      group: 'Watchlist',
      keys: ['Delete'],
      scope: 'watchlist',
      needsArgs: true,
      perform: (ctx, { paneId, rows, index }) => {
        const symbol = rows[index];
        return symbol === undefined ? undefined : removeSymbol(ctx, paneId, symbol);
      },
    }),
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
