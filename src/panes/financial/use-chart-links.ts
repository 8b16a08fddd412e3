import { type RefObject, useEffect } from 'react';
import type { PaneId } from '../../state/layout-node';
import { nextHop } from '../../state/update-chain';
import type { LinkGroup } from '../../state/workspace-document';
import type { FinancialChart } from './financial-chart';
import { joinLinkGroup, publishLink } from './link-bus';

/**
 * Linked panes share crosshair time, and visible range between charts of one interval; echoes stop
 * at the chained-update limit.
 */
export function useChartLinks(
  paneId: PaneId,
  linkGroup: LinkGroup | null,
  interval: string | null,
  chartRef: RefObject<FinancialChart | null>,
  containerRef: RefObject<HTMLDivElement | null>,
): void {
  useEffect(() => {
    const chart = chartRef.current;
    const container = containerRef.current;
    if (!chart || !container || !linkGroup) return;
    const leave = joinLinkGroup(linkGroup, paneId, (message) => {
      if (message.type === 'crosshair') {
        chart.link.showLinkedCrosshair(message.time);
        container.dataset.crosshairTime = message.time === null ? '' : String(message.time);
      } else if (message.interval === interval) {
        chart.link.applyLinkedRange(message, message.hop);
      }
    });
    const stopCrosshair = chart.link.onUserCrosshair((time) => {
      container.dataset.crosshairTime = time === null ? '' : String(time);
      publishLink(linkGroup, paneId, { type: 'crosshair', time, hop: 0 });
    });
    const stopRange = chart.link.onVisibleTimeRange((range, hop) => {
      const next = hop === null ? 0 : nextHop(hop, 'linked visible range');
      if (next === null) return;
      const end = chart.coveredTimeRange()?.to;
      publishLink(linkGroup, paneId, {
        type: 'range',
        ...range,
        ...(end === undefined ? {} : { end }),
        hop: next,
        interval,
      });
    });
    return () => {
      leave();
      stopCrosshair();
      stopRange();
    };
  }, [linkGroup, paneId, interval, chartRef, containerRef]);
}
