import { useStore } from 'zustand';
import { RendererStatus } from '../render/renderer-status';
import { resolveFocusedPane, visiblePaneIds } from '../state/focus';
import { uiStore } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import { getTheme } from '../themes/themes';
import { paneTitle } from '../workspace/pane-registry';
import { LiveFeedIndicator } from './live-feed-indicator';
import { useWorkstation } from './workstation-context';

export function StatusBar() {
  const { workspace } = useWorkstation();
  const doc = useWorkspace(workspace, (s) => s.document);
  const steps = useWorkspace(workspace, (s) => s.history.past.length);
  const focusedId = useStore(uiStore, (s) => resolveFocusedPane(doc, s.focusedPaneId));
  const focused = focusedId ? doc.panes[focusedId] : undefined;
  return (
    <footer className="status-bar">
      <span>{focused ? `Focused: ${paneTitle(focused)}` : 'No pane'}</span>
      <span>
        {visiblePaneIds(doc).length} of {Object.keys(doc.panes).length} panes shown
      </span>
      <span>{steps === 1 ? '1 undo step' : `${steps} undo steps`}</span>
      <span>Theme: {getTheme(doc.theme).name}</span>
      <RendererStatus />
      <LiveFeedIndicator />
      <span className="muted">Ctrl+K commands · Ctrl+/ keys</span>
    </footer>
  );
}
