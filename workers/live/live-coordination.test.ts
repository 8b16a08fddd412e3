import { describe, expect, it } from 'vitest';
import type { SeriesStore } from '../series-store';
import { createLiveCoordination, type EngineClock } from './live-coordination';

const noTimers = {
  now: () => 0,
  setTimeout: () => 0,
  clearTimeout: () => {},
};

function rig(quoteWaits: (symbol: string) => boolean = () => false) {
  const timers: number[] = [];
  const clock: EngineClock = {
    now: () => 0,
    every: (ms) => {
      timers.push(ms);
      return () => {};
    },
  };
  const live = createLiveCoordination({
    clock,
    openSocket: null,
    fetch: null,
    feedTimers: noTimers,
    store: () => null,
    onTick: () => {},
    onFlush: () => {},
    quoteWaits,
  });
  return { live, timers };
}

describe('live coordination', () => {
  it('runs no flush timer while nothing is subscribed, paused or not', () => {
    const { live, timers } = rig();
    expect(live.setPaused(true)).toEqual({ paused: true });
    expect(live.setPaused(false)).toEqual({ paused: false });
    expect(timers).toEqual([]);
    expect(live.unsubscribe('none')).toBe(false);
    live.dispose();
  });

  it('quotes a symbol whose data is not there yet as waiting, without reading the store', () => {
    const { live } = rig((symbol) => symbol === 'SRC');
    const untouched = new Proxy({} as SeriesStore, {
      get: () => {
        throw new Error('the store was read');
      },
    });
    expect(live.quoteNow(untouched, 'SRC')).toMatchObject({ symbol: 'SRC', waiting: true });
    expect(live.barsSoFar('SRC')).toEqual([]);
  });
});
