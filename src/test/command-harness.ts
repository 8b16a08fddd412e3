/**
 * The action layer as the app wires it, for unit tests: a store, a registry of the given commands and
 * a runner over a session of its own, with the geometry computed from the layout (no DOM). Each test creates its own.
 */
import type { Command } from '../commands/command';
import { CommandRegistry } from '../commands/command-registry';
import { createCommandRunner } from '../commands/command-runner';
import { createSessionStore } from '../session/session-store';
import { computePaneRects } from '../state/layout-geometry';
import type { WorkspaceDocument } from '../state/workspace-document';
import { createWorkspaceStore } from '../state/workspace-store';
import { resolveFocusedPane } from '../workspace/focus';

export function createCommandHarness(
  initial: WorkspaceDocument,
  commands: readonly Command[],
  size: { width: number; height: number } = { width: 1400, height: 800 },
) {
  const store = createWorkspaceStore(initial);
  const session = createSessionStore();
  const registry = new CommandRegistry();
  registry.register(commands);
  const bounds = { x: 0, y: 0, ...size };
  const runner = createCommandRunner({
    store,
    registry,
    session,
    focusedPaneId: () => resolveFocusedPane(store.reader.getDocument(), session.getState().focusedPaneId),
    geometry: () => ({ bounds, rects: computePaneRects(store.reader.getDocument().layout, bounds) }),
    onError: (_label, error) => {
      throw error;
    },
  });
  /** Whether a command could run now (true) or why not, as the palette and buttons show it. */
  const availability = (id: string, paneId?: string | null) => {
    const command = registry.get(id);
    if (!command) throw new Error(`No command "${id}" in this harness`);
    return registry.availability(command, runner.context(paneId));
  };
  return {
    workspace: store.reader,
    registry,
    session,
    run: runner.run,
    context: runner.context,
    availability,
    store,
  };
}
