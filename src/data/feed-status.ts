/**
 * The real feeds' and history sources' status on the main thread: the worker's `feed-status` events kept in the session
 * (asked for again after a worker restart), and the engine calls behind the feed commands. Session
 * state, never part of the document or its history.
 */
import { FEED_STATUS_CHANNEL, type FeedStatus, type FeedStatusEvent } from '../../core/protocol';
import type { SessionState, SessionStore } from '../session/session-store';
import { type EngineClient, getEngineClient } from './engine-client';

/** Keeps `session.feeds` up to date from now on. */
export function watchFeedStatus(session: SessionStore, client: EngineClient = getEngineClient()): void {
  const fetch = (): void => {
    client.call('getFeedStatus').then(
      (event) => session.setState(statusOf(event)),
      () => undefined,
    );
  };
  client.onEvent(FEED_STATUS_CHANNEL, (event) => session.setState(statusOf(event)));
  client.onRestart(fetch);
  fetch();
}

function statusOf(event: FeedStatusEvent): Pick<SessionState, 'feeds' | 'sources'> {
  return { feeds: event.feeds, sources: event.sources ?? [] };
}

/** The feeds that are doing something (connecting, connected, stale or reconnecting). */
export function activeFeeds(feeds: readonly FeedStatus[]): FeedStatus[] {
  return feeds.filter((feed) => feed.state !== 'idle');
}

/** `Reconnect feed`: every active feed drops its socket and opens a new one now. */
export function reconnectFeeds(session: SessionStore, client: EngineClient = getEngineClient()): void {
  for (const feed of activeFeeds(session.getState().feeds)) {
    client.call('reconnectFeed', feed.id).catch((error: unknown) => {
      console.warn(`Could not reconnect ${feed.label}:`, error);
    });
  }
}

/** `Clear feed notices`: the gaps are forgotten (bad-message counts are totals and stay). */
export function clearFeedNotices(client: EngineClient = getEngineClient()): void {
  client.call('clearFeedNotices').catch((error: unknown) => {
    console.warn('Could not clear the feed notices:', error);
  });
}
