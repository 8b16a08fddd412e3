/**
 * A small automation surface on `window.__workstation` for end-to-end tests and scripts. It only
 * reads state or injects faults; user-visible behaviour is always driven through the UI.
 */
import { uiStore } from '../state/ui-store';
import type { Workstation } from './workstation';

declare global {
  interface Window {
    __workstation?: {
      document(): unknown;
      historyDepth(): number;
      failPane(paneId: string): void;
      flushSave(): void;
    };
  }
}

export function exposeTestHooks(workstation: Workstation): void {
  window.__workstation = {
    document: () => workstation.workspace.getDocument(),
    historyDepth: () => workstation.workspace.api.getState().history.past.length,
    failPane: (paneId) => uiStore.setState((s) => ({ faultyPaneIds: [...s.faultyPaneIds, paneId] })),
    flushSave: () => window.dispatchEvent(new Event('pagehide')),
  };
}
