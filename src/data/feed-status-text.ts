/**
 * What the status bar, the feed status panel and a chart say about a real feed, as plain text from
 * the status the worker reports (pure, so tested without a DOM). Times are UTC, as the feed's are.
 */
import { BAD_MESSAGE_KINDS, BAD_MESSAGE_LABELS } from '../../workers/feed/feed-status';
import type { FeedStatus, GapNotice } from '../../workers/protocol';

const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 19);

/** The connection state in a few words. */
export function feedStateText(feed: FeedStatus): string {
  switch (feed.state) {
    case 'idle':
      return 'not connected (no live pane)';
    case 'connecting':
      return 'connecting';
    case 'connected':
      return 'connected';
    case 'stale':
      return feed.lastMessageAt === null
        ? 'stale: no message yet'
        : `stale since ${clock(feed.lastMessageAt)} UTC`;
    case 'reconnecting':
      return feed.attempt > 0 ? `reconnecting (attempt ${feed.attempt})` : 'reconnecting';
  }
}

/** The status bar's word for the feeds: the one needing attention most, or the first. */
export function feedIndicatorText(feeds: readonly FeedStatus[]): string | null {
  const rank: Record<FeedStatus['state'], number> = {
    reconnecting: 0,
    stale: 1,
    connecting: 2,
    connected: 3,
    idle: 4,
  };
  // A connected feed with stale symbols needs attention before one without, after a stale one.
  const order = (f: FeedStatus) => rank[f.state] - (f.staleSymbols.length > 0 ? 0.5 : 0);
  const worst = [...feeds].sort((a, b) => order(a) - order(b))[0];
  if (!worst) return null;
  const bad = totalBadMessages(feeds);
  const stale = worst.staleSymbols.length;
  const state = stale > 0 ? `${worst.state}, ${stale} symbol${stale === 1 ? '' : 's'} stale` : worst.state;
  return `${worst.label}: ${state}${bad > 0 ? `, ${bad} bad` : ''}`;
}

/** A stale symbol of a feed of bars, for the status panel: `SOLUSDT: no bar since 14:35:02 UTC`. */
export function staleSymbolText(stale: FeedStatus['staleSymbols'][number]): string {
  return `${stale.symbol}: no bar since ${sinceText(stale.lastAt)}`;
}

const sinceText = (lastAt: number | null): string =>
  lastAt === null ? 'it was subscribed' : `${clock(lastAt)} UTC`;

export function totalBadMessages(feeds: readonly FeedStatus[]): number {
  return feeds.reduce(
    (sum, feed) => sum + Object.values(feed.badMessages).reduce((s, n) => s + (n ?? 0), 0),
    0,
  );
}

/** The kinds of bad message seen, in a fixed order, each with its count. */
export function badMessageRows(feed: FeedStatus): { kind: string; label: string; count: number }[] {
  return BAD_MESSAGE_KINDS.flatMap((kind) => {
    const count = feed.badMessages[kind] ?? 0;
    return count > 0 ? [{ kind, label: BAD_MESSAGE_LABELS[kind], count }] : [];
  });
}

export function gapText(gap: GapNotice): string {
  const what = gap.kind === 'bars' ? 'bar' : 'trade';
  const missed =
    gap.missed === null
      ? 'no trade'
      : gap.missed === 1
        ? `1 ${what} missed`
        : `${gap.missed.toLocaleString('en-US')} ${what}s missed`;
  return `${gap.symbol}: ${missed} between ${clock(gap.fromTime)} and ${clock(gap.toTime)} UTC`;
}

/**
 * What a chart of `symbol` says about its feed, or null when all is well (or the symbol is no feed's):
 * a stale or lost feed is said so, never shown as a flat market, and the latest gap is named.
 */
export function paneFeedNotice(feeds: readonly FeedStatus[], symbol: string): string | null {
  const feed = feeds.find((f) => f.symbols.includes(symbol));
  if (!feed) return null;
  if (feed.state === 'stale')
    return `Feed stale: no message from ${feed.label} since ${feed.lastMessageAt === null ? 'it connected' : `${clock(feed.lastMessageAt)} UTC`}`;
  if (feed.state === 'reconnecting') return `Feed lost: reconnecting to ${feed.label}`;
  const stale = feed.staleSymbols.find((s) => s.symbol === symbol);
  if (stale) return `Feed stale: no bar of ${symbol} from ${feed.label} since ${sinceText(stale.lastAt)}`;
  const gap = feed.gaps.find((g) => g.symbol === symbol);
  return gap ? `Gap in the feed: ${gapText(gap).slice(symbol.length + 2)}` : null;
}
