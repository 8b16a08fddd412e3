/** Every pane kind of the workstation: one line per kind (practice 8, docs/practices.md). */

import { registerPaneCommands } from '../commands/pane-commands';
import { registerPaneKind, registerSidePanel } from '../workspace/pane-registry';
import {
  analyticCommands,
  areaKind,
  barKind,
  bubbleKind,
  donutKind,
  gaugeKind,
  histogramKind,
  pieKind,
  scatterKind,
  xyLineKind,
} from './analytic';
import { exportCommands } from './export/export-commands';
import { AnnotationsPanel, financialCommands, financialKinds } from './financial';
import { alertCommands } from './financial/alerts/alert-commands';
import { AlertsPanel } from './financial/alerts/alerts-panel';
import { DataWindowPanel } from './financial/data-window-panel';
import { watchlistCommands, watchlistKind } from './watchlist';

let registered = false;

export function registerPaneKinds(): void {
  if (registered) return;
  registered = true;
  for (const kind of financialKinds) registerPaneKind(kind);
  registerPaneKind(watchlistKind);
  registerPaneKind(donutKind);
  registerPaneKind(pieKind);
  registerPaneKind(gaugeKind);
  registerPaneKind(bubbleKind);
  registerPaneKind(scatterKind);
  registerPaneKind(barKind);
  registerPaneKind(areaKind);
  registerPaneKind(xyLineKind);
  registerPaneKind(histogramKind);
  registerPaneCommands(financialCommands());
  registerPaneCommands(analyticCommands());
  registerPaneCommands(watchlistCommands());
  registerPaneCommands(exportCommands());
  // The alert sound is a setting of this browser: its storage, not the workspace's.
  registerPaneCommands(alertCommands());
  registerSidePanel(AnnotationsPanel);
  registerSidePanel(DataWindowPanel);
  registerSidePanel(AlertsPanel);
}
