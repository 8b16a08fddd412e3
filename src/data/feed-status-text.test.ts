import { describe, expect, it } from 'vitest';
import { FEED_STATUS_TIME, feedStatus } from '../test/feed-status';
import {
  badMessageRows,
  feedIndicatorText,
  feedStateText,
  paneFeedNotice,
  staleSymbolText,
} from './feed-status-text';

const T = FEED_STATUS_TIME;

describe('feed status texts', () => {
  it('says nothing on a chart while all is well, or of a symbol no feed has', () => {
    expect(paneFeedNotice([feedStatus()], 'BTCUSDT')).toBeNull();
    expect(paneFeedNotice([feedStatus({ state: 'stale' })], 'SPX')).toBeNull();
  });

  it('calls a stale feed stale and a lost one lost, rather than showing a flat market', () => {
    expect(paneFeedNotice([feedStatus({ state: 'stale' })], 'ETHUSDT')).toBe(
      'Feed stale: no message from Replay since 09:30:00 UTC',
    );
    expect(paneFeedNotice([feedStatus({ state: 'reconnecting', attempt: 2 })], 'BTCUSDT')).toBe(
      'Feed lost: reconnecting to Replay',
    );
    expect(feedStateText(feedStatus({ state: 'reconnecting', attempt: 2 }))).toBe('reconnecting (attempt 2)');
  });

  it('names a stale symbol of a feed of bars on its chart, in the panel and in the status bar', () => {
    const feeds = [
      feedStatus(),
      feedStatus({
        id: 'bars',
        label: 'Bars',
        symbols: ['SOLUSDT', 'ADAUSDT'],
        staleSymbols: [{ symbol: 'SOLUSDT', lastAt: T }],
        gaps: [{ symbol: 'SOLUSDT', kind: 'bars', fromTime: T, toTime: T, missed: 1, at: T }],
      }),
    ];
    // Before the older gap: the symbol is silent now.
    expect(paneFeedNotice(feeds, 'SOLUSDT')).toBe(
      'Feed stale: no bar of SOLUSDT from Bars since 09:30:00 UTC',
    );
    expect(paneFeedNotice(feeds, 'ADAUSDT')).toBeNull();
    expect(staleSymbolText({ symbol: 'SOLUSDT', lastAt: null })).toBe(
      'SOLUSDT: no bar since it was subscribed',
    );
    // The status bar names the feed with the stale symbol, not the healthy one listed first.
    expect(feedIndicatorText(feeds)).toBe('Bars: connected, 1 symbol stale');
    expect(feedIndicatorText([feedStatus({ state: 'stale' }), ...feeds])).toBe('Replay: stale');
  });

  it("names the latest gap of the chart's own symbol", () => {
    const gap = {
      symbol: 'BTCUSDT',
      kind: 'sequence' as const,
      fromTime: T,
      toTime: T + 90_500,
      missed: 1234,
      at: T,
    };
    const feeds = [feedStatus({ gaps: [gap] })];
    expect(paneFeedNotice(feeds, 'BTCUSDT')).toBe(
      'Gap in the feed: 1,234 trades missed between 09:30:00 and 09:31:30 UTC',
    );
    expect(paneFeedNotice(feeds, 'ETHUSDT')).toBeNull();
    // A feed of bars counts bars.
    const bars = feedStatus({ gaps: [{ ...gap, kind: 'bars', missed: 3 }] });
    expect(paneFeedNotice([bars], 'BTCUSDT')).toBe(
      'Gap in the feed: 3 bars missed between 09:30:00 and 09:31:30 UTC',
    );
  });

  it('lists bad messages by kind in a fixed order, and the indicator shows the worst feed with the total', () => {
    const feed = feedStatus({ badMessages: { 'invalid-trade': 2, 'not-json': 1 } });
    expect(badMessageRows(feed)).toEqual([
      { kind: 'not-json', label: 'not JSON', count: 1 },
      { kind: 'invalid-trade', label: 'invalid trade', count: 2 },
    ]);
    expect(feedIndicatorText([feed])).toBe('Replay: connected, 3 bad');
    expect(feedIndicatorText([feedStatus(), feedStatus({ id: 'b', label: 'B', state: 'stale' })])).toBe(
      'B: stale',
    );
    expect(feedIndicatorText([])).toBeNull();
  });
});
