import { describe, expect, it, vi } from 'vitest';
import type { BarsResult, SymbolInfo } from '../../../core/protocol';
import { type EngineClient, isStaleRequestError } from '../../data/engine-client';
import { initialBars, loadChartBars, MAX_BARS, windowBars } from './chart-feed';

describe('bar budgets', () => {
  it('hands a small series over whole and a large one at about one bar per two pixels', () => {
    expect(initialBars(5105, 1300)).toBe(MAX_BARS);
    expect(initialBars(1_000_000, 1300)).toBe(650);
    expect(initialBars(1_000_000, 100)).toBe(200);
    expect(initialBars(1_000_000, 40_000)).toBe(MAX_BARS);
    // An unknown count (the symbol list lags an import) is treated as large.
    expect(initialBars(undefined, 1300)).toBe(650);
  });

  it('sizes a refinement by the part of its window that holds bars', () => {
    const series = { first: 0, last: 10_000 };
    // Two views of 1000 s inside the series: one bar per two pixels of each.
    expect(windowBars(1300, { from: 4000, to: 5000 }, { from: 3500, to: 5500 }, series)).toBe(1300);
    // A view over the whole series: the window past its ends holds nothing.
    expect(windowBars(1300, { from: 0, to: 10_000 }, { from: -5000, to: 15_000 }, series)).toBe(650);
    expect(windowBars(1300, { from: 20_000, to: 21_000 }, { from: 19_500, to: 21_500 }, series)).toBe(200);
  });
});

describe('loadChartBars', () => {
  const symbols: Partial<SymbolInfo>[] = [
    { symbol: 'SPX', count: 5105 },
    { symbol: 'SYN-1M', count: 1_000_000, live: true },
  ];
  const fakeClient = () => {
    const callLatest = vi.fn(async (_key: string, _method: string, request: { symbol: string }) => ({
      symbol: request.symbol,
    }));
    const client = { call: vi.fn(async () => symbols), callLatest } as unknown as EngineClient;
    return { client, callLatest };
  };

  it('sizes the request by the series and says whether it is live', async () => {
    const { client, callLatest } = fakeClient();
    const spx = await loadChartBars('p1', 'SPX', 1300, () => false, client);
    expect(spx.live).toBe(false);
    expect(callLatest).toHaveBeenLastCalledWith('financial-bars:p1', 'getBars', {
      symbol: 'SPX',
      maxBars: MAX_BARS,
    });
    const syn = await loadChartBars('p1', 'SYN-1M', 1300, () => false, client);
    expect(syn.live).toBe(true);
    expect((syn.bars as Partial<BarsResult>).symbol).toBe('SYN-1M');
    expect(callLatest).toHaveBeenLastCalledWith('financial-bars:p1', 'getBars', {
      symbol: 'SYN-1M',
      maxBars: 650,
    });
  });

  it('asks for no bars once a newer load of the pane began', async () => {
    const { client, callLatest } = fakeClient();
    const error = await loadChartBars('p1', 'SPX', 1300, () => true, client).catch((e: unknown) => e);
    expect(isStaleRequestError(error)).toBe(true);
    expect(callLatest).not.toHaveBeenCalled();
  });
});
