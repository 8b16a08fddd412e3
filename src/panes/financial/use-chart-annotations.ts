import { type RefObject, useEffect, useMemo } from 'react';
import { useDocument } from '../../commands/use-workstation';
import { useSession } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import { displayed } from './annotations/displayed-annotation';
import type { FinancialChart } from './financial-chart';

/** Hands the chart the pane's annotations as shown (a drag in progress included), its selection and magnet. */
export function useChartAnnotations(paneId: PaneId, chartRef: RefObject<FinancialChart | null>): void {
  const all = useDocument((s) => s.document.annotations);
  const annotations = useMemo(() => Object.values(all).filter((a) => a.paneId === paneId), [all, paneId]);
  const selectedId = useSession((s) => s.annotation.selectedId);
  const drag = useSession((s) => s.annotation.drag);
  const magnet = useSession((s) => s.annotation.magnet);

  useEffect(() => {
    const ownSelection = annotations.some((a) => a.id === selectedId) ? selectedId : null;
    chartRef.current?.setAnnotations(
      annotations.map((a) => displayed(a, drag)),
      ownSelection,
    );
  }, [annotations, selectedId, drag, chartRef]);
  useEffect(() => chartRef.current?.setMagnet(magnet), [magnet, chartRef]);
}
