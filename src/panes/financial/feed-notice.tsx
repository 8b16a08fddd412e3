import { paneFeedNotice } from '../../data/feed-status-text';
import { useSession } from '../../session/session-context';
import './feed-notice.css';

/**
 * On a chart of a real feed's symbol: says when the feed is stale or lost (so a flat stretch is not
 * taken for a quiet market) and names its latest gap, until `Clear feed notices`. Nothing otherwise.
 */
export function FeedNotice({ symbol }: { symbol: string }) {
  const text = useSession((s) => paneFeedNotice(s.feeds, symbol));
  if (text === null) return null;
  return (
    <div className="feed-notice" role="status" data-testid="feed-notice">
      {text}
    </div>
  );
}
