/** Commands that edit or navigate the tiling workspace. */

import { notify } from '../session/session-actions';
import { RECORD } from '../state/history';
import { canSplit, type MinSize, neighbourInDirection } from '../state/layout-geometry';
import type { Direction, LayoutNode, PaneId, SplitDirection } from '../state/layout-node';
import type { LinkGroup, PaneState, WorkspaceDocument } from '../state/workspace-document';
import {
  adoptLinkedSettings,
  closePane,
  insertPane,
  replacePaneKind,
  setLayout,
  setLinkGroup,
  setMaximized,
  setSymbol,
  swapPanePositions,
} from '../state/workspace-edits';
import { focusPane, resolveFocusedPane, visiblePaneIds } from '../workspace/focus';
import {
  createPane,
  followsGroupSymbol,
  getPaneKind,
  linkedSettingsOf,
  listPaneKinds,
  type PaneKind,
  showsSymbol,
} from '../workspace/pane-registry';
import { type Availability, type Command, type CommandContext, defineCommand, type Outcome } from './command';

declare module './command' {
  interface CommandArgs {
    'set-link-group': { readonly paneId: PaneId; readonly group: LinkGroup | null };
    'set-pane-symbol': { readonly paneId: PaneId; readonly symbol: string };
    /** A splitter or pane drag released: its final layout, as one step. */
    'commit-layout': { readonly layout: LayoutNode | null };
  }
}

/** The smallest chart a pane shows (SPEC: 300 x 300 px): what the messages name. */
export const MIN_PANE_PX = 300;

/**
 * The smallest tile that gives its chart MIN_PANE_PX both ways: the chart plus the tile's chrome
 * (app.css: the 34 px title bar and its rule, a 1 px border). A tile of MIN_PANE_PX made the chart
 * scroll inside its pane, its time axis cut, in a window with room (1280 x 800, the default
 * layout's bottom row).
 */
export const MIN_TILE = { x: MIN_PANE_PX + 2, y: MIN_PANE_PX + 36 } as const;

/** The smallest layout cell: a tile and the 3 px margin around it. */
export const MIN_CELL: MinSize = { x: MIN_TILE.x + 6, y: MIN_TILE.y + 6 };

const NO_PANE = 'There is no pane to act on';

function needsPane(ctx: CommandContext): Availability {
  return ctx.paneId !== null && ctx.workspace.getDocument().panes[ctx.paneId] ? true : NO_PANE;
}

function needsTiledPane(ctx: CommandContext): Availability {
  const has = needsPane(ctx);
  if (has !== true) return has;
  return ctx.workspace.getDocument().maximizedPaneId ? 'Restore the maximized pane first' : true;
}

const CAPITALIZED: Record<Direction, string> = { left: 'Left', right: 'Right', up: 'Up', down: 'Down' };

/** Splits the target pane with a new pane, unless that would make a pane smaller than 300 x 300. */
function splitWith(ctx: CommandContext, kindId: string, direction: SplitDirection | 'auto'): Outcome {
  const doc = ctx.workspace.getDocument();
  const target = ctx.paneId;
  const { bounds, rects } = ctx.geometry();
  const targetRect = target ? rects.get(target) : undefined;
  const dir: SplitDirection =
    direction === 'auto'
      ? targetRect && targetRect.height > targetRect.width
        ? 'column'
        : 'row'
      : direction;
  if (doc.layout !== null && target !== null && !canSplit(doc.layout, target, dir, bounds, MIN_CELL)) {
    notify(
      ctx.session,
      `Cannot split: every pane must stay at least ${MIN_PANE_PX} × ${MIN_PANE_PX} px. Close a pane or enlarge the window.`,
      'warning',
    );
    return undefined;
  }
  const source = target ? doc.panes[target] : undefined;
  const pane = createPane(kindId, kindId === source?.kind ? source.symbol : undefined);
  return {
    edit: (d) => insertPane(d, target, pane, dir),
    history: RECORD,
    after: (next) => focusPane(ctx.session, next, pane.id),
  };
}

function focusStep(ctx: CommandContext, step: 1 | -1): void {
  const doc = ctx.workspace.getDocument();
  const ids = visiblePaneIds(doc);
  if (ids.length === 0) return;
  const current = resolveFocusedPane(doc, ctx.paneId);
  const index = current ? ids.indexOf(current) : -1;
  const next = ids[(index + step + ids.length) % ids.length];
  if (next) focusPane(ctx.session, doc, next);
}

function focusDirection(direction: Direction): Command {
  return {
    id: `focus-pane-${direction}`,
    label: `Focus pane ${direction}`,
    group: 'Focus',
    keys: [`Alt+Arrow${CAPITALIZED[direction]}`],
    when: needsPane,
    perform(ctx) {
      if (!ctx.paneId) return;
      const next = neighbourInDirection(ctx.geometry().rects, ctx.paneId, direction);
      if (next) focusPane(ctx.session, ctx.workspace.getDocument(), next);
      else
        notify(
          ctx.session,
          `No pane ${direction === 'up' || direction === 'down' ? direction : `to the ${direction}`}`,
        );
    },
  };
}

function moveDirection(direction: Direction): Command {
  return {
    id: `move-pane-${direction}`,
    label: `Move pane ${direction}`,
    group: 'Layout',
    keys: [`Alt+Shift+Arrow${CAPITALIZED[direction]}`],
    inPaneMenu: true,
    paneSubmenu: 'Move pane',
    when: needsTiledPane,
    perform(ctx) {
      const paneId = ctx.paneId;
      if (!paneId) return;
      const other = neighbourInDirection(ctx.geometry().rects, paneId, direction);
      if (!other) {
        notify(ctx.session, `The pane cannot move ${direction}: it is already at the edge`);
        return;
      }
      return {
        edit: (d) => swapPanePositions(d, paneId, other),
        history: RECORD,
        after: (next) => focusPane(ctx.session, next, paneId),
      };
    },
  };
}

export function workspaceCommands(): Command[] {
  const directions: Direction[] = ['left', 'right', 'up', 'down'];
  return [
    {
      id: 'undo',
      label: 'Undo',
      group: 'Edit',
      keys: ['$mod+z'],
      when: (ctx) => (ctx.workspace.canUndo() ? true : 'Nothing to undo'),
      perform: () => ({ travel: 'undo' }),
    },
    {
      id: 'redo',
      label: 'Redo',
      group: 'Edit',
      keys: ['$mod+Shift+z', '$mod+y'],
      when: (ctx) => (ctx.workspace.canRedo() ? true : 'Nothing to redo'),
      perform: () => ({ travel: 'redo' }),
    },
    {
      id: 'split-pane-right',
      label: 'Split pane right',
      group: 'Layout',
      // Windows Terminal's keys for its panes (by key position: Shift makes no '+' or '_' of them).
      keys: ['Alt+Shift+Equal'],
      inPaneMenu: true,
      when: needsTiledPane,
      perform: (ctx) => {
        const kind = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId]?.kind : undefined;
        return kind ? splitWith(ctx, kind, 'row') : undefined;
      },
    },
    {
      id: 'split-pane-down',
      label: 'Split pane down',
      group: 'Layout',
      keys: ['Alt+Shift+Minus'],
      inPaneMenu: true,
      when: needsTiledPane,
      perform: (ctx) => {
        const kind = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId]?.kind : undefined;
        return kind ? splitWith(ctx, kind, 'column') : undefined;
      },
    },
    {
      id: 'close-pane',
      label: 'Close pane',
      group: 'Layout',
      // Not Ctrl+W or Ctrl+Shift+W: the browser keeps those and closes the tab or the window.
      keys: ['Alt+Shift+KeyW'],
      inPaneMenu: true,
      when: needsPane,
      perform: (ctx) => {
        const paneId = ctx.paneId;
        if (!paneId) return;
        const before = visiblePaneIds(ctx.workspace.getDocument());
        return {
          edit: (d) => closePane(d, paneId),
          history: RECORD,
          after: (doc) => {
            const after = visiblePaneIds(doc);
            const next = after[Math.min(before.indexOf(paneId), after.length - 1)];
            if (next) focusPane(ctx.session, doc, next);
            else ctx.session.setState({ focusedPaneId: null });
          },
        };
      },
    },
    {
      id: 'maximize-pane',
      label: 'Maximize pane',
      group: 'Layout',
      keys: ['Alt+Enter'],
      toggleGroup: 'maximize',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) => {
        const has = needsPane(ctx);
        if (has !== true) return has;
        return ctx.workspace.getDocument().maximizedPaneId ? 'A pane is already maximized' : true;
      },
      perform: (ctx) => {
        const paneId = ctx.paneId;
        return paneId ? { edit: (d) => setMaximized(d, paneId), history: RECORD } : undefined;
      },
    },
    {
      id: 'restore-pane',
      label: 'Restore pane',
      group: 'Layout',
      keys: ['Alt+Enter'],
      toggleGroup: 'maximize',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) => (ctx.workspace.getDocument().maximizedPaneId ? true : 'No pane is maximized'),
      perform: (ctx) => {
        const restored = ctx.workspace.getDocument().maximizedPaneId;
        return {
          edit: (d) => setMaximized(d, null),
          history: RECORD,
          after: (doc) => {
            if (restored) focusPane(ctx.session, doc, restored);
          },
        };
      },
    },
    {
      id: 'focus-next-pane',
      label: 'Focus next pane',
      group: 'Focus',
      keys: ['F6'],
      when: needsPane,
      perform: (ctx) => focusStep(ctx, 1),
    },
    {
      id: 'focus-previous-pane',
      label: 'Focus previous pane',
      group: 'Focus',
      keys: ['Shift+F6'],
      when: needsPane,
      perform: (ctx) => focusStep(ctx, -1),
    },
    ...directions.map(focusDirection),
    ...directions.map(moveDirection),
    ...newPaneCommands(),
    ...paneEditCommands(),
  ];
}

/** Edits that pane controls make with their own arguments (title-bar selects, drags). */
function paneEditCommands(): Command[] {
  return [
    defineCommand({
      id: 'set-link-group',
      label: 'Set link group',
      group: 'Layout',
      needsArgs: true,
      perform: (ctx, { paneId, group }) => ({
        edit: (d) => joinLinkGroup(ctx, d, paneId, group),
        history: RECORD,
      }),
    }),
    defineCommand({
      id: 'set-pane-symbol',
      label: 'Set symbol',
      group: 'Data',
      needsArgs: true,
      perform: (_ctx, { paneId, symbol }) => ({
        edit: (d) => setSymbol(d, paneId, symbol, followsGroupSymbol),
        history: RECORD,
      }),
    }),
    defineCommand({
      id: 'commit-layout',
      label: 'Commit layout',
      group: 'Layout',
      needsArgs: true,
      // While a pane is maximized the tiling view shows one pane: there is no layout to commit.
      when: (ctx) => (ctx.workspace.getDocument().maximizedPaneId ? 'A pane is maximized' : true),
      perform: (_ctx, { layout }) => ({ edit: (d) => setLayout(d, layout), history: RECORD }),
    }),
  ];
}

/** `New pane: <Kind>` for every registered kind: splits the target pane along its longer side. */
function newPaneCommands(): Command[] {
  return [...listPaneKinds().map(newPaneCommand), ...listPaneKinds().map(replacePaneCommand)];
}

/**
 * Whether a pane shows a market's symbol (AAPL), which a pane joining its link group or replacing it
 * takes. Not a kind whose symbol names its dataset (a donut's `Portfolio`: PaneKind.showsSymbol), nor
 * a name the data engine does not list: a histogram or a chart given either could only say "Unknown
 * symbol". Before the engine has listed its symbols, the kind alone decides.
 */
function showsMarketSymbol(ctx: CommandContext, pane: PaneState): boolean {
  if (!showsSymbol(pane.kind)) return false;
  const listed = ctx.session.getState().catalog.symbols;
  return listed === null || listed.some((s) => s.symbol === pane.symbol);
}

/**
 * `paneId` joins `group` (leaves its group, for null): it takes the symbol of a member that shows a
 * market's and the settings it shares with the group (an interval).
 */
function joinLinkGroup(
  ctx: CommandContext,
  doc: WorkspaceDocument,
  paneId: PaneId,
  group: LinkGroup | null,
): WorkspaceDocument {
  return adoptLinkedSettings(
    setLinkGroup(doc, paneId, group, (p) => showsMarketSymbol(ctx, p)),
    paneId,
    linkedSettingsOf,
  );
}

/** `Replace pane with: <Kind>`: a new pane of that kind takes the target's tile, as one step. */
function replacePaneCommand(kind: PaneKind): Command {
  return {
    id: `replace-pane:${kind.id}`,
    label: `Replace pane with: ${kind.label}`,
    group: 'Replace pane',
    hiddenWhenUnavailable: true,
    when: (ctx) => {
      const pane = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
      if (!pane) return NO_PANE;
      return pane.kind === kind.id ? `The pane is already a ${kind.label}` : true;
    },
    perform: (ctx) => {
      const target = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
      if (!target) return;
      // The replaced pane's symbol when it is a market's; else the new kind's own default.
      const symbol = showsMarketSymbol(ctx, target) ? target.symbol : undefined;
      const next = { ...createPane(kind.id, symbol), linkGroup: target.linkGroup };
      // The new pane is a member of the replaced one's group as one that joins it is: it takes the
      // settings it shares with the group (a chart's interval) and, when the replaced pane showed no
      // market (a donut) and the new one does, the group's symbol.
      const join = (d: WorkspaceDocument): WorkspaceDocument =>
        next.linkGroup !== null && symbol === undefined && showsSymbol(kind.id)
          ? joinLinkGroup(ctx, d, next.id, next.linkGroup)
          : adoptLinkedSettings(d, next.id, linkedSettingsOf);
      return {
        edit: (d) => join(replacePaneKind(d, target.id, next)),
        history: RECORD,
        after: (doc) => focusPane(ctx.session, doc, next.id),
      };
    },
  };
}

function newPaneCommand(kind: PaneKind): Command {
  return {
    id: `new-pane:${kind.id}`,
    label: `New pane: ${kind.label}`,
    group: 'New pane',
    when: (ctx: CommandContext) =>
      ctx.workspace.getDocument().maximizedPaneId ? 'Restore the maximized pane first' : true,
    perform: (ctx: CommandContext) => (getPaneKind(kind.id) ? splitWith(ctx, kind.id, 'auto') : undefined),
  };
}
