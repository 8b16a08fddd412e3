import { beforeAll, describe, expect, it } from 'vitest';
import { getLeaves } from '../state/layout-tree';
import type { WorkspaceDocument } from '../state/workspace-document';
import { createCommandHarness } from '../test/command-harness';
import { registerTestPaneKind, TEST_KIND } from '../test/test-pane-kind';
import { createPane, getPaneKind, registerPaneKind } from '../workspace/pane-registry';
import { CommandRegistry } from './command-registry';
import { csvImportCommands } from './csv-import-commands';
import { workspaceCommands } from './workspace-commands';

const CHART_KIND = 'test-financial-kind';
/** These tests chart an import the dialog confirmed; none starts one. */
const noImport = { begin: () => undefined };

beforeAll(() => {
  registerTestPaneKind();
  if (!getPaneKind(CHART_KIND)) {
    registerPaneKind({
      id: CHART_KIND,
      label: 'Test chart',
      family: 'financial',
      defaultSymbol: 'SPX',
      title: (pane) => `${pane.symbol} · Test chart`,
      View: () => null,
    });
  }
});

function setup(kinds: string[], width = 1400, height = 800) {
  const panes = kinds.map((kind) => createPane(kind));
  const initial: WorkspaceDocument = {
    version: 1,
    layout:
      panes.length === 0
        ? null
        : panes.length === 1
          ? (panes[0]?.id ?? null)
          : {
              type: 'split',
              direction: 'row',
              children: panes.map((p) => p.id),
            },
    panes: Object.fromEntries(panes.map((p) => [p.id, p])),
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
  const harness = createCommandHarness(initial, [...csvImportCommands(noImport), ...workspaceCommands()], {
    width,
    height,
  });
  /** Runs the command a confirmed import runs, from the dialog's target pane. */
  const chart = (paneId: string | null) =>
    harness.run('chart-imported-symbol', {
      paneId,
      symbol: 'PRICES',
      kind: CHART_KIND,
      fileName: 'prices.csv',
      rows: '3 rows',
    });
  const lastNotice = () => harness.session.getState().notices.at(-1);
  return { ...harness, chart, lastNotice, ids: panes.map((p) => p.id), initial };
}

describe('Import CSV', () => {
  it('is one command with the label of the contract, in the palette and the pane menu', () => {
    const registry = new CommandRegistry();
    registry.register(csvImportCommands(noImport));
    expect(registry.get('import-csv')).toMatchObject({ label: 'Import CSV', inPaneMenu: true });
  });

  it('charts the import in a financial target pane, as one undoable step', () => {
    const { workspace, session, run, chart, lastNotice, ids, initial } = setup([CHART_KIND, TEST_KIND]);
    const [target] = ids as [string];
    expect(chart(target)).toBe(true);
    expect(workspace.getDocument().panes[target]?.symbol).toBe('PRICES');
    expect(getLeaves(workspace.getDocument().layout)).toHaveLength(2);
    expect(session.getState().focusedPaneId).toBe(target);
    expect(lastNotice()).toMatchObject({
      tone: 'info',
      text: expect.stringMatching(/Imported "prices.csv" as PRICES \(3 rows\)/),
    });
    run('undo');
    expect(workspace.getDocument()).toBe(initial);
  });

  it('opens a new chart pane next to a pane that is not financial, as one step', () => {
    const { workspace, session, run, chart, ids, initial } = setup([TEST_KIND]);
    expect(chart(ids[0] ?? null)).toBe(true);
    const doc = workspace.getDocument();
    const leaves = getLeaves(doc.layout);
    expect(leaves).toHaveLength(2);
    const added = doc.panes[leaves[1] as string];
    expect(added).toMatchObject({ kind: CHART_KIND, symbol: 'PRICES' });
    expect(session.getState().focusedPaneId).toBe(added?.id);
    expect(doc.panes[ids[0] as string]?.symbol).toBe('SPX');
    run('undo');
    expect(workspace.getDocument()).toBe(initial);
  });

  it('opens the chart as the only pane of an empty workspace', () => {
    const { workspace, chart } = setup([]);
    expect(chart(null)).toBe(true);
    const { layout, panes } = workspace.getDocument();
    expect(typeof layout === 'string' && panes[layout]?.symbol).toBe('PRICES');
  });

  it('changes nothing when no pane can be split, and says why', () => {
    const { workspace, chart, lastNotice, ids, initial } = setup([TEST_KIND, TEST_KIND], 500, 500);
    chart(ids[0] ?? null);
    expect(lastNotice()).toMatchObject({
      tone: 'warning',
      text: expect.stringMatching(
        /but there is no room for a new pane.*choose PRICES in a chart's symbol list/,
      ),
    });
    expect(workspace.getDocument()).toBe(initial);
    expect(workspace.canUndo()).toBe(false);
  });
});
