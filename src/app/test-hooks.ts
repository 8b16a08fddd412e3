/**
 * A small automation surface on `window.__workstation` for end-to-end tests and scripts. It only
 * reads state or injects faults; user-visible behaviour is always driven through the UI.
 */

import type { Workstation } from '../commands/workstation-api';
import { chartOf } from '../panes/financial/chart-registry';
import { injectDrawFault } from '../render/draw-guard';

declare global {
  interface Window {
    __workstation?: {
      document(): unknown;
      historyDepth(): number;
      failPane(paneId: string): void;
      /** The pane's next drawing call (inside its chart library's frame) throws. */
      failDrawing(paneId: string): void;
      flushSave(): void;
      /** A price as a financial pane's price axis writes it; null for no such chart. */
      priceAxisText(paneId: string, price: number): string | null;
      /** The labels a financial pane's time axis drew with its current zone, by tick time (UTC seconds). */
      timeAxisLabels(paneId: string): [time: number, label: string][];
    };
  }
}

export function exposeTestHooks(workstation: Workstation): void {
  window.__workstation = {
    document: () => workstation.workspace.getDocument(),
    historyDepth: () => workstation.workspace.state.getState().history.past.length,
    failPane: (paneId) =>
      workstation.session.setState((s) => ({ faultyPaneIds: [...s.faultyPaneIds, paneId] })),
    failDrawing: (paneId) => injectDrawFault(paneId),
    flushSave: () => window.dispatchEvent(new Event('pagehide')),
    priceAxisText: (paneId, price) => chartOf(paneId)?.priceAxisText(price) ?? null,
    timeAxisLabels: (paneId) => chartOf(paneId)?.timeAxisLabels() ?? [],
  };
}
