// Entry of the data engine's module Web Worker: loads fixtures over fetch, answers `EngineApi`
// requests (skipping superseded ones), pushes live-feed events and owns the real feeds' WebSockets.

import { collectTransferables, type EngineEvent, type EngineResponse, errorMessage } from '../core/protocol';
import { createEngine, type FixtureName } from './engine';
import type { SocketLike } from './feed/feed-connection';
import { indexedDbImportStorage } from './imports/import-storage';
import { broadcastImportsChannel } from './imports/imports-channel';
import { createRequestScheduler } from './request-scheduler';

// Literal `new URL(..., import.meta.url)` so Vite emits each file as an asset and rewrites the URL.
const FIXTURE_URLS: Record<FixtureName, URL> = {
  'sp500-2000.csv': new URL('../fixtures/sp500-2000.csv', import.meta.url),
  'stocks.csv': new URL('../fixtures/stocks.csv', import.meta.url),
};

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** The browser's WebSocket behind the small interface the feed connection is written (and tested) against. */
function openWebSocket(url: string): SocketLike {
  const socket = new WebSocket(url);
  const like: SocketLike = {
    send: (text) => socket.send(text),
    close: () => socket.close(),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  socket.onopen = () => like.onopen?.();
  socket.onmessage = (event) => like.onmessage?.({ data: event.data });
  socket.onclose = () => like.onclose?.();
  socket.onerror = () => like.onerror?.();
  return like;
}

async function loadFixture(name: FixtureName): Promise<string> {
  const response = await fetch(FIXTURE_URLS[name]);
  if (!response.ok) throw new Error(`Could not load fixture ${name}: HTTP ${response.status}`);
  return response.text();
}

// A MessageChannel task, unlike setTimeout, is not clamped to 4 ms when nested.
const yieldChannel = new MessageChannel();
const yielded: (() => void)[] = [];
yieldChannel.port1.onmessage = () => yielded.shift()?.();
const yieldToEvents = (): Promise<void> =>
  new Promise((resolve) => {
    yielded.push(resolve);
    yieldChannel.port2.postMessage(null);
  });

const engine = createEngine(loadFixture, {
  yieldToEvents,
  scheduleCrash: () => {
    if (!__TEST_HOOKS__) return;
    // Thrown from a task of its own so it reaches the worker's global scope (an `error` event on the
    // Worker object in the page) instead of becoming this request's error response.
    setTimeout(() => {
      throw new Error('Data engine worker crashed on request (test hook)');
    }, 0);
  },
  emit: (event: EngineEvent) => scope.postMessage(event),
  // Confirmed CSV imports outlive the page (and a worker restart) in IndexedDB.
  importStorage: typeof indexedDB === 'undefined' ? null : indexedDbImportStorage(indexedDB),
  // The configured feeds (feeds.config.json); the CSP lets the worker reach their origins and no other.
  feeds: __FEEDS__,
  openSocket: openWebSocket,
  // A feed's history service (configured with it, so also in the CSP's connect-src).
  fetch: (input, init) => fetch(input, init),
  // The other tabs' engines hear of the imports this one stores and removes (and this one of theirs).
  importsChannel:
    typeof BroadcastChannel === 'undefined'
      ? undefined
      : broadcastImportsChannel(new BroadcastChannel('workstation-imports')),
});

const scheduler = createRequestScheduler(engine, { ready: () => engine.ready(), yieldToEvents });

function reply(response: EngineResponse): void {
  try {
    scope.postMessage(response, collectTransferables(response));
  } catch (error) {
    // An uncloneable result must still settle the caller's promise.
    const failure: EngineResponse = {
      id: response.id,
      ok: false,
      error: { message: `Could not send the result: ${errorMessage(error)}` },
    };
    scope.postMessage(failure);
  }
}

scope.addEventListener('message', (event: MessageEvent<unknown>) => {
  void scheduler.receive(event.data).then(reply);
});
