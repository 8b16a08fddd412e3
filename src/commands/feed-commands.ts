/**
 * The real feeds' commands: `Show feed status` (the panel, with the history sources), `Reconnect
 * feed` and `Clear feed notices`. Session-only: none of them is a workspace edit or enters the undo history. Offered only
 * where a feed is configured (feeds.config.json), so a simulator-only build shows none of them.
 */
import { activeFeeds, clearFeedNotices, reconnectFeeds } from '../data/feed-status';
import { openDialog } from '../session/session-actions';
import type { Command } from './command';

const NO_FEED = 'No market-data feed is configured (feeds.config.json)';
const NO_FEED_OR_SOURCE = 'No market-data feed or history source is configured (feeds.config.json)';

export function feedCommands(): Command[] {
  return [
    {
      id: 'feed-status-show',
      label: 'Show feed status',
      group: 'Live feed',
      when: (ctx) => {
        const { feeds, sources } = ctx.session.getState();
        return feeds.length > 0 || sources.length > 0 ? true : NO_FEED_OR_SOURCE;
      },
      hiddenWhenUnavailable: true,
      perform: (ctx) => openDialog(ctx.session, 'feed-status'),
    },
    {
      id: 'feed-reconnect',
      label: 'Reconnect feed',
      group: 'Live feed',
      when: (ctx) => {
        const { feeds } = ctx.session.getState();
        if (feeds.length === 0) return NO_FEED;
        return activeFeeds(feeds).length > 0 ? true : 'No feed is connected: no pane shows a feed symbol';
      },
      hiddenWhenUnavailable: true,
      perform: (ctx) => reconnectFeeds(ctx.session),
    },
    {
      id: 'feed-notices-clear',
      label: 'Clear feed notices',
      group: 'Live feed',
      when: (ctx) => {
        const { feeds } = ctx.session.getState();
        if (feeds.length === 0) return NO_FEED;
        return feeds.some((feed) => feed.gaps.length > 0) ? true : 'There is no feed notice';
      },
      hiddenWhenUnavailable: true,
      perform: () => clearFeedNotices(),
    },
  ];
}
