/**
 * Tells the other tabs' data engines of an import this one committed to the browser's storage, or
 * removed from it, so they chart, list and drop the same symbols without a reload. The transport is a
 * BroadcastChannel in the worker (the same origin's other workers receive; the sender does not).
 */
import type { ImportNotice } from '../../core/protocol';

export interface ImportsChannel {
  post(notice: ImportNotice): void;
  /** Calls `receive` with each valid notice from another tab; returns the way to stop. */
  listen(receive: (notice: ImportNotice) => void): () => void;
}

/** The part of a BroadcastChannel used here. */
export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** A message from another tab is an edge: another version of the app may have sent it. */
export function isImportNotice(value: unknown): value is ImportNotice {
  if (typeof value !== 'object' || value === null) return false;
  const { change, symbol } = value as Record<string, unknown>;
  return (change === 'added' || change === 'removed') && typeof symbol === 'string' && symbol !== '';
}

export function broadcastImportsChannel(channel: BroadcastLike): ImportsChannel {
  return {
    post: (notice) => channel.postMessage(notice),
    listen(receive) {
      const onMessage = (event: MessageEvent): void => {
        if (isImportNotice(event.data)) receive({ change: event.data.change, symbol: event.data.symbol });
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
