import { type RefObject, useEffect, useMemo } from 'react';
import { useDocument } from '../../commands/use-workstation';
import { useSession } from '../../session/session-context';
import { shownOn } from '../../state/annotation-edits';
import type { PaneId } from '../../state/layout-node';
import { DRAFT_ID, displayed, draftPreview } from './annotations/displayed-annotation';
import type { FinancialChart } from './financial-chart';

/**
 * Hands the chart the pane's annotations as shown (a drag in progress, a drawing being placed), its
 * selection and magnet.
 */
export function useChartAnnotations(paneId: PaneId, chartRef: RefObject<FinancialChart | null>): void {
  const all = useDocument((s) => s.document.annotations);
  const symbol = useDocument((s) => s.document.panes[paneId]?.symbol);
  // The drawings of the pane's symbol (from any pane) and its own pane-only ones.
  const annotations = useMemo(
    () =>
      Object.values(all).filter((a) => shownOn(a, symbol === undefined ? undefined : { id: paneId, symbol })),
    [all, paneId, symbol],
  );
  const selectedId = useSession((s) => s.annotation.selectedId);
  const drag = useSession((s) => s.annotation.drag);
  const draft = useSession((s) => (s.annotation.draft?.paneId === paneId ? s.annotation.draft : null));
  const magnet = useSession((s) => s.annotation.magnet);

  useEffect(() => {
    const preview = draftPreview(draft);
    const ownSelection = preview
      ? DRAFT_ID
      : annotations.some((a) => a.id === selectedId)
        ? selectedId
        : null;
    const shown = annotations.map((a) => displayed(a, drag));
    chartRef.current?.setAnnotations(preview ? [...shown, preview] : shown, ownSelection);
  }, [annotations, selectedId, drag, draft, chartRef]);
  useEffect(() => chartRef.current?.setMagnet(magnet), [magnet, chartRef]);
}
