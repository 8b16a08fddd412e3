/**
 * The action layer's one writer: it runs registered commands and applies what they return to the
 * document store. Nothing else holds the store's write side (`npm run lint` checks the imports).
 */
import type { SessionStore } from '../session/session-store';
import type { PaneId } from '../state/layout-node';
import type { WorkspaceStore } from '../state/workspace-store';
import type { CommandContext, CommandTarget, Outcome, RunCommand, WorkspaceGeometry } from './command';
import type { CommandRegistry } from './command-registry';

export interface CommandRunnerOptions {
  store: WorkspaceStore;
  registry: CommandRegistry;
  session: SessionStore;
  /** The pane commands act on when their arguments name none. */
  focusedPaneId(): PaneId | null;
  geometry(): WorkspaceGeometry;
  /** An asynchronous command failed after it had started (a file could not be read, ...). */
  onError(commandLabel: string, error: unknown): void;
}

export interface CommandRunner {
  run: RunCommand;
  /** The context commands see, for listing their availability (palette, menus, buttons). */
  context(paneId?: PaneId | null): CommandContext;
}

export function createCommandRunner(options: CommandRunnerOptions): CommandRunner {
  const { store, registry, session } = options;

  const context = (paneId?: PaneId | null): CommandContext => ({
    workspace: store.reader,
    paneId: paneId ?? options.focusedPaneId(),
    session,
    geometry: options.geometry,
    run,
  });

  const apply = (outcome: Outcome) => {
    if (!outcome) return;
    if ('travel' in outcome) {
      if (outcome.travel === 'undo') store.undo();
      else store.redo();
      return;
    }
    store.apply(outcome.edit, outcome.history);
    outcome.after?.(store.reader.getDocument());
  };

  function run(id: string, args?: CommandTarget): boolean {
    const command = registry.get(id);
    if (!command) return false;
    const given = args ?? {};
    const ctx = context(given.paneId);
    if (registry.availability(command, ctx, given) !== true) return false;
    const outcome = command.perform(ctx, given);
    if (outcome instanceof Promise) outcome.catch((error: unknown) => options.onError(command.label, error));
    else apply(outcome);
    return true;
  }

  return { run: run as RunCommand, context };
}
