import { describe, expect, it } from 'vitest';
import {
  collectTransferables,
  ENGINE_METHODS,
  errorMessage,
  isEngineEvent,
  isEngineMethod,
  isEngineResponse,
} from './protocol';

describe('collectTransferables', () => {
  it('finds each typed array buffer once, however deep', () => {
    const a = new Float32Array(4);
    const b = new Float64Array(8);
    const shared = new Uint8Array(a.buffer, 4, 4);
    const value = {
      id: 1,
      ok: true,
      value: [{ sparkline: a }, { nested: { b, shared, raw: b.buffer } }, 'x', 3],
    };
    const buffers = collectTransferables(value);
    expect(buffers).toHaveLength(2);
    expect(buffers).toContain(a.buffer);
    expect(buffers).toContain(b.buffer);
  });

  it('returns nothing for plain values and survives cycles', () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    expect(collectTransferables(cyclic)).toEqual([]);
    expect(collectTransferables('pong')).toEqual([]);
    expect(collectTransferables(null)).toEqual([]);
  });
});

describe('message shapes', () => {
  it('knows exactly the EngineApi methods', () => {
    expect([...ENGINE_METHODS].sort()).toEqual([
      'cancelCsvImport',
      'clearFeedNotices',
      'commitCsvImport',
      'crash',
      'exportBarsCsv',
      'getBars',
      'getFeedStatus',
      'getHistogram',
      'getLine',
      'getQuotes',
      'getScatter',
      'hang',
      'importCsv',
      'listDatasets',
      'listSymbols',
      'loadEarlier',
      'ping',
      'reconnectFeed',
      'removeImportedSymbol',
      'setAlerts',
      'setLiveFeedPaused',
      'subscribeLive',
      'unsubscribeLive',
      'watchQuotes',
    ]);
    expect(isEngineMethod('ping')).toBe(true);
    expect(isEngineMethod('constructor')).toBe(false);
    expect(isEngineMethod(1)).toBe(false);
  });

  it('accepts only well-formed responses', () => {
    expect(isEngineResponse({ id: 1, ok: true, value: undefined })).toBe(true);
    expect(isEngineResponse({ id: 1, ok: false, error: { message: 'x' } })).toBe(true);
    expect(isEngineResponse({ id: 1, ok: false, error: 'x' })).toBe(false);
    expect(isEngineResponse({ id: '1', ok: true })).toBe(false);
    expect(isEngineResponse(null)).toBe(false);
  });

  it('tells events from responses', () => {
    const event = { type: 'event', channel: 'live-bars', payload: { subscriptionId: 'a', bars: [] } };
    expect(isEngineEvent(event)).toBe(true);
    expect(isEngineResponse(event)).toBe(false);
    expect(isEngineEvent({ type: 'event', channel: 'live-bars' })).toBe(false);
    expect(isEngineEvent({ type: 'note', channel: 'live-bars', payload: 1 })).toBe(false);
    expect(isEngineEvent({ id: 1, ok: true, value: 1 })).toBe(false);
    expect(isEngineEvent(null)).toBe(false);
  });

  it('gives a message for anything thrown', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('Unknown error');
  });
});
