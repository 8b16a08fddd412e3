import { useWorkstation } from '../commands/use-workstation';
import { feedIndicatorText } from '../data/feed-status-text';
import { useSession } from '../session/session-context';

/**
 * Status-bar indicator of the real feeds and history sources (none configured: nothing): the one
 * needing attention most, its state and the count of bad messages. A click runs `Show feed status`.
 */
export function FeedStatusIndicator() {
  const { run } = useWorkstation();
  const feeds = useSession((s) => s.feeds);
  const sources = useSession((s) => s.sources);
  const text = feedIndicatorText(feeds, sources);
  if (text === null) return null;
  // A source that does not answer is shown as a lost feed is.
  const failing = sources.some((source) => source.state === 'failing');
  const worst = feeds.find((f) => f.state === 'reconnecting' || f.state === 'stale') ?? feeds[0];
  const state = failing
    ? 'reconnecting'
    : (worst?.state ?? (sources[0]?.state === 'answering' ? 'connected' : 'idle'));
  return (
    <button
      type="button"
      className="feed-status-indicator"
      data-testid="feed-status-indicator"
      data-state={state}
      title="Show feed status"
      onClick={() => run('feed-status-show')}
    >
      <span className="feed-status-dot" aria-hidden="true" />
      {`Feed ${text}`}
    </button>
  );
}
