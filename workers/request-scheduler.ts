/**
 * Staleness in the worker: a request carrying a `key` (a pane id) is superseded by any later request
 * with the same key. Before starting a keyed request the scheduler waits for the catalog and lets
 * queued messages arrive, then skips the request if a newer one came in meanwhile. The client has
 * already rejected a superseded call, so the skipped answer is only a courtesy.
 */

import type { EngineResponse } from '../core/protocol';
import { dispatchRequest, type EngineHandlers, nextTask } from './engine';

export interface SchedulerOptions {
  /** Settles when handlers can answer without waiting (the catalog is loaded). */
  ready?: () => Promise<void>;
  /** Yields to the event loop so messages already queued are received first. */
  yieldToEvents?: () => Promise<void>;
}

export const SUPERSEDED_MESSAGE = 'Superseded by a newer request';

export interface RequestScheduler {
  receive(message: unknown): Promise<EngineResponse>;
  /** Requests skipped so far because they were superseded (diagnostics and tests). */
  readonly skipped: number;
}

export function createRequestScheduler(
  handlers: EngineHandlers,
  options: SchedulerOptions = {},
): RequestScheduler {
  const latestByKey = new Map<string, number>();
  const ready = options.ready ?? (() => Promise.resolve());
  const yieldToEvents = options.yieldToEvents ?? nextTask;
  let skipped = 0;

  return {
    async receive(message) {
      const { id, key } = (typeof message === 'object' && message !== null ? message : {}) as {
        id?: unknown;
        key?: unknown;
      };
      if (typeof key !== 'string' || typeof id !== 'number') return dispatchRequest(handlers, message);
      latestByKey.set(key, id);
      await ready();
      await yieldToEvents();
      if (latestByKey.get(key) !== id) {
        skipped++;
        return { id, ok: false, error: { message: SUPERSEDED_MESSAGE, stale: true } };
      }
      try {
        return await dispatchRequest(handlers, message);
      } finally {
        if (latestByKey.get(key) === id) latestByKey.delete(key);
      }
    },
    get skipped() {
      return skipped;
    },
  };
}
