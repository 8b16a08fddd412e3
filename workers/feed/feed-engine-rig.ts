/**
 * An engine with a configured feed on fake sockets and fake clocks, and the events it emits: the
 * setting of the engine tests of real feeds and of alerts. Used by the unit tests only.
 */

import { parseFeedsConfig } from '../../core/feed/feed-config';
import type { EngineEvent } from '../../core/protocol';
import { createEngine, type EngineClock, type FixtureName } from '../engine';
import { FakeClock, fakeSockets } from './fake-feed';

/** 2025-01-01 00:00 UTC, in ms: the feed clock's start. */
export const RIG_START = 1_735_689_600_000;

export function feedEngineRig(
  feeds: unknown[],
  readFixture: (name: FixtureName) => Promise<string>,
  /** A feed's history service, for feeds configured with one. */
  fetchFn?: typeof fetch,
) {
  const config = parseFeedsConfig(JSON.stringify({ feeds }));
  if (!config.ok) throw new Error(config.error);
  const feedClock = new FakeClock(RIG_START);
  const net = fakeSockets();
  const events: EngineEvent[] = [];
  let tick: (() => void) | null = null;
  let now = 0;
  // The engine's own clock: its periodic work (live updates) runs when the test says.
  const clock: EngineClock = {
    now: () => now,
    every: (_ms, run) => {
      tick = run;
      return () => {
        tick = null;
      };
    },
  };
  const engine = createEngine(readFixture, {
    feeds: config.config,
    openSocket: net.open,
    feedTimers: feedClock,
    clock,
    emit: (event) => events.push(event),
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
  return {
    engine,
    net,
    feedClock,
    events,
    /** Runs the engine's periodic work once. */
    flush: () => tick?.(),
    /** Moves the engine's clock on and runs its periodic work. */
    advance: (ms: number) => {
      now += ms;
      tick?.();
    },
  };
}
