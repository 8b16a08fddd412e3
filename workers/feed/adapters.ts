import { binanceAdapter } from './binance-adapter';
import type { FeedAdapterId } from './feed-config';
import type { FeedAdapter } from './feed-messages';
import { genericAdapter } from './generic-adapter';

/** The adapter a feed's config names (the config check allows only these ids). */
export const ADAPTERS: Readonly<Record<FeedAdapterId, FeedAdapter>> = {
  binance: binanceAdapter,
  generic: genericAdapter,
};
