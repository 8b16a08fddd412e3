import { useWorkstation } from '../commands/use-workstation';
import { feedIndicatorText } from '../data/feed-status-text';
import { useSession } from '../session/session-context';

/**
 * Status-bar indicator of the real feeds (none configured: nothing): the feed needing attention most,
 * its state and the count of bad messages. A click runs `Show feed status`.
 */
export function FeedStatusIndicator() {
  const { run } = useWorkstation();
  const feeds = useSession((s) => s.feeds);
  const text = feedIndicatorText(feeds);
  if (text === null) return null;
  const worst = feeds.find((f) => f.state === 'reconnecting' || f.state === 'stale') ?? feeds[0];
  return (
    <button
      type="button"
      className="feed-status-indicator"
      data-testid="feed-status-indicator"
      data-state={worst?.state}
      title="Show feed status"
      onClick={() => run('feed-status-show')}
    >
      <span className="feed-status-dot" aria-hidden="true" />
      {`Feed ${text}`}
    </button>
  );
}
