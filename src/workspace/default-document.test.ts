import { describe, expect, it } from 'vitest';
import type { FeedsConfig } from '../../core/feed/feed-config';
import { mainSymbol } from './default-document';

const feed = (id: string, symbols: string[]) =>
  ({
    id,
    label: id,
    adapter: 'binance',
    url: 'wss://x/stream',
    symbols,
  }) as unknown as FeedsConfig['feeds'][number];

describe('the default workspace', () => {
  it('charts a live symbol of the first configured feed, else the shipped S&P 500', () => {
    expect(mainSymbol({ feeds: [] })).toBe('SPX');
    expect(mainSymbol({ feeds: [feed('binance', ['BTCUSDT', 'ETHUSDT']), feed('other', ['XYZ'])] })).toBe(
      'BTCUSDT',
    );
  });
});
