import type { FeedAdapterId, FeedConfig } from '../../core/feed/feed-config';
import { binanceAdapter } from './binance-adapter';
import { BINANCE_HISTORY, type HistoryProtocol } from './binance-history';
import type { FeedAdapter } from './feed-messages';
import { genericAdapter } from './generic-adapter';
import { GENERIC_HISTORY } from './generic-history';

const ADAPTERS: Readonly<Record<FeedAdapterId, typeof binanceAdapter>> = {
  binance: binanceAdapter,
  generic: genericAdapter,
};

/** The adapter a feed's config names (the config check allows only these ids), for its streams. */
export function adapterFor(config: Pick<FeedConfig, 'adapter' | 'streams' | 'interval'>): FeedAdapter {
  return ADAPTERS[config.adapter](config.streams, config.interval);
}

const HISTORY: Readonly<Record<FeedAdapterId, HistoryProtocol>> = {
  binance: BINANCE_HISTORY,
  generic: GENERIC_HISTORY,
};

/** How a feed's history service is asked, by its adapter (feed-config's `history`). */
export function historyProtocolFor(config: Pick<FeedConfig, 'adapter'>): HistoryProtocol {
  return HISTORY[config.adapter];
}
