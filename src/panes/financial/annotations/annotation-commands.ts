/**
 * Annotation commands: drawing, deleting, nudging, copy and paste, lock, duplicate, edit. Keys are
 * chart-scoped; arrows nudge a selected annotation and pan the chart otherwise (one toggle group).
 */
import {
  type ArgsOf,
  type Availability,
  type Command,
  type CommandContext,
  type DocumentStep,
  defineCommand,
} from '../../../commands/command';
import { notify } from '../../../session/session-actions';
import { patchSession, type SessionStore } from '../../../session/session-store';
import {
  type AnnotationPatch,
  type AnnotationPlace,
  addAnnotation,
  copyAnnotation,
  createDrawing,
  deleteAnnotation,
  moveAnnotation,
  setPaneOnly,
  shownOn,
  updateAnnotation,
} from '../../../state/annotation-edits';
import { mergeBy, RECORD } from '../../../state/history';
import type { Annotation, AnnotationKind, DrawingPoint } from '../../../state/workspace-document';
import { focusPane, visiblePaneIds } from '../../../workspace/focus';
import { chartOf } from '../chart-registry';
import { inFinancialPaneMenu } from '../financial-pane-of';
import { nudged, rangeAround } from './annotation-geometry';

declare module '../../../commands/command' {
  interface CommandArgs {
    /** A click of the drawing tool on a chart. */
    'draw-annotation': {
      readonly paneId: string;
      readonly kind: AnnotationKind;
      /** One point per anchor of the kind. */
      readonly points: readonly DrawingPoint[];
    };
    /** A drag released: the whole drag is one step. */
    'move-annotation': { readonly annotationId: string; readonly place: AnnotationPlace };
    /**
     * An edit from the popover or the panel. Edits with the same `mergeKey` in a burst (typing a
     * label, dragging a width slider) are one step.
     */
    'update-annotation': {
      readonly annotationId: string;
      readonly patch: AnnotationPatch;
      readonly mergeKey?: string;
      /** Keep it on this pane only (the pane the command acts on becomes its home), or on every chart of its symbol. */
      readonly paneOnly?: boolean;
    };
    /** The selected annotation of the pane, or the one named (the panel's and popover's buttons). */
    'delete-annotation': { readonly annotationId?: string };
    /** Shows an annotation: a chart of its symbol is focused and scrolled to it, and it is selected. */
    'zoom-to-annotation': { readonly annotationId: string };
  }
}

function selected(ctx: CommandContext): Annotation | null {
  const id = ctx.session.getState().annotation.selectedId;
  const annotation = id ? ctx.workspace.getDocument().annotations[id] : undefined;
  const doc = ctx.workspace.getDocument();
  return annotation && ctx.paneId && shownOn(annotation, doc.panes[ctx.paneId]) ? annotation : null;
}

/** The annotation a command names in its arguments, else the pane's selected one. */
function named(ctx: CommandContext, args: ArgsOf<'delete-annotation'>): Annotation | null {
  if (args.annotationId === undefined) return selected(ctx);
  return ctx.workspace.getDocument().annotations[args.annotationId] ?? null;
}

const NOT_A_CHART = 'The focused pane is not a financial chart';
const NOTHING_SELECTED = 'No annotation is selected';

function needsSelection(ctx: CommandContext): Availability {
  return selected(ctx) ? true : NOTHING_SELECTED;
}

function needsUnlocked(ctx: CommandContext): Availability {
  const a = selected(ctx);
  if (!a) return NOTHING_SELECTED;
  if (ctx.session.getState().annotation.draft?.paneId === ctx.paneId) return 'A drawing is being placed';
  return a.locked ? 'The annotation is locked: unlock it first' : true;
}

/** Adds an annotation and selects it (the drawing tool is done): one undo step. */
function addSelected(session: SessionStore, annotation: Annotation): DocumentStep {
  return {
    edit: (d) => addAnnotation(d, annotation),
    history: RECORD,
    after: () =>
      patchSession(session, 'annotation', {
        selectedId: annotation.id,
        tool: null,
        draft: null,
        // A text note is placed to be written: its editor opens with the text field focused.
        ...(annotation.kind === 'text-note'
          ? { popover: { annotationId: annotation.id, paneId: annotation.paneId } }
          : {}),
      }),
  };
}

/** Draws an annotation of `kind` through its anchors (one point per anchor). */
export function drawStep(
  session: SessionStore,
  paneId: string,
  kind: AnnotationKind,
  points: readonly DrawingPoint[],
): DocumentStep {
  return addSelected(session, createDrawing(paneId, kind, points));
}

function addCommand(kind: AnnotationKind, label: string, keys: string[]): Command {
  return {
    id: `add-${kind}`,
    label,
    menuLabel: `${label} here`,
    group: 'Annotations',
    keys,
    scope: keys.length > 0 ? 'chart' : 'global',
    inPaneMenu: true,
    hiddenWhenUnavailable: true,
    when: (ctx) => (chartOf(ctx.paneId) ? true : NOT_A_CHART),
    perform: (ctx) => {
      const chart = chartOf(ctx.paneId);
      const at = chart?.anchorPoint();
      if (!ctx.paneId || !at) {
        notify(ctx.session, 'The chart has no data to anchor an annotation to yet', 'warning');
        return;
      }
      return drawStep(ctx.session, ctx.paneId, kind, [at]);
    },
  };
}

function nudgeCommand(direction: 'left' | 'right' | 'up' | 'down'): Command {
  const key = `Arrow${direction[0]?.toUpperCase()}${direction.slice(1)}`;
  return {
    id: `nudge-annotation-${direction}`,
    label: `Nudge annotation ${direction}`,
    group: 'Annotations',
    keys: [key],
    scope: 'chart',
    // Arrows pan a chart when no annotation is selected (left/right: financial and analytic charts;
    // up/down: analytic charts), so every direction is a toggle group.
    toggleGroup: `chart-arrow-${direction}`,
    hiddenWhenUnavailable: true,
    when: needsUnlocked,
    perform: (ctx) => {
      const a = selected(ctx);
      const chart = chartOf(ctx.paneId);
      if (!a || !chart) return;
      const to = nudged(a, direction, chart.times(), chart.priceStep());
      // A burst of nudges of one annotation is one undo step.
      return { edit: (d) => moveAnnotation(d, a.id, to), history: mergeBy(`nudge:${a.id}`) };
    },
  };
}

/** The chart to show an annotation in: the focused pane if it shows it, else the first that does. */
function paneShowing(ctx: CommandContext, annotation: Annotation): string | null {
  const doc = ctx.workspace.getDocument();
  const candidates = [ctx.paneId, ...visiblePaneIds(doc)];
  return candidates.find((id) => id !== null && chartOf(id) && shownOn(annotation, doc.panes[id])) ?? null;
}

export function annotationCommands(): Command[] {
  return [
    defineCommand({
      id: 'zoom-to-annotation',
      label: 'Zoom to annotation',
      group: 'Annotations',
      needsArgs: true,
      when: (ctx, { annotationId }) => {
        const a = ctx.workspace.getDocument().annotations[annotationId];
        if (!a) return 'The annotation is gone';
        return paneShowing(ctx, a)
          ? true
          : `No chart shows ${a.symbol ?? 'its pane'}: open it in a chart pane`;
      },
      perform: (ctx, { annotationId }) => {
        const doc = ctx.workspace.getDocument();
        const a = doc.annotations[annotationId];
        const paneId = a ? paneShowing(ctx, a) : null;
        const chart = paneId ? chartOf(paneId) : undefined;
        if (!a || !paneId || !chart) return;
        const range = rangeAround(a, chart.times());
        if (range) chart.showTimeRange(range);
        patchSession(ctx.session, 'annotation', { selectedId: a.id });
        focusPane(ctx.session, doc, paneId);
      },
    }),
    addCommand('cross-line', 'Add cross-line', ['x']),
    // TradingView's keys for these two (by key position, so Option+letter works on a Mac).
    addCommand('horizontal-line', 'Add horizontal line', ['Alt+KeyH']),
    addCommand('vertical-line', 'Add vertical line', ['Alt+KeyV']),
    defineCommand({
      id: 'delete-annotation',
      label: 'Delete annotation',
      group: 'Annotations',
      keys: ['Delete'],
      scope: 'chart',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx, args) => {
        const a = named(ctx, args);
        if (!a) return NOTHING_SELECTED;
        return a.locked ? 'The annotation is locked: unlock it first' : true;
      },
      perform: (ctx, args) => {
        const a = named(ctx, args);
        if (!a) return;
        return {
          edit: (d) => deleteAnnotation(d, a.id),
          history: RECORD,
          after: () => {
            if (ctx.session.getState().annotation.selectedId === a.id)
              patchSession(ctx.session, 'annotation', { selectedId: null });
          },
        };
      },
    }),
    defineCommand({
      id: 'draw-annotation',
      label: 'Draw annotation',
      group: 'Annotations',
      needsArgs: true,
      perform: (ctx, { paneId, kind, points }) => drawStep(ctx.session, paneId, kind, points),
    }),
    defineCommand({
      id: 'move-annotation',
      label: 'Move annotation',
      group: 'Annotations',
      needsArgs: true,
      when: (ctx, { annotationId }) =>
        ctx.workspace.getDocument().annotations[annotationId]?.locked === false ? true : 'Locked or gone',
      perform: (_ctx, { annotationId, place }) => ({
        edit: (d) => moveAnnotation(d, annotationId, place),
        history: RECORD,
      }),
    }),
    defineCommand({
      id: 'update-annotation',
      label: 'Update annotation',
      group: 'Annotations',
      needsArgs: true,
      perform: (ctx, { annotationId, patch, mergeKey, paneOnly }) => ({
        edit: (d) => {
          const edited = updateAnnotation(d, annotationId, patch);
          // Kept on the pane it is edited from (the focused one, or the one named).
          return paneOnly === undefined ? edited : setPaneOnly(edited, annotationId, ctx.paneId, paneOnly);
        },
        history: mergeKey ? mergeBy(mergeKey) : RECORD,
      }),
    }),
    {
      id: 'deselect-annotation',
      label: 'Deselect annotation',
      group: 'Annotations',
      keys: ['Escape'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      when: (ctx) => (selected(ctx) || ctx.session.getState().annotation.tool ? true : NOTHING_SELECTED),
      perform: (ctx) =>
        patchSession(ctx.session, 'annotation', { selectedId: null, tool: null, draft: null }),
    },
    ...(['left', 'right', 'up', 'down'] as const).map(nudgeCommand),
    {
      id: 'copy-annotation',
      label: 'Copy annotation',
      group: 'Annotations',
      keys: ['$mod+c'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      when: needsSelection,
      perform: (ctx) => patchSession(ctx.session, 'annotation', { clipboard: selected(ctx) }),
    },
    {
      id: 'paste-annotation',
      label: 'Paste annotation',
      group: 'Annotations',
      keys: ['$mod+v'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      when: (ctx) =>
        !chartOf(ctx.paneId)
          ? NOT_A_CHART
          : ctx.session.getState().annotation.clipboard
            ? true
            : 'Nothing to paste',
      perform: (ctx) => {
        const source = ctx.session.getState().annotation.clipboard;
        if (!source || !ctx.paneId) return;
        return addSelected(ctx.session, copyAnnotation(source, ctx.paneId));
      },
    },
    {
      id: 'duplicate-annotation',
      label: 'Duplicate annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: needsSelection,
      perform: (ctx) => {
        const a = selected(ctx);
        const chart = chartOf(ctx.paneId);
        if (!a) return;
        const step = chart?.priceStep() ?? 1;
        // Into the pane it is duplicated from: a drawing's own pane may be closed (it belongs to its symbol).
        if (!ctx.paneId) return;
        return addSelected(ctx.session, copyAnnotation(a, ctx.paneId, { time: 0, price: -5 * step }));
      },
    },
    {
      id: 'lock-annotation',
      label: 'Lock annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) => {
        const a = selected(ctx);
        return !a ? NOTHING_SELECTED : a.locked ? 'Already locked' : true;
      },
      perform: (ctx) => {
        const a = selected(ctx);
        return a ? { edit: (d) => updateAnnotation(d, a.id, { locked: true }), history: RECORD } : undefined;
      },
    },
    {
      id: 'unlock-annotation',
      label: 'Unlock annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: (ctx) => {
        const a = selected(ctx);
        return !a ? NOTHING_SELECTED : a.locked ? true : 'Not locked';
      },
      perform: (ctx) => {
        const a = selected(ctx);
        return a ? { edit: (d) => updateAnnotation(d, a.id, { locked: false }), history: RECORD } : undefined;
      },
    },
    {
      id: 'edit-annotation',
      label: 'Edit annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      when: needsSelection,
      perform: (ctx) => {
        const a = selected(ctx);
        if (a && ctx.paneId)
          patchSession(ctx.session, 'annotation', { popover: { annotationId: a.id, paneId: ctx.paneId } });
      },
    },
    {
      id: 'toggle-annotations-panel',
      label: 'Show annotations panel',
      group: 'Annotations',
      inPaneMenu: inFinancialPaneMenu,
      perform: (ctx) => patchSession(ctx.session, 'annotation', (s) => ({ panelOpen: !s.panelOpen })),
    },
  ];
}
