/**
 * What the views get of a running workstation: the document to read, the registry to list commands,
 * and `run`. There is no way to write the document here; writes are steps returned by commands.
 */
import type { CsvImportSession } from '../data/csv-import-session';
import type { SharedLayer } from '../render/shared-layer';
import type { SessionStore } from '../session/session-store';
import type { DocumentReader } from '../state/document-reader';
import type { PaneId } from '../state/layout-node';
import type { StorageLike } from '../state/persistence';
import type { CommandContext, RunCommand } from './command';
import type { CommandRegistry } from './command-registry';

export interface Workstation {
  readonly workspace: DocumentReader;
  readonly registry: CommandRegistry;
  /** What is not the document: focus, dialogs, notices, selection, statuses. Views may write it. */
  readonly session: SessionStore;
  /** The one shared PixiJS layer the analytic panes and sparklines draw through. */
  readonly layer: SharedLayer;
  /** The `Import CSV` dialog's import in progress (its state is the session's `csvImport`). */
  readonly csvImport: CsvImportSession;
  /** Where the workspace, named workspaces and backups are kept (views list them; commands write). */
  readonly storage: StorageLike;
  /** The context commands run in; `paneId` overrides the focused pane (menus, pane toolbars). */
  context(paneId?: PaneId | null): CommandContext;
  readonly run: RunCommand;
}
