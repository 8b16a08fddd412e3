/** Commands that edit or navigate the tiling workspace. */
import { focusPane, resolveFocusedPane, visiblePaneIds } from '../state/focus';
import { mergeBy, RECORD } from '../state/history';
import { notify, uiStore } from '../state/ui-store';
import {
  closePane,
  insertPane,
  replacePaneKind,
  setMaximized,
  swapPanePositions,
} from '../state/workspace-edits';
import { canSplit, neighbourInDirection } from '../workspace/layout-geometry';
import type { Direction, SplitDirection } from '../workspace/layout-node';
import { createPane, getPaneKind, listPaneKinds, type PaneKind } from '../workspace/pane-registry';
import type { Availability, Command, CommandContext } from './command';

export const MIN_PANE_PX = 300;

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
export function splitWith(ctx: CommandContext, kindId: string, direction: SplitDirection | 'auto'): boolean {
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
  if (doc.layout !== null && target !== null && !canSplit(doc.layout, target, dir, bounds, MIN_PANE_PX)) {
    notify(
      `Cannot split: every pane must stay at least ${MIN_PANE_PX} × ${MIN_PANE_PX} px. Close a pane or enlarge the window.`,
      'warning',
    );
    return false;
  }
  const source = target ? doc.panes[target] : undefined;
  const pane = createPane(kindId, kindId === source?.kind ? source.symbol : undefined);
  ctx.workspace.edit((d) => insertPane(d, target, pane, dir), RECORD);
  focusPane(ctx.workspace.getDocument(), pane.id);
  return true;
}

function focusStep(ctx: CommandContext, step: 1 | -1): void {
  const doc = ctx.workspace.getDocument();
  const ids = visiblePaneIds(doc);
  if (ids.length === 0) return;
  const current = resolveFocusedPane(doc, ctx.paneId);
  const index = current ? ids.indexOf(current) : -1;
  const next = ids[(index + step + ids.length) % ids.length];
  if (next) focusPane(doc, next);
}

function focusDirection(direction: Direction): Command {
  return {
    id: `focus-pane-${direction}`,
    label: `Focus pane ${direction}`,
    group: 'Focus',
    keys: [`Alt+Arrow${CAPITALIZED[direction]}`],
    availability: needsPane,
    run(ctx) {
      if (!ctx.paneId) return;
      const next = neighbourInDirection(ctx.geometry().rects, ctx.paneId, direction);
      if (next) focusPane(ctx.workspace.getDocument(), next);
      else
        notify(`No pane ${direction === 'up' || direction === 'down' ? direction : `to the ${direction}`}`);
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
    availability: needsTiledPane,
    run(ctx) {
      const paneId = ctx.paneId;
      if (!paneId) return;
      const other = neighbourInDirection(ctx.geometry().rects, paneId, direction);
      if (!other) {
        notify(`The pane cannot move ${direction}: it is already at the edge`);
        return;
      }
      ctx.workspace.edit((d) => swapPanePositions(d, paneId, other), RECORD);
      focusPane(ctx.workspace.getDocument(), paneId);
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
      availability: (ctx) => (ctx.workspace.canUndo() ? true : 'Nothing to undo'),
      run: (ctx) => {
        ctx.workspace.undo();
      },
    },
    {
      id: 'redo',
      label: 'Redo',
      group: 'Edit',
      keys: ['$mod+Shift+z', '$mod+y'],
      availability: (ctx) => (ctx.workspace.canRedo() ? true : 'Nothing to redo'),
      run: (ctx) => {
        ctx.workspace.redo();
      },
    },
    {
      id: 'split-pane-right',
      label: 'Split pane right',
      group: 'Layout',
      inPaneMenu: true,
      availability: needsTiledPane,
      run: (ctx) => {
        const kind = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId]?.kind : undefined;
        if (kind) splitWith(ctx, kind, 'row');
      },
    },
    {
      id: 'split-pane-down',
      label: 'Split pane down',
      group: 'Layout',
      inPaneMenu: true,
      availability: needsTiledPane,
      run: (ctx) => {
        const kind = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId]?.kind : undefined;
        if (kind) splitWith(ctx, kind, 'column');
      },
    },
    {
      id: 'close-pane',
      label: 'Close pane',
      group: 'Layout',
      inPaneMenu: true,
      availability: needsPane,
      run: (ctx) => {
        const paneId = ctx.paneId;
        if (!paneId) return;
        const before = visiblePaneIds(ctx.workspace.getDocument());
        ctx.workspace.edit((d) => closePane(d, paneId), RECORD);
        const doc = ctx.workspace.getDocument();
        const after = visiblePaneIds(doc);
        const next = after[Math.min(before.indexOf(paneId), after.length - 1)];
        if (next) focusPane(doc, next);
        else uiStore.setState({ focusedPaneId: null });
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
      availability: (ctx) => {
        const has = needsPane(ctx);
        if (has !== true) return has;
        return ctx.workspace.getDocument().maximizedPaneId ? 'A pane is already maximized' : true;
      },
      run: (ctx) => {
        const paneId = ctx.paneId;
        if (paneId) ctx.workspace.edit((d) => setMaximized(d, paneId), RECORD);
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
      availability: (ctx) => (ctx.workspace.getDocument().maximizedPaneId ? true : 'No pane is maximized'),
      run: (ctx) => {
        const restored = ctx.workspace.getDocument().maximizedPaneId;
        ctx.workspace.edit((d) => setMaximized(d, null), RECORD);
        if (restored) focusPane(ctx.workspace.getDocument(), restored);
      },
    },
    {
      id: 'focus-next-pane',
      label: 'Focus next pane',
      group: 'Focus',
      keys: ['F6'],
      availability: needsPane,
      run: (ctx) => focusStep(ctx, 1),
    },
    {
      id: 'focus-previous-pane',
      label: 'Focus previous pane',
      group: 'Focus',
      keys: ['Shift+F6'],
      availability: needsPane,
      run: (ctx) => focusStep(ctx, -1),
    },
    ...directions.map(focusDirection),
    ...directions.map(moveDirection),
    ...newPaneCommands(),
  ];
}

/** `New pane: <Kind>` for every registered kind: splits the target pane along its longer side. */
function newPaneCommands(): Command[] {
  return [...listPaneKinds().map(newPaneCommand), ...listPaneKinds().map(replacePaneCommand)];
}

/** `Replace pane with: <Kind>`: a new pane of that kind takes the target's tile, as one step. */
function replacePaneCommand(kind: PaneKind): Command {
  return {
    id: `replace-pane:${kind.id}`,
    label: `Replace pane with: ${kind.label}`,
    group: 'Replace pane',
    hiddenWhenUnavailable: true,
    availability: (ctx) => {
      const pane = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
      if (!pane) return NO_PANE;
      return pane.kind === kind.id ? `The pane is already a ${kind.label}` : true;
    },
    run: (ctx) => {
      const target = ctx.paneId ? ctx.workspace.getDocument().panes[ctx.paneId] : undefined;
      if (!target) return;
      const next = { ...createPane(kind.id, target.symbol), linkGroup: target.linkGroup };
      ctx.workspace.edit((d) => replacePaneKind(d, target.id, next), RECORD);
      focusPane(ctx.workspace.getDocument(), next.id);
    },
  };
}

function newPaneCommand(kind: PaneKind): Command {
  return {
    id: `new-pane:${kind.id}`,
    label: `New pane: ${kind.label}`,
    group: 'New pane',
    availability: (ctx: CommandContext) =>
      ctx.workspace.getDocument().maximizedPaneId ? 'Restore the maximized pane first' : true,
    run: (ctx: CommandContext) => {
      if (getPaneKind(kind.id)) splitWith(ctx, kind.id, 'auto');
    },
  };
}

/** A burst of edits of one pane's symbol (arrowing through a watchlist) is one undo step. */
export const symbolEditMode = (paneId: string) => mergeBy(`symbol:${paneId}`);
