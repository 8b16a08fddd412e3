import { beforeAll, describe, expect, it } from 'vitest';
import { RECORD } from '../state/history';
import { getLeaves } from '../state/layout-tree';
import { setSymbol } from '../state/workspace-edits';
import { createCommandHarness } from '../test/command-harness';
import { onePaneDocument } from '../test/test-documents';
import { registerTestPaneKind, TEST_KIND } from '../test/test-pane-kind';
import { createPane, getPaneKind, registerPaneKind } from '../workspace/pane-registry';
import { workspaceCommands } from './workspace-commands';

beforeAll(registerTestPaneKind);

function OtherView() {
  return null;
}

function registerOtherKind() {
  if (!getPaneKind('other-kind'))
    registerPaneKind({
      id: 'other-kind',
      label: 'Other',
      family: 'grid',
      defaultSymbol: 'SPX',
      title: () => 'Other',
      View: OtherView,
    });
}

/** A kind whose symbol names its dataset, as a donut's does. */
function registerDatasetKind() {
  if (!getPaneKind('dataset-kind'))
    registerPaneKind({
      id: 'dataset-kind',
      label: 'Dataset',
      family: 'analytic',
      defaultSymbol: 'Portfolio',
      showsSymbol: false,
      title: () => 'Dataset',
      View: OtherView,
    });
}

function setup(width = 1400, height = 800) {
  registerOtherKind();
  const pane = createPane(TEST_KIND);
  const harness = createCommandHarness(onePaneDocument(pane), workspaceCommands(), { width, height });
  harness.session.setState({ focusedPaneId: pane.id });
  return { ...harness, first: pane.id };
}

describe('workspace commands', () => {
  it('split right adds a pane to the right and focuses it; undo removes it', () => {
    const { session, workspace, run, first } = setup();
    expect(run('split-pane-right')).toBe(true);
    const leaves = getLeaves(workspace.getDocument().layout);
    expect(leaves).toEqual([first, expect.any(String)]);
    expect(session.getState().focusedPaneId).toBe(leaves[1]);
    run('undo');
    expect(getLeaves(workspace.getDocument().layout)).toEqual([first]);
  });

  it('refuses a split that would make a pane narrower than 300 px, with a notice and no step', () => {
    const { session, workspace, run } = setup(500, 800);
    run('split-pane-right');
    expect(getLeaves(workspace.getDocument().layout)).toHaveLength(1);
    expect(workspace.canUndo()).toBe(false);
    expect(session.getState().notices.at(-1)?.text).toMatch(/Cannot split.*300 × 300/);
    run('split-pane-down');
    expect(getLeaves(workspace.getDocument().layout)).toHaveLength(2);
  });

  it('move swaps with the neighbour found by geometry, and focus follows the moved pane', () => {
    const { session, workspace, run, availability, first } = setup();
    run('split-pane-right');
    const second = getLeaves(workspace.getDocument().layout)[1] as string;
    run('move-pane-left', { paneId: second });
    expect(getLeaves(workspace.getDocument().layout)).toEqual([second, first]);
    expect(session.getState().focusedPaneId).toBe(second);
    expect(availability('move-pane-left', second)).toBe(true);
  });

  it('maximize and restore are alternatives on Alt+Enter, each one step', () => {
    const { workspace, run, availability, first } = setup();
    run('maximize-pane');
    expect(workspace.getDocument().maximizedPaneId).toBe(first);
    expect(availability('maximize-pane')).not.toBe(true);
    run('restore-pane');
    expect(workspace.getDocument().maximizedPaneId).toBeNull();
    run('undo');
    expect(workspace.getDocument().maximizedPaneId).toBe(first);
  });

  it('focus next / previous cycle through the panes in layout order', () => {
    const { session, workspace, run } = setup();
    run('split-pane-right');
    run('split-pane-right');
    const [a, b, c] = getLeaves(workspace.getDocument().layout);
    session.setState({ focusedPaneId: c ?? null });
    run('focus-next-pane');
    expect(session.getState().focusedPaneId).toBe(a);
    run('focus-previous-pane');
    run('focus-previous-pane');
    expect(session.getState().focusedPaneId).toBe(b);
  });

  it('replace puts a new pane of another kind in the same tile, keeping symbol and link, as one step', () => {
    registerOtherKind();
    const { workspace, run, availability, first } = setup();
    expect(availability(`replace-pane:${TEST_KIND}`)).not.toBe(true);
    run('replace-pane:other-kind');
    const [only] = getLeaves(workspace.getDocument().layout);
    expect(only).not.toBe(first);
    expect(workspace.getDocument().panes[only as string]?.kind).toBe('other-kind');
    run('undo');
    expect(getLeaves(workspace.getDocument().layout)).toEqual([first]);
  });

  it("replace keeps a symbol the engine charts, and takes the new kind's own for a dataset's name", () => {
    registerOtherKind();
    registerDatasetKind();
    const { store, session, run, first } = setup();
    const listed = (symbol: string) => ({
      symbol,
      name: symbol,
      kind: 'bars' as const,
      first: 0,
      last: 1,
      count: 2,
    });
    /** Replaces the only pane, showing `symbol`, with a pane of `kind`; gives the new pane. */
    const replace = (symbol: string, kind: string) => {
      const [only = first] = getLeaves(store.reader.getDocument().layout);
      store.apply((d) => setSymbol(d, only, symbol), RECORD);
      session.setState({ focusedPaneId: only });
      run(`replace-pane:${kind}`);
      const [next = first] = getLeaves(store.reader.getDocument().layout);
      return store.reader.getDocument().panes[next];
    };
    // Before the engine has listed its symbols, the pane's own is kept whatever it is, unless its
    // kind says it names a dataset (below).
    expect(replace('Portfolio', 'other-kind')).toMatchObject({ kind: 'other-kind', symbol: 'Portfolio' });
    session.setState((s) => ({ catalog: { ...s.catalog, symbols: [listed('SPX'), listed('AAPL')] } }));
    expect(replace('AAPL', TEST_KIND)).toMatchObject({ kind: TEST_KIND, symbol: 'AAPL' });
    // A dataset's name (a donut's) is no symbol the engine lists: the new kind's default (SPX) instead.
    expect(replace('Portfolio', 'other-kind')).toMatchObject({ kind: 'other-kind', symbol: 'SPX' });
    // A donut's dataset name, with no symbols listed: the kind says it is none.
    session.setState((s) => ({ catalog: { ...s.catalog, symbols: null } }));
    expect(replace('Portfolio', 'dataset-kind')).toMatchObject({ kind: 'dataset-kind', symbol: 'Portfolio' });
    expect(replace('Portfolio', TEST_KIND)).toMatchObject({ kind: TEST_KIND, symbol: 'SPX' });
  });

  it("a pane put in a linked pane's place joins its group: the shared interval, and the group's symbol for a donut's tile", () => {
    registerDatasetKind();
    if (!getPaneKind('linked-kind'))
      registerPaneKind({
        id: 'linked-kind',
        label: 'Linked',
        family: 'grid',
        defaultSymbol: 'SPX',
        linkedSettings: () => ['interval'],
        title: () => 'Linked',
        View: OtherView,
      });
    const { store, session, run, first } = setup();
    const member = {
      ...createPane('linked-kind', 'AAPL'),
      linkGroup: 'red' as const,
      settings: { interval: '1W' },
    };
    const donut = { ...createPane('dataset-kind'), linkGroup: 'red' as const };
    store.apply((d) => ({ ...d, panes: { ...d.panes, [member.id]: member, [donut.id]: donut } }), RECORD);
    store.apply(
      (d) => ({ ...d, layout: { type: 'split', direction: 'row', children: [first, donut.id] } }),
      RECORD,
    );
    session.setState({ focusedPaneId: donut.id });
    run('replace-pane:linked-kind');
    const [, placed] = getLeaves(store.reader.getDocument().layout);
    expect(store.reader.getDocument().panes[placed as string]).toMatchObject({
      kind: 'linked-kind',
      linkGroup: 'red',
      symbol: 'AAPL',
      settings: { interval: '1W' },
    });
    // One step: undo brings the donut back.
    run('undo');
    expect(getLeaves(store.reader.getDocument().layout)).toEqual([first, donut.id]);
  });

  it('joining a link group takes no symbol from a pane whose symbol names its dataset, listed or not', () => {
    registerDatasetKind();
    const { store, run, first } = setup();
    const donut = { ...createPane('dataset-kind'), linkGroup: 'red' as const };
    store.apply((d) => ({ ...d, panes: { ...d.panes, [donut.id]: donut } }), RECORD);
    // Before the engine has listed its symbols too: the kind says it, not the catalog.
    run('set-link-group', { paneId: first, group: 'red' });
    expect(store.reader.getDocument().panes[first]).toMatchObject({ linkGroup: 'red', symbol: 'SPX' });
  });

  it("a symbol set in a link group leaves a member whose symbol names its dataset (a donut's) its own", () => {
    registerDatasetKind();
    const { store, run, first } = setup();
    const donut = { ...createPane('dataset-kind'), linkGroup: 'red' as const };
    store.apply((d) => ({ ...d, panes: { ...d.panes, [donut.id]: donut } }), RECORD);
    run('set-link-group', { paneId: first, group: 'red' });
    run('set-pane-symbol', { paneId: first, symbol: 'AAPL' });
    expect(store.reader.getDocument().panes[first]?.symbol).toBe('AAPL');
    expect(store.reader.getDocument().panes[donut.id]?.symbol).toBe('Portfolio');
  });

  it('undo and redo say why they are unavailable', () => {
    const { availability } = setup();
    expect(availability('undo')).toBe('Nothing to undo');
    expect(availability('redo')).toBe('Nothing to redo');
  });
});
