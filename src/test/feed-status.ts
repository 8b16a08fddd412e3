/**
 * A real feed's and a history source's status as the worker reports them, for tests of what the main
 * thread makes of them.
 */
import type { FeedStatus, SourceStatus } from '../../core/protocol';

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

export function sourceStatus(overrides: Partial<SourceStatus> = {}): SourceStatus {
  return {
    id: 'desk',
    label: 'Desk history',
    adapter: 'clickhouse',
    origin: 'http://127.0.0.1:8123',
    state: 'answering',
    problem: null,
    symbols: 20,
    followed: [],
    pollSeconds: 5,
    lastAnswerAt: FEED_STATUS_TIME,
    answered: 3,
    ...overrides,
  };
}
