/**
 * Annotation commands: drawing, deleting, nudging, copy and paste, lock, duplicate, edit. Keys are
 * chart-scoped; arrows nudge a selected annotation and pan the chart otherwise (one toggle group).
 */
import { useStore } from 'zustand';
import type { Availability, Command, CommandContext } from '../../../commands/command';
import {
  addAnnotation,
  copyAnnotation,
  createAnnotation,
  deleteAnnotation,
  moveAnnotation,
  updateAnnotation,
} from '../../../state/annotation-edits';
import { mergeBy, RECORD } from '../../../state/history';
import { notify } from '../../../state/ui-store';
import type { Annotation, AnnotationKind } from '../../../state/workspace-document';
import { chartOf } from '../chart-registry';
import { nudged } from './annotation-geometry';
import { annotationUi } from './annotation-ui';

function selected(ctx: CommandContext): Annotation | null {
  const id = annotationUi.getState().selectedId;
  const annotation = id ? ctx.workspace.getDocument().annotations[id] : undefined;
  return annotation && annotation.paneId === ctx.paneId ? annotation : null;
}

const NOT_A_CHART = 'The focused pane is not a financial chart';
const NOTHING_SELECTED = 'No annotation is selected';

function needsSelection(ctx: CommandContext): Availability {
  return selected(ctx) ? true : NOTHING_SELECTED;
}

function needsUnlocked(ctx: CommandContext): Availability {
  const a = selected(ctx);
  if (!a) return NOTHING_SELECTED;
  return a.locked ? 'The annotation is locked: unlock it first' : true;
}

/** Adds an annotation at a point and selects it: one undo step. */
export function drawAnnotation(
  ctx: Pick<CommandContext, 'workspace'>,
  paneId: string,
  kind: AnnotationKind,
  at: { time: number; price: number },
) {
  const annotation = createAnnotation(paneId, kind, at.time, at.price);
  ctx.workspace.edit((d) => addAnnotation(d, annotation), RECORD);
  annotationUi.setState({ selectedId: annotation.id, tool: null });
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
    availability: (ctx) => (chartOf(ctx.paneId) ? true : NOT_A_CHART),
    run: (ctx) => {
      const chart = chartOf(ctx.paneId);
      const at = chart?.anchorPoint();
      if (!ctx.paneId || !at) {
        notify('The chart has no data to anchor an annotation to yet', 'warning');
        return;
      }
      drawAnnotation(ctx, ctx.paneId, kind, at);
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
    availability: needsUnlocked,
    run: (ctx) => {
      const a = selected(ctx);
      const chart = chartOf(ctx.paneId);
      if (!a || !chart) return;
      const to = nudged(a, direction, chart.times(), chart.priceStep());
      // A burst of nudges of one annotation is one undo step.
      ctx.workspace.edit((d) => moveAnnotation(d, a.id, to.time, to.price), mergeBy(`nudge:${a.id}`));
    },
  };
}

export function annotationCommands(): Command[] {
  return [
    addCommand('cross-line', 'Add cross-line', ['x']),
    addCommand('horizontal-line', 'Add horizontal line', []),
    addCommand('vertical-line', 'Add vertical line', []),
    {
      id: 'delete-annotation',
      label: 'Delete annotation',
      group: 'Annotations',
      keys: ['Delete'],
      scope: 'chart',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      availability: needsUnlocked,
      run: (ctx) => {
        const a = selected(ctx);
        if (!a) return;
        ctx.workspace.edit((d) => deleteAnnotation(d, a.id), RECORD);
        annotationUi.setState({ selectedId: null });
      },
    },
    {
      id: 'deselect-annotation',
      label: 'Deselect annotation',
      group: 'Annotations',
      keys: ['Escape'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      availability: (ctx) => (selected(ctx) || annotationUi.getState().tool ? true : NOTHING_SELECTED),
      run: () => annotationUi.setState({ selectedId: null, tool: null }),
    },
    ...(['left', 'right', 'up', 'down'] as const).map(nudgeCommand),
    {
      id: 'copy-annotation',
      label: 'Copy annotation',
      group: 'Annotations',
      keys: ['$mod+c'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      availability: needsSelection,
      run: (ctx) => annotationUi.setState({ clipboard: selected(ctx) }),
    },
    {
      id: 'paste-annotation',
      label: 'Paste annotation',
      group: 'Annotations',
      keys: ['$mod+v'],
      scope: 'chart',
      hiddenWhenUnavailable: true,
      availability: (ctx) =>
        !chartOf(ctx.paneId) ? NOT_A_CHART : annotationUi.getState().clipboard ? true : 'Nothing to paste',
      run: (ctx) => {
        const source = annotationUi.getState().clipboard;
        if (!source || !ctx.paneId) return;
        const copy = copyAnnotation(source, ctx.paneId);
        ctx.workspace.edit((d) => addAnnotation(d, copy), RECORD);
        annotationUi.setState({ selectedId: copy.id });
      },
    },
    {
      id: 'duplicate-annotation',
      label: 'Duplicate annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      availability: needsSelection,
      run: (ctx) => {
        const a = selected(ctx);
        const chart = chartOf(ctx.paneId);
        if (!a) return;
        const step = chart?.priceStep() ?? 1;
        const copy = copyAnnotation(a, a.paneId, { time: 0, price: -5 * step });
        ctx.workspace.edit((d) => addAnnotation(d, copy), RECORD);
        annotationUi.setState({ selectedId: copy.id });
      },
    },
    {
      id: 'lock-annotation',
      label: 'Lock annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      availability: (ctx) => {
        const a = selected(ctx);
        return !a ? NOTHING_SELECTED : a.locked ? 'Already locked' : true;
      },
      run: (ctx) => {
        const a = selected(ctx);
        if (a) ctx.workspace.edit((d) => updateAnnotation(d, a.id, { locked: true }), RECORD);
      },
    },
    {
      id: 'unlock-annotation',
      label: 'Unlock annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      availability: (ctx) => {
        const a = selected(ctx);
        return !a ? NOTHING_SELECTED : a.locked ? true : 'Not locked';
      },
      run: (ctx) => {
        const a = selected(ctx);
        if (a) ctx.workspace.edit((d) => updateAnnotation(d, a.id, { locked: false }), RECORD);
      },
    },
    {
      id: 'edit-annotation',
      label: 'Edit annotation',
      group: 'Annotations',
      inPaneMenu: true,
      hiddenWhenUnavailable: true,
      availability: needsSelection,
      run: (ctx) => {
        const a = selected(ctx);
        if (a) annotationUi.setState({ popoverId: a.id });
      },
    },
    {
      id: 'toggle-annotations-panel',
      label: 'Show annotations panel',
      group: 'Annotations',
      run: () => annotationUi.setState((s) => ({ panelOpen: !s.panelOpen })),
    },
  ];
}

export function useAnnotationUi<T>(selector: (s: ReturnType<typeof annotationUi.getState>) => T): T {
  return useStore(annotationUi, selector);
}
