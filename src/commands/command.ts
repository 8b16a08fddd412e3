/**
 * The action layer's one definition of a command (practice 1, docs/practices.md). Keyboard, palette, toolbars,
 * menus, drags and dialogs all run commands through `run(id, args)`; a command never writes the
 * document itself: `perform` returns the edit and how it enters history, and the runner applies it.
 */
import type { SessionStore } from '../session/session-store';
import type { DocumentReader } from '../state/document-reader';
import type { HistoryMode } from '../state/history';
import type { PaneId, Rect } from '../state/layout-node';
import type { WorkspaceDocument } from '../state/workspace-document';

export interface WorkspaceGeometry {
  /** Pixel size of the workspace area. */
  bounds: Rect;
  /** Pixel rectangles of the visible panes, from the DOM. */
  rects: Map<PaneId, Rect>;
}

/**
 * Arguments of the commands that take some, by command id. Each module that defines such a command
 * adds its entry (`declare module '.../commands/command' { interface CommandArgs { ... } }`), so
 * `run('set-link-group', { paneId, group })` is checked by the compiler.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the command modules
export interface CommandArgs {}

/** Every command may be told which pane it acts on; the focused pane otherwise. */
export interface CommandTarget {
  readonly paneId?: PaneId | null;
}

export type ArgsOf<Id extends string> = Id extends keyof CommandArgs
  ? CommandArgs[Id] & CommandTarget
  : CommandTarget;

/** Commands with declared arguments must get them; the others take an optional target. */
export type RunArgs<Id extends string> = Id extends keyof CommandArgs
  ? [args: ArgsOf<Id>]
  : [args?: CommandTarget];

export type RunCommand = <Id extends string>(id: Id, ...args: RunArgs<Id>) => boolean;

export interface CommandContext {
  /** The document and whether undo/redo steps exist; read only. */
  readonly workspace: DocumentReader;
  /** The pane the command acts on: the one named in its arguments, else the focused one. */
  readonly paneId: PaneId | null;
  /** What is not the document (focus, selection, dialogs, notices): commands write it directly. */
  readonly session: SessionStore;
  geometry(): WorkspaceGeometry;
  /** Runs another command: how an asynchronous command (a file picker, a dialog) ends in a step. */
  readonly run: RunCommand;
}

/** `true` when the command can run, otherwise the reason it cannot (shown as its tooltip). */
export type Availability = true | string;

/** A change of the document. `history` has no default: every step says how it is undone. */
export interface DocumentStep {
  readonly edit: (doc: WorkspaceDocument) => WorkspaceDocument;
  readonly history: HistoryMode;
  /** Session effects that follow the step (focus the new pane, a notice), given the new document. */
  readonly after?: (doc: WorkspaceDocument) => void;
}

/** Undo or redo: moves through history instead of adding to it. */
export interface HistoryTravel {
  readonly travel: 'undo' | 'redo';
}

/** What `perform` returns: a step, a move through history, or nothing (session-only commands). */
// biome-ignore lint/suspicious/noConfusingVoidType: a session-only command (open a dialog, move focus) returns nothing
export type Outcome = DocumentStep | HistoryTravel | undefined | void;

/**
 * Where a command's keys apply: everywhere; in a focused chart pane (financial or analytic); or in a
 * focused widget that routes its keys to the registry (a splitter, the watchlist grid).
 */
export type KeyScope = 'global' | 'chart' | 'splitter' | 'watchlist' | 'menu';

export const KEY_SCOPE_NAMES: Readonly<Record<KeyScope, string>> = {
  global: 'Anywhere',
  chart: 'In a focused chart',
  splitter: 'On a focused splitter',
  watchlist: 'In the watchlist table',
  menu: 'In an open menu',
};

export interface Command<Id extends string = string> {
  readonly id: Id;
  /** Exact user-facing label; the test contract (docs/test-contract.md) depends on these. */
  readonly label: string;
  readonly group: string;
  /** Other words a user may type for it in the palette (`Fibonacci` for `Draw fib retracement`). */
  readonly keywords?: readonly string[];
  /** Key bindings in tinykeys syntax, e.g. `$mod+z`, `Alt+Shift+ArrowLeft`, `F6`. */
  readonly keys?: readonly string[];
  /** Where the keys apply (`global` when omitted). */
  readonly scope?: KeyScope;
  /**
   * Commands of one toggle group are alternatives that are never available together (Maximize and
   * Restore), so they may share a key.
   */
  readonly toggleGroup?: string;
  /** Offered in the pane context menu: of every pane, or of the panes it says yes to (a watchlist's). */
  readonly inPaneMenu?: boolean | ((ctx: CommandContext) => boolean);
  /**
   * The submenu of the pane context menu it is in (`Drawing tools`), for a long family of commands;
   * at the menu's top level when omitted.
   */
  readonly paneSubmenu?: string;
  /** The label in the context menu when it differs there (`Add cross-line here`, `Trend line`). */
  readonly menuLabel?: string;
  /** Hidden from the palette when it does not apply (e.g. Restore when nothing is maximized). */
  readonly hiddenWhenUnavailable?: boolean;
  /**
   * Run by a widget, a drag or a dialog with its arguments (a splitter's divider, a dragged
   * annotation's new point): not offered in the palette or menus, which have no arguments to give.
   */
  readonly needsArgs?: true;
  when?(ctx: CommandContext, args: ArgsOf<Id>): Availability;
  perform(ctx: CommandContext, args: ArgsOf<Id>): Outcome | Promise<void>;
}

/** Identity, for inference: the command's arguments are typed from its literal id. */
export function defineCommand<const Id extends string>(command: Command<Id>): Command<NoInfer<Id>> {
  return command;
}
