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

function setup(width = 1400, height = 800) {
  registerOtherKind();
  const pane = createPane(TEST_KIND);
  const initial: WorkspaceDocument = {
    version: 1,
    layout: pane.id,
    panes: { [pane.id]: pane },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  };
  const workspace = createWorkspaceStore(initial);
  const registry = new CommandRegistry();
  registry.register(workspaceCommands());
  const bounds = { x: 0, y: 0, width, height };
  const ctx = (paneId?: string): CommandContext => ({
    workspace,
    paneId: paneId ?? uiStore.getState().focusedPaneId ?? pane.id,
    geometry: () => ({ bounds, rects: computePaneRects(workspace.getDocument().layout, bounds) }),
  });
  uiStore.setState({ focusedPaneId: pane.id, notices: [] });
  return { workspace, registry, ctx, first: pane.id };
}

describe('workspace commands', () => {
  it('split right adds a pane to the right and focuses it; undo removes it', () => {
    const { workspace, registry, ctx, first } = setup();
    expect(registry.execute('split-pane-right', ctx())).toBe(true);
    const leaves = getLeaves(workspace.getDocument().layout);
    expect(leaves).toEqual([first, expect.any(String)]);
    expect(uiStore.getState().focusedPaneId).toBe(leaves[1]);
    workspace.undo();
    expect(getLeaves(workspace.getDocument().layout)).toEqual([first]);
  });

  it('refuses a split that would make a pane narrower than 300 px, with a notice and no step', () => {
    const { workspace, registry, ctx } = setup(500, 800);
    registry.execute('split-pane-right', ctx());
    expect(getLeaves(workspace.getDocument().layout)).toHaveLength(1);
    expect(workspace.canUndo()).toBe(false);
    expect(uiStore.getState().notices.at(-1)?.text).toMatch(/Cannot split.*300 × 300/);
    registry.execute('split-pane-down', ctx());
    expect(getLeaves(workspace.getDocument().layout)).toHaveLength(2);
  });

  it('move swaps with the neighbour found by geometry, and focus follows the moved pane', () => {
    const { workspace, registry, ctx, first } = setup();
    registry.execute('split-pane-right', ctx());
    const second = getLeaves(workspace.getDocument().layout)[1] as string;
    registry.execute('move-pane-left', ctx(second));
    expect(getLeaves(workspace.getDocument().layout)).toEqual([second, first]);
    expect(uiStore.getState().focusedPaneId).toBe(second);
    expect(registry.availability(registry.get('move-pane-left') as never, ctx(second))).toBe(true);
  });

  it('maximize and restore are alternatives on Alt+Enter, each one step', () => {
    const { workspace, registry, ctx, first } = setup();
    registry.execute('maximize-pane', ctx());
    expect(workspace.getDocument().maximizedPaneId).toBe(first);
    expect(registry.availability(registry.get('maximize-pane') as never, ctx())).not.toBe(true);
    registry.execute('restore-pane', ctx());
    expect(workspace.getDocument().maximizedPaneId).toBeNull();
    workspace.undo();
    expect(workspace.getDocument().maximizedPaneId).toBe(first);
  });

  it('focus next / previous cycle through the panes in layout order', () => {
    const { workspace, registry, ctx } = setup();
    registry.execute('split-pane-right', ctx());
    registry.execute('split-pane-right', ctx());
    const [a, b, c] = getLeaves(workspace.getDocument().layout);
    uiStore.setState({ focusedPaneId: c ?? null });
    registry.execute('focus-next-pane', ctx());
    expect(uiStore.getState().focusedPaneId).toBe(a);
    registry.execute('focus-previous-pane', ctx());
    registry.execute('focus-previous-pane', ctx());
    expect(uiStore.getState().focusedPaneId).toBe(b);
  });

  it('replace puts a new pane of another kind in the same tile, keeping symbol and link, as one step', () => {
    registerOtherKind();
    const { workspace, registry, ctx, first } = setup();
    expect(registry.availability(registry.get(`replace-pane:${TEST_KIND}`) as never, ctx())).not.toBe(true);
    registry.execute('replace-pane:other-kind', ctx());
    const [only] = getLeaves(workspace.getDocument().layout);
    expect(only).not.toBe(first);
    expect(workspace.getDocument().panes[only as string]?.kind).toBe('other-kind');
    workspace.undo();
    expect(getLeaves(workspace.getDocument().layout)).toEqual([first]);
  });

  it('undo and redo say why they are unavailable', () => {
    const { registry, ctx } = setup();
    expect(registry.availability(registry.get('undo') as never, ctx())).toBe('Nothing to undo');
    expect(registry.availability(registry.get('redo') as never, ctx())).toBe('Nothing to redo');
  });
});
