/**
 * What the status bar, the feed status panel and a chart say about a real feed, as plain text from
 * the status the worker reports (pure, so tested without a DOM). Times are UTC, as the feed's are.
 */
import { BAD_MESSAGE_KINDS, BAD_MESSAGE_LABELS } from '../../core/feed/feed-status';
import type { FeedStatus, GapNotice, HistoryNotice, SourceStatus } from '../../core/protocol';

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
      return feed.lastDataAt === null ? 'stale: no data yet' : `stale since ${clock(feed.lastDataAt)} UTC`;
    case 'reconnecting':
      return feed.attempt > 0 ? `reconnecting (attempt ${feed.attempt})` : 'reconnecting';
  }
}

/**
 * A history source's state in a few words: `answering`, `not answered yet`, or `not answering:
 * <why>`.
 */
export function sourceStateText(source: SourceStatus): string {
  switch (source.state) {
    case 'waiting':
      return 'not asked yet';
    case 'answering':
      return 'answering';
    case 'failing':
      return `not answering: ${source.problem ?? 'no reason given'}`;
  }
}

/**
 * The status bar's word for the feeds and sources: a source that does not answer first, then the
 * feed needing attention most, or the first feed, or the first source.
 */
export function feedIndicatorText(
  feeds: readonly FeedStatus[],
  sources: readonly SourceStatus[] = [],
): string | null {
  const failing = sources.find((source) => source.state === 'failing');
  if (failing) return `${failing.label}: not answering`;
  if (feeds.length === 0) {
    const source = sources[0];
    return source ? `${source.label}: ${source.state === 'answering' ? 'answering' : 'not asked yet'}` : null;
  }
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
  const stale = worst.state === 'connected' ? worst.staleSymbols.length : 0;
  const state = stale > 0 ? `${worst.state}, ${stale} symbol${stale === 1 ? '' : 's'} stale` : worst.state;
  return `${worst.label}: ${state}${bad > 0 ? `, ${bad} bad` : ''}`;
}

/**
 * A stale symbol, for the status panel: `SOLUSDT: no bar since 14:35:02 UTC`, or for one whose
 * messages come and are refused `BTCUSDT: every message refused since 14:35:02 UTC`.
 */
export function staleSymbolText(stale: FeedStatus['staleSymbols'][number]): string {
  return stale.refused
    ? `${stale.symbol}: every message refused since ${sinceText(stale.lastAt)}`
    : `${stale.symbol}: no bar since ${sinceText(stale.lastAt)}`;
}

const sinceText = (lastAt: number | null): string =>
  lastAt === null ? 'it was subscribed' : `${clock(lastAt)} UTC`;

/** A span of time in the largest two units: `45 s`, `5 min 55 s`, `2 h 5 min`. */
export function spanText(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

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

/**
 * What a symbol's history brought, as the status panel lists it: `BTCUSDT: 5,000 bars of history
 * from 2025-01-03 01:10 UTC`, with `, its start` when the service had nothing older, or `; stopped:
 * <why>` when it stopped early.
 */
export function historyText(history: HistoryNotice): string {
  const count = `${history.bars.toLocaleString('en-US')} ${history.bars === 1 ? 'bar' : 'bars'} of history`;
  const from =
    history.from === null
      ? ''
      : ` from ${new Date(history.from * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const end = history.problem ? `; stopped: ${history.problem}` : history.complete ? ', its start' : '';
  return `${history.symbol}: ${count}${from}${end}`;
}

/** A gap as the status panel lists it: `BTCUSDT: 1,234 trades missed between 09:30:00 and 09:31:30 UTC (1 min 30 s)`. */
export function gapText(gap: GapNotice): string {
  return `${gap.symbol}: ${gap.kind === 'reset' ? 'sequence began anew, ' : ''}${gapDetail(gap)}`;
}

function gapDetail(gap: GapNotice): string {
  // The span between the two whole seconds shown, so that it reads as their difference.
  const span = Math.floor(gap.toTime / 1000) * 1000 - Math.floor(gap.fromTime / 1000) * 1000;
  const between = `between ${clock(gap.fromTime)} and ${clock(gap.toTime)} UTC (${spanText(span)})`;
  if (gap.kind === 'reset') {
    // A server's clock that went back with its sequence: no span was missed, and its trades before the
    // bar forming are refused (the chart then says it is stale).
    return gap.toTime >= gap.fromTime
      ? `no trade ${between}`
      : `first trade at ${clock(gap.toTime)} UTC, before its last at ${clock(gap.fromTime)} UTC`;
  }
  const what = gap.kind === 'bars' ? 'bar' : 'trade';
  const missed =
    gap.missed === null
      ? 'no trade'
      : gap.missed === 1
        ? `1 ${what} missed`
        : `${gap.missed.toLocaleString('en-US')} ${what}s missed`;
  return `${missed} ${between}`;
}

/**
 * What a chart of `symbol` says about its feed, or null when all is well (or the symbol is no feed's):
 * a stale or lost feed is said so, never shown as a flat market (a feed whose messages come and are
 * all refused is stale too, and says why), and the latest gap is named with its span.
 */
export function paneFeedNotice(feeds: readonly FeedStatus[], symbol: string): string | null {
  const feed = feeds.find((f) => f.symbols.includes(symbol));
  if (!feed) return null;
  if (feed.state === 'stale') {
    const since = feed.lastDataAt === null ? 'it connected' : `${clock(feed.lastDataAt)} UTC`;
    return `Feed stale: no usable data from ${feed.label} since ${since}${refusedSince(feed, feed.lastDataAt)}`;
  }
  if (feed.state === 'reconnecting') return `Feed lost: reconnecting to ${feed.label}`;
  const stale = feed.staleSymbols.find((s) => s.symbol === symbol);
  if (stale?.refused)
    return `Feed stale: every message of ${symbol} from ${feed.label} refused since ${sinceText(stale.lastAt)}${refusedSince(feed, null)}`;
  if (stale) return `Feed stale: no bar of ${symbol} from ${feed.label} since ${sinceText(stale.lastAt)}`;
  const gap = feed.gaps.find((g) => g.symbol === symbol);
  if (!gap) return null;
  return gap.kind === 'reset'
    ? `Feed restarted: ${feed.label} began its ${symbol} sequence anew; ${gapDetail(gap)}`
    : `Gap in the feed: ${gapDetail(gap)}`;
}

/** `; its messages are refused (latest: …)` when messages came after `since` and the latest was refused. */
function refusedSince(feed: FeedStatus, since: number | null): string {
  const refusing =
    feed.lastBadMessage !== null &&
    feed.lastMessageAt !== null &&
    (since === null || feed.lastMessageAt > since);
  return refusing ? `; its messages are refused (latest: ${feed.lastBadMessage})` : '';
}
