import { beforeAll, describe, expect, it } from 'vitest';
import { uiStore } from '../state/ui-store';
import type { WorkspaceDocument } from '../state/workspace-document';
import { createWorkspaceStore } from '../state/workspace-store';
import { registerTestPaneKind, TEST_KIND } from '../test/test-pane-kind';
import { computePaneRects } from '../workspace/layout-geometry';
import { getLeaves } from '../workspace/layout-tree';
import { createPane, getPaneKind, registerPaneKind } from '../workspace/pane-registry';
import type { CommandContext } from './command';
import { CommandRegistry } from './command-registry';
import { chartImportedSymbol, csvImportCommands } from './csv-import-commands';

const CHART_KIND = 'test-financial-kind';

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
  const workspace = createWorkspaceStore(initial);
  const bounds = { x: 0, y: 0, width, height };
  const ctx = (paneId: string | null): CommandContext => ({
    workspace,
    paneId,
    geometry: () => ({ bounds, rects: computePaneRects(workspace.getDocument().layout, bounds) }),
  });
  return { workspace, ctx, ids: panes.map((p) => p.id), initial };
}

describe('Import CSV', () => {
  it('is one command with the SPEC label, in the palette and the pane menu', () => {
    const registry = new CommandRegistry();
    registry.register(csvImportCommands());
    expect(registry.get('import-csv')).toMatchObject({ label: 'Import CSV', inPaneMenu: true });
  });

  it('charts the import in a financial target pane, as one undoable step', () => {
    const { workspace, ctx, ids, initial } = setup([CHART_KIND, TEST_KIND]);
    const [chart] = ids as [string];
    expect(chartImportedSymbol(ctx(chart), 'PRICES', CHART_KIND)).toEqual({ paneId: chart, opened: false });
    expect(workspace.getDocument().panes[chart]?.symbol).toBe('PRICES');
    expect(uiStore.getState().focusedPaneId).toBe(chart);
    workspace.undo();
    expect(workspace.getDocument()).toBe(initial);
  });

  it('opens a new chart pane next to a pane that is not financial, as one step', () => {
    const { workspace, ctx, ids, initial } = setup([TEST_KIND]);
    const result = chartImportedSymbol(ctx(ids[0] ?? null), 'PRICES', CHART_KIND);
    expect(result).toMatchObject({ opened: true });
    const doc = workspace.getDocument();
    const leaves = getLeaves(doc.layout);
    expect(leaves).toHaveLength(2);
    const added = result.paneId ? doc.panes[result.paneId] : undefined;
    expect(added).toMatchObject({ kind: CHART_KIND, symbol: 'PRICES' });
    expect(doc.panes[ids[0] as string]?.symbol).toBe('SPX');
    workspace.undo();
    expect(workspace.getDocument()).toBe(initial);
  });

  it('opens the chart as the only pane of an empty workspace', () => {
    const { workspace, ctx } = setup([]);
    const result = chartImportedSymbol(ctx(null), 'PRICES', CHART_KIND);
    expect(result).toMatchObject({ opened: true });
    expect(workspace.getDocument().layout).toBe(result.paneId);
  });

  it('changes nothing when no pane can be split, and says why', () => {
    const { workspace, ctx, ids, initial } = setup([TEST_KIND, TEST_KIND], 500, 500);
    const result = chartImportedSymbol(ctx(ids[0] ?? null), 'PRICES', CHART_KIND);
    expect(result).toEqual({ paneId: null, reason: expect.stringMatching(/no room for a new pane/) });
    expect(workspace.getDocument()).toBe(initial);
    expect(workspace.canUndo()).toBe(false);
  });
});
