/**
 * Keys of a focused splitter (the WAI-ARIA window splitter): arrows move it 10 px, with Shift 50 px,
 * never making a pane smaller than the minimum. The splitter widget routes its key presses here with
 * the divider it stands on; a burst of presses on one splitter is one undo step.
 */
import { mergeBy } from '../state/history';
import { type Divider, minPercentForPixels } from '../state/layout-geometry';
import type { Direction, Rect } from '../state/layout-node';
import { resizeDivider } from '../state/layout-tree';
import { setLayout } from '../state/workspace-edits';
import { type Command, type CommandTarget, defineCommand } from './command';
import { MIN_CELL } from './workspace-commands';

declare module './command' {
  interface CommandArgs {
    'move-splitter-left': SplitterArgs;
    'move-splitter-right': SplitterArgs;
    'move-splitter-up': SplitterArgs;
    'move-splitter-down': SplitterArgs;
    'move-splitter-left-far': SplitterArgs;
    'move-splitter-right-far': SplitterArgs;
    'move-splitter-up-far': SplitterArgs;
    'move-splitter-down-far': SplitterArgs;
  }
}

export interface SplitterArgs extends CommandTarget {
  /** The divider of the document's layout under the focused splitter. */
  readonly divider: Divider;
  /** Pixel size of the workspace area the divider was measured in. */
  readonly bounds: Rect;
}

export const SPLITTER_STEP_PX = 10;
export const SPLITTER_BIG_STEP_PX = 50;

const ARROW: Record<Direction, string> = {
  left: 'ArrowLeft',
  right: 'ArrowRight',
  up: 'ArrowUp',
  down: 'ArrowDown',
};

function moveSplitter(direction: Direction, far: boolean): Command {
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'left' || direction === 'up' ? -1 : 1;
  const px = far ? SPLITTER_BIG_STEP_PX : SPLITTER_STEP_PX;
  const id = `move-splitter-${direction}${far ? '-far' : ''}` as const;
  return defineCommand({
    id,
    label: `Move splitter ${direction}${far ? ` ${px} px` : ''}`,
    group: 'Splitters',
    keys: [`${far ? 'Shift+' : ''}${ARROW[direction]}`],
    scope: 'splitter',
    needsArgs: true,
    when: (_ctx, { divider }) =>
      (divider.direction === 'row') === horizontal
        ? true
        : `This splitter moves ${horizontal ? 'up and down' : 'left and right'}`,
    perform: (ctx, { divider, bounds }) => {
      const layout = ctx.workspace.getDocument().layout;
      if (layout === null) return;
      const extent = divider.direction === 'row' ? divider.splitRect.width : divider.splitRect.height;
      const min = minPercentForPixels(layout, divider.path, bounds, MIN_CELL);
      const next = resizeDivider(layout, divider.path, divider.index, (sign * px * 100) / extent, min);
      return {
        edit: (d) => setLayout(d, next),
        history: mergeBy(`resize:${divider.path.join('.')}:${divider.index}`),
      };
    },
  });
}

export function splitterCommands(): Command[] {
  const directions: Direction[] = ['left', 'right', 'up', 'down'];
  return [false, true].flatMap((far) => directions.map((d) => moveSplitter(d, far)));
}
