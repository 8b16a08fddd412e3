import { useDocument } from '../commands/use-workstation';
import { useSession } from '../session/session-context';
import { getTheme } from '../themes/themes';
import { resolveFocusedPane, visiblePaneIds } from '../workspace/focus';
import { paneTitle } from '../workspace/pane-registry';
import { FeedStatusIndicator } from './feed-status-indicator';
import { LiveFeedIndicator } from './live-feed-indicator';
import { RendererStatus } from './renderer-status';
import { SaveProblem } from './save-problem';

export function StatusBar() {
  const doc = useDocument((s) => s.document);
  const steps = useDocument((s) => s.history.past.length);
  const focusedId = useSession((s) => resolveFocusedPane(doc, s.focusedPaneId));
  const focused = focusedId ? doc.panes[focusedId] : undefined;
  return (
    <footer className="status-bar">
      <span className="status-focused">{focused ? `Focused: ${paneTitle(focused)}` : 'No pane'}</span>
      <span className="status-secondary">
        {visiblePaneIds(doc).length} of {Object.keys(doc.panes).length} panes shown
      </span>
      <span>{steps === 1 ? '1 undo step' : `${steps} undo steps`}</span>
      {/* The theme is also on the toolbar, and the keys on its buttons: these two go first when narrow. */}
      <span className="status-optional">Theme: {getTheme(doc.theme).name}</span>
      <RendererStatus />
      <LiveFeedIndicator />
      <FeedStatusIndicator />
      <SaveProblem />
      {/* A newcomer's way in to every command: kept as long as the window is at least 1000 px wide. */}
      <span className="muted status-keys">Ctrl+K commands · Ctrl+/ keys</span>
      {/* lightweight-charts' licence asks for this notice and link where users see the charts. */}
      <a
        className="muted attribution"
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
      >
        Charts: TradingView Lightweight Charts™
      </a>
    </footer>
  );
}
