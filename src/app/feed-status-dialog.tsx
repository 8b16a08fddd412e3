import { CommandButton } from '../commands/command-button';
import {
  badMessageRows,
  feedStateText,
  gapText,
  historyText,
  staleSymbolText,
} from '../data/feed-status-text';
import { useSession } from '../session/session-context';
import { DialogHeader } from '../ui/dialog-header';
import { ModalDialog } from '../ui/modal-dialog';
import './feed-status.css';

const clock = (ms: number | null): string =>
  ms === null ? 'none yet' : `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/**
 * `Show feed status`: each configured feed's connection, the symbols it streams, its reconnects and
 * gaps, the history each charted symbol brought, and the messages it refused, counted by kind and the latest one named. Live: it follows the
 * worker's reports while open. Text from the feed is rendered as text.
 */
export function FeedStatusDialog({ onClose }: { onClose(): void }) {
  const feeds = useSession((s) => s.feeds);
  return (
    <ModalDialog label="Feed status" onClose={onClose} className="feed-status">
      <DialogHeader title="Feed status" onClose={onClose} />
      {feeds.map((feed) => {
        const bad = badMessageRows(feed);
        return (
          <section key={feed.id} aria-label={feed.label} className="feed-status-feed">
            <h3>
              {feed.label} <span className="muted">({feed.adapter})</span>
            </h3>
            <dl className="feed-status-facts">
              <dt>State</dt>
              <dd data-testid="feed-state">{feedStateText(feed)}</dd>
              <dt>Live symbols</dt>
              <dd>{feed.live.length > 0 ? feed.live.join(', ') : 'none'}</dd>
              <dt>Reconnects</dt>
              <dd>{feed.reconnects}</dd>
              <dt>Last message</dt>
              <dd>{clock(feed.lastMessageAt)}</dd>
              <dt>Messages received</dt>
              <dd data-testid="feed-messages">{feed.messages.toLocaleString('en-US')}</dd>
            </dl>
            <h4>Bad messages</h4>
            {bad.length === 0 ? (
              <p>None</p>
            ) : (
              <ul aria-label={`Bad messages from ${feed.label}`}>
                {bad.map((row) => (
                  <li key={row.kind}>{`${row.label}: ${row.count}`}</li>
                ))}
              </ul>
            )}
            {feed.lastBadMessage && (
              <p className="muted feed-status-example">Latest: {feed.lastBadMessage}</p>
            )}
            <h4>Gaps</h4>
            {feed.gaps.length === 0 ? (
              <p>None</p>
            ) : (
              <ul aria-label={`Gaps in ${feed.label}`}>
                {feed.gaps.map((gap) => (
                  <li key={`${gap.symbol}-${gap.at}-${gap.toTime}`}>{gapText(gap)}</li>
                ))}
              </ul>
            )}
            {feed.history.length > 0 && (
              <>
                <h4>History</h4>
                <ul aria-label={`History from ${feed.label}`}>
                  {feed.history.map((history) => (
                    <li key={history.symbol}>{historyText(history)}</li>
                  ))}
                </ul>
              </>
            )}
            {feed.staleSymbols.length > 0 && (
              <>
                <h4>Stale symbols</h4>
                <ul aria-label={`Stale symbols of ${feed.label}`}>
                  {feed.staleSymbols.map((stale) => (
                    <li key={stale.symbol}>{staleSymbolText(stale)}</li>
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      })}
      <div className="feed-status-actions">
        <CommandButton commandId="feed-reconnect" />
        <CommandButton commandId="feed-notices-clear" />
      </div>
    </ModalDialog>
  );
}
