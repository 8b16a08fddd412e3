import { describe, expect, it } from 'vitest';
import { createCommandHarness } from '../../test/command-harness';
import { candlestickPane, onePaneDocument } from '../../test/test-documents';
import { readChartSettings } from './chart-settings';
import { chartIntervalOf, intervalCommands, shownInterval } from './interval-commands';

const DAY = 86_400;

function setup() {
  const initial = onePaneDocument(candlestickPane('p1'));
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

describe('shownInterval', () => {
  const monthly = {
    symbol: 'MSFT',
    name: 'Microsoft',
    kind: 'bars' as const,
    first: 0,
    last: 120 * 30 * DAY,
    count: 121,
  };
  it("shows the data's own bars when they are coarser than the interval given, else that interval", () => {
    expect(shownInterval('1W', monthly)).toBeNull();
    expect(shownInterval('1M', monthly)).toBe('1M');
    expect(shownInterval('3M', monthly)).toBe('3M');
    expect(shownInterval(null, monthly)).toBeNull();
    // Unknown until the catalog answers: the interval given stands.
    expect(shownInterval('5m', undefined)).toBe('5m');
    expect(shownInterval('nonsense', monthly)).toBeNull();
  });
  it('reads a pane through the catalog', () => {
    const pane = { symbol: 'MSFT', settings: { interval: '1W' } };
    expect(chartIntervalOf({ symbols: [monthly], dataVersion: {} }, pane)).toBeNull();
    expect(chartIntervalOf({ symbols: [], dataVersion: {} }, pane)).toBe('1W');
  });
});
