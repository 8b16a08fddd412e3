import { describe, expect, it } from 'vitest';
import type { WorkspaceDocument } from '../../state/workspace-document';
import { createCommandHarness } from '../../test/command-harness';
import { readChartSettings } from './chart-settings';
import { intervalCommands } from './interval-commands';

const DAY = 86_400;

function setup() {
  const initial: WorkspaceDocument = {
    version: 1,
    layout: 'p1',
    panes: { p1: { id: 'p1', kind: 'candlestick', symbol: 'SPX', linkGroup: null, settings: {} } },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
  const harness = createCommandHarness(initial, intervalCommands());
  // SPX: daily bars (weekends count in their spacing).
  const spx = {
    symbol: 'SPX',
    name: 'S&P 500',
    kind: 'bars' as const,
    first: 0,
    last: 700 * DAY,
    count: 500,
  };
  harness.session.setState((s) => ({ catalog: { ...s.catalog, symbols: [spx] } }));
  const interval = () => readChartSettings(harness.workspace.getDocument().panes.p1?.settings ?? {}).interval;
  return { ...harness, interval };
}

describe('interval commands', () => {
  it("set-chart-interval (the toolbar's picker) refuses bars finer than the data's, as the palette does", () => {
    const { run, session, interval, availability, workspace } = setup();
    session.setState({ focusedPaneId: 'p1' });
    expect(availability('chart-interval:5m')).toMatch(/SPX has no bars finer than its own/);
    run('set-chart-interval', { paneId: 'p1', interval: '5m' });
    expect(interval()).toBeNull();
    expect(workspace.canUndo()).toBe(false);
    expect(session.getState().notices.at(-1)).toMatchObject({
      tone: 'warning',
      text: 'SPX has no bars finer than its own; 5m cannot be made from them.',
    });
    expect(run('set-chart-interval', { paneId: 'p1', interval: '1W' })).toBe(true);
    expect(interval()).toBe('1W');
    expect(run('set-chart-interval', { paneId: 'p1', interval: null })).toBe(true);
    expect(interval()).toBeNull();
  });
});
