// Entry of the data engine's module Web Worker: loads fixtures over fetch and answers `EngineApi` requests.
import { createEngine, dispatchRequest, type FixtureName } from './engine';
import { collectTransferables, type EngineResponse, errorMessage } from './protocol';

// Literal `new URL(..., import.meta.url)` so Vite emits each file as an asset and rewrites the URL.
const FIXTURE_URLS: Record<FixtureName, URL> = {
  'sp500-2000.csv': new URL('../fixtures/sp500-2000.csv', import.meta.url),
  'stocks.csv': new URL('../fixtures/stocks.csv', import.meta.url),
};

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function loadFixture(name: FixtureName): Promise<string> {
  const response = await fetch(FIXTURE_URLS[name]);
  if (!response.ok) throw new Error(`Could not load fixture ${name}: HTTP ${response.status}`);
  return response.text();
}

const handlers = createEngine(loadFixture, {
  scheduleCrash: () => {
    // Thrown from a task of its own so it reaches the worker's global scope (an `error` event on the
    // Worker object in the page) instead of becoming this request's error response.
    setTimeout(() => {
      throw new Error('Data engine worker crashed on request (test hook)');
    }, 0);
  },
});

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
  void dispatchRequest(handlers, event.data).then(reply);
});
