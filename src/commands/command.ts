import type { WorkspaceStore } from '../state/workspace-store';
import type { PaneId, Rect } from '../workspace/layout-node';

export interface WorkspaceGeometry {
  /** Pixel size of the workspace area. */
  bounds: Rect;
  /** Pixel rectangles of the visible panes, from the DOM. */
  rects: Map<PaneId, Rect>;
}

export interface CommandContext {
  workspace: WorkspaceStore;
  /** The pane a command acts on: the focused one, or the one whose menu or toolbar was used. */
  paneId: PaneId | null;
  geometry(): WorkspaceGeometry;
}

/** `true` when the command can run, otherwise the reason it cannot (shown as its tooltip). */
export type Availability = true | string;

export interface Command {
  id: string;
  /** Exact user-facing label; the test contract (SPEC section 4) depends on these. */
  label: string;
  group: string;
  /** Key bindings in tinykeys syntax, e.g. `$mod+z`, `Alt+Shift+ArrowLeft`, `F6`. */
  keys?: readonly string[];
  /** Where the keys apply: everywhere, or only while a chart pane has keyboard focus. */
  scope?: 'global' | 'chart';
  /**
   * Commands of one toggle group are alternatives that are never available together (Maximize and
   * Restore), so they may share a key.
   */
  toggleGroup?: string;
  /** Offered in the pane context menu. */
  inPaneMenu?: boolean;
  /** The label in the context menu when it differs there (`Add cross-line here`). */
  menuLabel?: string;
  /** Hidden from the palette when it does not apply (e.g. Restore when nothing is maximized). */
  hiddenWhenUnavailable?: boolean;
  availability?(ctx: CommandContext): Availability;
  run(ctx: CommandContext): void;
}
