import { CommandButton } from '../commands/command-button';
import {
  badMessageRows,
  feedStateText,
  gapText,
  historyText,
  sourceStateText,
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
 * gaps, the history each charted symbol brought, and the messages it refused, counted by kind and
 * the latest one named; then each history source: whether it answers (or why not), its symbols, those
 * followed for new trades and how often. Live: it follows the worker's reports while open. Text from
 * a feed or a server is rendered as text.
 */
export function FeedStatusDialog({ onClose }: { onClose(): void }) {
  const feeds = useSession((s) => s.feeds);
  const sources = useSession((s) => s.sources);
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
      {sources.map((source) => (
        <section key={source.id} aria-label={source.label} className="feed-status-feed">
          <h3>
            {source.label} <span className="muted">(history, {source.adapter})</span>
          </h3>
          <dl className="feed-status-facts">
            <dt>Server</dt>
            <dd>{source.origin}</dd>
            <dt>State</dt>
            <dd data-testid="source-state">{sourceStateText(source)}</dd>
            <dt>Symbols</dt>
            <dd>{source.symbols}</dd>
            <dt>Followed symbols</dt>
            <dd>{source.followed.length > 0 ? source.followed.join(', ') : 'none'}</dd>
            <dt>New trades asked for</dt>
            <dd>{source.pollSeconds > 0 ? `every ${source.pollSeconds} s` : 'never'}</dd>
            <dt>Last answer</dt>
            <dd>{clock(source.lastAnswerAt)}</dd>
            <dt>Queries answered</dt>
            <dd>{source.answered.toLocaleString('en-US')}</dd>
          </dl>
        </section>
      ))}
      <div className="feed-status-actions">
        <CommandButton commandId="feed-reconnect" />
        <CommandButton commandId="feed-notices-clear" />
      </div>
    </ModalDialog>
  );
}
