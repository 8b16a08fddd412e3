/**
 * What the views get of a running workstation: the document to read, the registry to list commands,
 * and `run`. There is no way to write the document here; writes are steps returned by commands.
 */
import type { DocumentReader } from '../state/document-reader';
import type { PaneId } from '../state/layout-node';
import type { CommandContext, RunCommand } from './command';
import type { CommandRegistry } from './command-registry';

export interface Workstation {
  readonly workspace: DocumentReader;
  readonly registry: CommandRegistry;
  /** The context commands run in; `paneId` overrides the focused pane (menus, pane toolbars). */
  context(paneId?: PaneId | null): CommandContext;
  readonly run: RunCommand;
}
