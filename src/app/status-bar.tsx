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
      <span>{focused ? `Focused: ${paneTitle(focused)}` : 'No pane'}</span>
      <span>
        {visiblePaneIds(doc).length} of {Object.keys(doc.panes).length} panes shown
      </span>
      <span>{steps === 1 ? '1 undo step' : `${steps} undo steps`}</span>
      <span>Theme: {getTheme(doc.theme).name}</span>
      <RendererStatus />
      <LiveFeedIndicator />
      <FeedStatusIndicator />
      <SaveProblem />
      <span className="muted">Ctrl+K commands · Ctrl+/ keys</span>
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
