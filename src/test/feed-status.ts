/** A real feed's status as the worker reports it, for tests of what the main thread makes of it. */
import type { FeedStatus } from '../../core/protocol';

/** 2025-01-01 09:30:00 UTC: the last message of `feedStatus()`. */
export const FEED_STATUS_TIME = Date.UTC(2025, 0, 1, 9, 30, 0);

export function feedStatus(overrides: Partial<FeedStatus> = {}): FeedStatus {
  return {
    id: 'replay',
    label: 'Replay',
    adapter: 'binance',
    symbols: ['BTCUSDT', 'ETHUSDT'],
    live: ['BTCUSDT'],
    state: 'connected',
    attempt: 0,
    reconnects: 0,
    retryAt: null,
    lastMessageAt: FEED_STATUS_TIME,
    lastDataAt: FEED_STATUS_TIME,
    messages: 120,
    staleAfterMs: 10_000,
    badMessages: {},
    lastBadMessage: null,
    gaps: [],
    history: [],
    staleSymbols: [],
    ...overrides,
  };
}
