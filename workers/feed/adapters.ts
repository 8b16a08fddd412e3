import { binanceAdapter } from './binance-adapter';
import type { FeedAdapterId, FeedConfig } from './feed-config';
import type { FeedAdapter } from './feed-messages';
import { genericAdapter } from './generic-adapter';

const ADAPTERS: Readonly<Record<FeedAdapterId, typeof binanceAdapter>> = {
  binance: binanceAdapter,
  generic: genericAdapter,
};

/** The adapter a feed's config names (the config check allows only these ids), for its streams. */
export function adapterFor(config: Pick<FeedConfig, 'adapter' | 'streams' | 'interval'>): FeedAdapter {
  return ADAPTERS[config.adapter](config.streams, config.interval);
}
