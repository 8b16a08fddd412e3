import { describe, expect, it } from 'vitest';
import { workspaceCommands } from '../../commands/workspace-commands';
import { createCommandHarness } from '../../test/command-harness';
import { candlestickPane, onePaneDocument } from '../../test/test-documents';
import { watchlistCommands } from './watchlist-commands';
import { readSort } from './watchlist-settings';

function setup() {
  const initial = onePaneDocument({ ...candlestickPane('w1'), kind: 'watchlist' });
  return { initial, ...createCommandHarness(initial, [...watchlistCommands(), ...workspaceCommands()]) };
}

const ROWS = ['SPX', 'AAPL', 'AMZN', 'GOOG'];

describe('watchlist commands', () => {
  it('sort by a column, then flip its direction: one step each, undone exactly', () => {
    const { workspace, run, initial } = setup();
    run('sort-watchlist', { paneId: 'w1', column: 'last' });
    const sorted = workspace.getDocument();
    expect(readSort(sorted.panes.w1?.settings ?? {})).toEqual({ column: 'last', direction: 'descending' });
    run('sort-watchlist', { paneId: 'w1', column: 'last' });
    expect(readSort(workspace.getDocument().panes.w1?.settings ?? {})).toEqual({
      column: 'last',
      direction: 'ascending',
    });
    run('undo');
    expect(workspace.getDocument()).toBe(sorted);
    run('undo');
    expect(workspace.getDocument()).toBe(initial);
    expect(workspace.canUndo()).toBe(false);
  });

  it('arrowing through rows sets the symbol, and a burst of it is one undo step', () => {
    const { workspace, run, initial } = setup();
    run('watchlist-next-row', { paneId: 'w1', rows: ROWS, index: 0 });
    run('watchlist-next-row', { paneId: 'w1', rows: ROWS, index: 1 });
    run('watchlist-last-row', { paneId: 'w1', rows: ROWS, index: 2 });
    expect(workspace.getDocument().panes.w1?.symbol).toBe('GOOG');
    // Past the last row stays on it.
    run('watchlist-next-row', { paneId: 'w1', rows: ROWS, index: 3 });
    expect(workspace.getDocument().panes.w1?.symbol).toBe('GOOG');
    run('undo');
    expect(workspace.getDocument()).toBe(initial);
    run('redo');
    expect(workspace.getDocument().panes.w1?.symbol).toBe('GOOG');
  });

  it('are not in the palette without the rows a table supplies', () => {
    const { availability } = setup();
    expect(availability('watchlist-next-row', 'w1')).not.toBe(true);
    expect(availability('sort-watchlist', 'w1')).not.toBe(true);
  });
});
