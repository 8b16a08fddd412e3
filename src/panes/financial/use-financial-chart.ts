import { type RefObject, useEffect, useRef, useState } from 'react';
import { useWorkstation } from '../../commands/use-workstation';
import { useDrawGuard } from '../../render/draw-failure';
import { patchSession } from '../../session/session-store';
import type { PaneId } from '../../state/layout-node';
import { displayTheme } from '../../themes/use-display-theme';
import { attachAnnotationPointer } from './annotations/annotation-pointer';
import type { LegendBar } from './chart-data';
import { registerChart } from './chart-registry';
import { FinancialChart } from './financial-chart';
import type { FinancialKind } from './financial-kinds';
import type { StudyTick } from './legend-values';

export interface ChartHover {
  bar: LegendBar;
  x: number;
  y: number;
}

/**
 * The pane's lightweight-charts chart, created once per pane in `containerRef` and destroyed with it.
 * Wires what the chart reports (crosshair, visible range) and what the pointer does on it (drawing,
 * selecting and dragging annotations, the context menu's point). Kind, theme, data and options are
 * applied by the hooks that own them, never by creating the chart again.
 */
export function useFinancialChart(
  paneId: PaneId,
  kind: FinancialKind,
  containerRef: RefObject<HTMLDivElement | null>,
  studyTick: StudyTick,
): { chartRef: RefObject<FinancialChart | null>; hover: ChartHover | null } {
  const { workspace, session, run } = useWorkstation();
  const chartRef = useRef<FinancialChart | null>(null);
  const [hover, setHover] = useState<ChartHover | null>(null);
  // The kind the chart starts with; later kinds are applied by `setKind` without a new chart.
  const initialKind = useRef(kind);
  const guard = useDrawGuard();

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = new FinancialChart(
      container,
      initialKind.current,
      displayTheme(workspace.getDocument().theme, session.getState().forcedColors),
      guard,
      () => studyTick.setState((s) => ({ tick: s.tick + 1 })),
    );
    chartRef.current = chart;
    const unregister = registerChart(paneId, chart);
    const stopCrosshair = chart.onCrosshair((bar, point) =>
      setHover(bar && point ? { bar, x: point.x, y: point.y } : null),
    );
    // The visible bars, as data attributes: automation reads the view without parsing canvas pixels.
    const stopRange = chart.onVisibleRange((range) => {
      container.dataset.visibleFrom = range ? range.from.toFixed(1) : '';
      container.dataset.visibleTo = range ? range.to.toFixed(1) : '';
    });
    const detachPointer = attachAnnotationPointer(container, paneId, chart, {
      tool: () => session.getState().annotation.tool,
      draft: () => session.getState().annotation.draft,
      setDraft: (draft) => patchSession(session, 'annotation', { draft }),
      draw: (annotationKind, points) => run('draw-annotation', { paneId, kind: annotationKind, points }),
      select: (id) => patchSession(session, 'annotation', { selectedId: id }),
      edit: (id) =>
        patchSession(session, 'annotation', { selectedId: id, popover: { annotationId: id, paneId } }),
      dragMove: (id, place) => patchSession(session, 'annotation', { drag: { id, place } }),
      dragEnd: (id, place) => {
        patchSession(session, 'annotation', { drag: null });
        // The whole drag is one step: the document only changes on release.
        if (place) run('move-annotation', { annotationId: id, place });
      },
      menuOpen: () => session.getState().contextMenu !== null,
    });
    // Right-click or long-press: remember the point ("Add cross-line here") and select what is under it.
    const stopMenu = session.subscribe((state, previous) => {
      const menu = state.contextMenu;
      if (!menu || menu === previous.contextMenu || menu.paneId !== paneId) return;
      const r = container.getBoundingClientRect();
      const x = menu.x - r.left;
      const y = menu.y - r.top;
      if (x < 0 || y < 0 || x > r.width || y > r.height) return;
      chart.markContextPoint(x, y);
      const hit = chart.annotationAt(x, y);
      if (hit) patchSession(session, 'annotation', { selectedId: hit.id });
    });
    return () => {
      detachPointer();
      stopMenu();
      stopCrosshair();
      stopRange();
      unregister();
      chart.destroy();
      chartRef.current = null;
    };
  }, [paneId, containerRef, workspace, session, run, studyTick, guard]);

  useEffect(() => chartRef.current?.setKind(kind), [kind]);

  return { chartRef, hover };
}
