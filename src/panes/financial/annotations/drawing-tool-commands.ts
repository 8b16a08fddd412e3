/**
 * Drawing tools as commands: arm a tool (toolbar, palette, keys), and draw with the keyboard alone.
 * An armed tool waits at the crosshair; arrows move its cursor a bar or a price step at a time,
 * `Enter` places each anchor and `Escape` cancels (annotation-commands' deselect). The finished
 * drawing enters the document as one step through `draw-annotation`, as a mouse-drawn one does.
 */

import { timeToLogical } from '../../../../core/bars/bar-position';
import type { Command, CommandContext } from '../../../commands/command';
import { notify } from '../../../session/session-actions';
import { type DrawingDraft, patchSession } from '../../../session/session-store';
import {
  ANNOTATION_KINDS,
  type AnnotationKind,
  anchorCount,
  type DrawingPoint,
  KIND_SPECS,
} from '../../../state/drawing-kinds';
import { chartOf } from '../chart-registry';
import { drawStep } from './annotation-commands';

/** Default keys, as TradingView binds them (by key position, so Option+letter works on a Mac). */
const TOOL_KEYS: Partial<Record<AnnotationKind, string[]>> = {
  'trend-line': ['Alt+KeyT'],
  'fib-retracement': ['Alt+KeyF'],
  rectangle: ['Alt+Shift+KeyR'],
  'horizontal-ray': ['Alt+KeyJ'],
};

const NOT_A_CHART = 'The focused pane is not a financial chart';

function draftHere(ctx: CommandContext): DrawingDraft | null {
  const draft = ctx.session.getState().annotation.draft;
  return draft && draft.paneId === ctx.paneId ? draft : null;
}

/** The command that arms a tool, and its label (`Draw trend line`), for the toolbar's tool buttons too. */
export const armCommandId = (kind: AnnotationKind) => `draw-tool-${kind}`;
export const armLabel = (kind: AnnotationKind) => `Draw ${KIND_SPECS[kind].name.toLowerCase()}`;

/**
 * `Draw trend line`: arms the tool and shows its cursor where the pane menu was opened, else at the
 * crosshair (or the latest close).
 */
function armCommand(kind: AnnotationKind): Command {
  const name = KIND_SPECS[kind].name;
  return {
    id: armCommandId(kind),
    label: armLabel(kind),
    group: 'Drawing tools',
    keywords: KIND_SPECS[kind].keywords,
    keys: TOOL_KEYS[kind] ?? [],
    scope: 'chart',
    // Right-click a chart, Drawing tools, Trend line: armed at the point right-clicked (`anchorPoint`).
    inPaneMenu: true,
    paneSubmenu: 'Drawing tools',
    menuLabel: name,
    when: (ctx) => (chartOf(ctx.paneId) ? true : NOT_A_CHART),
    perform: (ctx) => {
      const chart = chartOf(ctx.paneId);
      const at = chart?.anchorPoint() ?? null;
      if (!ctx.paneId || !chart || !at) {
        notify(ctx.session, 'The chart has no data to draw on yet', 'warning');
        return;
      }
      chart.showPoint(at);
      patchSession(ctx.session, 'annotation', {
        tool: kind,
        selectedId: null,
        popover: null,
        draft: { paneId: ctx.paneId, kind, placed: [], at },
      });
      ctx.session.setState({
        announcement: `${name}: arrows move, Enter places ${anchorCount(kind) === 1 ? 'it' : 'the first point'}, Escape cancels`,
      });
    },
  };
}

/** The drawing cursor a bar left or right (onto the bars), or a price step up or down. */
export function movedDrawCursor(
  at: DrawingPoint,
  direction: 'left' | 'right' | 'up' | 'down',
  times: ArrayLike<number>,
  priceStep: number,
): DrawingPoint {
  if (direction === 'up' || direction === 'down') {
    return { time: at.time, price: at.price + (direction === 'up' ? priceStep : -priceStep) };
  }
  const logical = timeToLogical(times, at.time);
  if (logical === null) return at;
  const target = direction === 'left' ? Math.ceil(logical) - 1 : Math.floor(logical) + 1;
  const index = Math.max(0, Math.min(times.length - 1, target));
  return { time: (times[index] as number | undefined) ?? at.time, price: at.price };
}

/** Bars or price steps a Shift+arrow moves the drawing cursor. */
export const FAR_STEPS = 10;

function cursorCommand(direction: 'left' | 'right' | 'up' | 'down', far: boolean): Command {
  const arrow = `Arrow${direction[0]?.toUpperCase()}${direction.slice(1)}`;
  return {
    id: `draw-cursor-${direction}${far ? '-far' : ''}`,
    label: `Move drawing cursor ${direction}${far ? ` ${FAR_STEPS} steps` : ''}`,
    group: 'Drawing tools',
    keys: [far ? `Shift+${arrow}` : arrow],
    scope: 'chart',
    // Plain arrows are shared with the data cursor, Shift+arrows with panning: never both available.
    toggleGroup: far ? `chart-shift-arrow-${direction}` : `chart-arrow-${direction}`,
    hiddenWhenUnavailable: true,
    when: (ctx) => (draftHere(ctx)?.at ? true : 'No drawing is being placed'),
    perform: (ctx) => {
      const draft = draftHere(ctx);
      const chart = chartOf(ctx.paneId);
      if (!draft?.at || !chart) return;
      let at = draft.at;
      for (let i = 0; i < (far ? FAR_STEPS : 1); i++) {
        at = movedDrawCursor(at, direction, chart.times(), chart.priceStep());
      }
      chart.showPoint(at);
      patchSession(ctx.session, 'annotation', { draft: { ...draft, at } });
    },
  };
}

const placeAnchor: Command = {
  id: 'place-drawing-anchor',
  label: 'Place drawing point',
  group: 'Drawing tools',
  keys: ['Enter'],
  scope: 'chart',
  hiddenWhenUnavailable: true,
  when: (ctx) => (draftHere(ctx)?.at ? true : 'No drawing is being placed'),
  perform: (ctx) => {
    const draft = draftHere(ctx);
    if (!draft?.at || !ctx.paneId) return;
    const placed = [...draft.placed, draft.at];
    const count = anchorCount(draft.kind);
    if (placed.length < count) {
      patchSession(ctx.session, 'annotation', { draft: { ...draft, placed } });
      ctx.session.setState({ announcement: `Point ${placed.length} of ${count} placed` });
      return;
    }
    // One step, as a mouse-drawn drawing: it clears the tool and the draft and selects the drawing.
    return drawStep(ctx.session, ctx.paneId, draft.kind, placed);
  },
};

const toggleMagnet: Command = {
  id: 'toggle-magnet',
  label: 'Toggle magnet',
  group: 'Drawing tools',
  // In the menu of a chart (where the toolbar's magnet button folds to), as the tools are.
  inPaneMenu: (ctx) => chartOf(ctx.paneId) !== undefined,
  keys: ['Alt+KeyM'],
  perform: (ctx) => {
    const magnet = !ctx.session.getState().annotation.magnet;
    patchSession(ctx.session, 'annotation', { magnet });
    ctx.session.setState({ announcement: magnet ? 'Magnet on' : 'Magnet off' });
  },
};

export function drawingToolCommands(): Command[] {
  return [
    toggleMagnet,
    ...ANNOTATION_KINDS.map(armCommand),
    ...(['left', 'right', 'up', 'down'] as const).flatMap((d) => [
      cursorCommand(d, false),
      cursorCommand(d, true),
    ]),
    placeAnchor,
  ];
}
