import { describe, expect, it } from 'vitest';
import { FEED_STATUS_TIME, feedStatus, sourceStatus } from '../test/feed-status';
import {
  badMessageRows,
  feedIndicatorText,
  feedStateText,
  gapText,
  historyText,
  paneFeedNotice,
  sourceStateText,
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
      'Feed stale: no usable data from Replay since 09:30:00 UTC',
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
        staleSymbols: [{ symbol: 'SOLUSDT', lastAt: T, refused: false }],
        gaps: [{ symbol: 'SOLUSDT', kind: 'bars', fromTime: T, toTime: T, missed: 1, at: T }],
      }),
    ];
    // Before the older gap: the symbol is silent now.
    expect(paneFeedNotice(feeds, 'SOLUSDT')).toBe(
      'Feed stale: no bar of SOLUSDT from Bars since 09:30:00 UTC',
    );
    expect(paneFeedNotice(feeds, 'ADAUSDT')).toBeNull();
    expect(staleSymbolText({ symbol: 'SOLUSDT', lastAt: null, refused: false })).toBe(
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
      'Gap in the feed: 1,234 trades missed between 09:30:00 and 09:31:30 UTC (1 min 30 s)',
    );
    expect(paneFeedNotice(feeds, 'ETHUSDT')).toBeNull();
    // A feed of bars counts bars.
    const bars = feedStatus({ gaps: [{ ...gap, kind: 'bars', missed: 3 }] });
    expect(paneFeedNotice([bars], 'BTCUSDT')).toBe(
      'Gap in the feed: 3 bars missed between 09:30:00 and 09:31:30 UTC (1 min 30 s)',
    );
  });

  it('says why a feed is stale when its messages come and are refused', () => {
    const refusing = {
      state: 'stale' as const,
      lastDataAt: T,
      lastMessageAt: T + 20_000,
      badMessages: { 'out-of-order': 40 },
      lastBadMessage: 'out-of-order: BTCUSDT trade 7 again',
    };
    expect(paneFeedNotice([feedStatus(refusing)], 'BTCUSDT')).toBe(
      'Feed stale: no usable data from Replay since 09:30:00 UTC; its messages are refused (latest: out-of-order: BTCUSDT trade 7 again)',
    );
    expect(feedStateText(feedStatus(refusing))).toBe('stale since 09:30:00 UTC');
    // Only ETHUSDT's trades are refused: its chart says so, BTCUSDT's says nothing.
    const one = feedStatus({
      ...refusing,
      state: 'connected',
      lastDataAt: T + 20_000,
      lastBadMessage: 'out-of-order: ETHUSDT trade before its bar',
      staleSymbols: [{ symbol: 'ETHUSDT', lastAt: T, refused: true }],
    });
    expect(paneFeedNotice([one], 'ETHUSDT')).toBe(
      'Feed stale: every message of ETHUSDT from Replay refused since 09:30:00 UTC; its messages are refused (latest: out-of-order: ETHUSDT trade before its bar)',
    );
    expect(paneFeedNotice([one], 'BTCUSDT')).toBeNull();
    expect(staleSymbolText({ symbol: 'ETHUSDT', lastAt: T, refused: true })).toBe(
      'ETHUSDT: every message refused since 09:30:00 UTC',
    );
  });

  it('tells a sequence that began anew with the span no trade came, on the chart and in the panel', () => {
    const reset = {
      symbol: 'BTCUSDT',
      kind: 'reset' as const,
      fromTime: T,
      toTime: T + 355_000,
      missed: null,
      at: T,
    };
    expect(paneFeedNotice([feedStatus({ gaps: [reset] })], 'BTCUSDT')).toBe(
      'Feed restarted: Replay began its BTCUSDT sequence anew; no trade between 09:30:00 and 09:35:55 UTC (5 min 55 s)',
    );
    expect(gapText(reset)).toBe(
      'BTCUSDT: sequence began anew, no trade between 09:30:00 and 09:35:55 UTC (5 min 55 s)',
    );
    // Its clock went back too: nothing was missed, and the time it began at is named.
    expect(gapText({ ...reset, toTime: T - 60_000 })).toBe(
      'BTCUSDT: sequence began anew, first trade at 09:29:00 UTC, before its last at 09:30:00 UTC',
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

describe('historyText', () => {
  const from = Date.UTC(2025, 0, 3, 1, 10) / 1000;
  it('says how much came, from when, and whether that is the start or why it stopped', () => {
    expect(historyText({ symbol: 'BTCUSDT', bars: 5000, from, complete: false, problem: null })).toBe(
      'BTCUSDT: 5,000 bars of history from 2025-01-03 01:10 UTC',
    );
    expect(historyText({ symbol: 'BTCUSDT', bars: 1, from, complete: true, problem: null })).toBe(
      'BTCUSDT: 1 bar of history from 2025-01-03 01:10 UTC, its start',
    );
    expect(
      historyText({
        symbol: 'ETHUSDT',
        bars: 0,
        from: null,
        complete: false,
        problem: 'HTTP 400: Invalid symbol.',
      }),
    ).toBe('ETHUSDT: 0 bars of history; stopped: HTTP 400: Invalid symbol.');
  });
});

describe('history source texts', () => {
  const source = sourceStatus;
  const down = 'ClickHouse at http://127.0.0.1:8123 does not answer: is the server running?';

  it('says whether it answers, and why not', () => {
    expect(sourceStateText(source())).toBe('answering');
    expect(sourceStateText(source({ state: 'waiting' }))).toBe('not asked yet');
    expect(sourceStateText(source({ state: 'failing', problem: down }))).toBe(`not answering: ${down}`);
  });

  it('puts a source that does not answer in the status bar before any feed; a source alone shows itself', () => {
    expect(feedIndicatorText([feedStatus()], [source({ state: 'failing', problem: down })])).toBe(
      'Desk history: not answering',
    );
    expect(feedIndicatorText([feedStatus()], [source()])).toBe(feedIndicatorText([feedStatus()]));
    expect(feedIndicatorText([], [source()])).toBe('Desk history: answering');
    expect(feedIndicatorText([], [])).toBeNull();
  });
});
