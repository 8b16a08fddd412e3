import {
  type EngineArgs,
  type EngineChannel,
  type EngineEvent,
  type EngineEvents,
  type EngineMethod,
  type EngineRequest,
  type EngineResult,
  errorMessage,
  isEngineEvent,
  isEngineResponse,
} from '../../core/protocol';

/** The part of `Worker` the client uses; a real `Worker` fits, and tests pass a fake. */
export interface EngineWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: WorkerEventType, listener: (event: Event) => void): void;
  removeEventListener(type: WorkerEventType, listener: (event: Event) => void): void;
}

type WorkerEventType = 'message' | 'error' | 'messageerror';

/**
 * The rejection of a request that a newer `callLatest` with the same key made stale. Callers ignore
 * it (the newer request's answer is on its way); check with `isStaleRequestError`.
 */
export class StaleRequestError extends Error {
  override readonly name = 'StaleRequestError';
  readonly key: string;
  readonly method: EngineMethod;

  constructor(key: string, method: EngineMethod) {
    super(`Request '${method}' for '${key}' was superseded by a newer one`);
    this.key = key;
    this.method = method;
  }
}

export function isStaleRequestError(error: unknown): error is StaleRequestError {
  return error instanceof StaleRequestError || (error instanceof Error && error.name === 'StaleRequestError');
}

export interface EngineClient {
  /** Sends one request; resolves with the worker's value or rejects with its error message. */
  call<M extends EngineMethod>(method: M, ...args: EngineArgs<M>): Promise<EngineResult<M>>;
  /**
   * Like `call`, for requests a newer one replaces (a pane's data for its current view): a later
   * `callLatest` with the same `key` rejects this one with a `StaleRequestError`, and the worker skips
   * it if it has not started it yet.
   */
  callLatest<M extends EngineMethod>(
    key: string,
    method: M,
    ...args: EngineArgs<M>
  ): Promise<EngineResult<M>>;
  /** Listens to a channel of worker pushes; returns the unsubscribe function. Does not start the worker. */
  onEvent<C extends EngineChannel>(channel: C, listener: (payload: EngineEvents[C]) => void): () => void;
  /**
   * Called after a new worker replaced one that died or stopped answering (its in-flight requests
   * already re-sent), so state the worker held, like live subscriptions, can be set up again.
   */
  onRestart(listener: (reason: RestartReason) => void): () => void;
  /** Stops the worker and rejects every pending and future call. */
  terminate(): void;
  /** Workers started so far: 0 before the first call, 1 after it, +1 per restart after a crash. */
  readonly workerGeneration: number;
}

type ListenersByChannel = { [C in EngineChannel]: Set<(payload: EngineEvents[C]) => void> };

/** Why a worker was replaced: it died (an `error` event), or it stopped answering while work was due. */
export type RestartReason = 'crash' | 'hang';

export interface EngineClientOptions {
  /** How often a busy client checks that the worker still answers. */
  heartbeatMs?: number;
  /** Silence (no answer, no event) this long while requests are in flight means the worker hangs. */
  hungAfterMs?: number;
}

/**
 * A worker answers a ping between the steps of any request (imports and loads yield between chunks),
 * so eight seconds of silence with work in flight means it is stuck in a loop or deadlocked.
 */
const HEARTBEAT_MS = 1000;
const HUNG_AFTER_MS = 8000;

/** A request sent this many times without an answer is taken to be what kills the worker. */
const MAX_ATTEMPTS = 3;
/** Crashes with no answer in between (e.g. the worker script fails to load) before giving up. */
const MAX_CONSECUTIVE_CRASHES = 3;
/** Never re-sent after a restart: re-sending these test hooks would kill or hang every new worker. */
const NOT_RESENT: ReadonlySet<EngineMethod> = new Set<EngineMethod>(['crash', 'hang']);

interface PendingCall {
  request: EngineRequest;
  attempts: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Typed request/response client for the data engine worker. If the worker dies (`error` or
 * `messageerror` on it) or stops answering while requests are in flight (a watchdog pings it), a new
 * one is started and every request still in flight is sent again, so callers' promises settle as if
 * nothing happened.
 */
export function createEngineClient(
  createWorker: () => EngineWorker,
  options: EngineClientOptions = {},
): EngineClient {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const hungAfterMs = options.hungAfterMs ?? HUNG_AFTER_MS;
  const pending = new Map<number, PendingCall>();
  let worker: EngineWorker | null = null;
  let generation = 0;
  let nextId = 1;
  let consecutiveCrashes = 0;
  let terminated = false;
  /** Set when the worker died and was not replaced: the next start counts as a restart. */
  let workerLost = false;
  const latestByKey = new Map<string, number>();
  const eventListeners: ListenersByChannel = {
    'live-bars': new Set(),
    'csv-import-progress': new Set(),
    'feed-status': new Set(),
    'alert-fired': new Set(),
    quotes: new Set(),
    'imports-changed': new Set(),
    'source-changed': new Set(),
  };
  /** Typed per channel: `C` ties the payload to its listeners (a union of channels would not). */
  const emit = <C extends EngineChannel>(event: EngineEvent<C>): void => {
    for (const listener of eventListeners[event.channel] ?? []) listener(event.payload);
  };
  const restartListeners = new Set<(reason: RestartReason) => void>();
  /** When the worker last said anything; the watchdog runs only while requests are in flight. */
  let lastHeard = 0;
  let watchdog: ReturnType<typeof setInterval> | null = null;
  // Pings use ids of their own (negative), so their answers never settle a caller's request.
  let nextPingId = -1;

  const settle = (id: number, outcome: { value: unknown } | { error: Error }): void => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    const { key } = call.request;
    if (key !== undefined && latestByKey.get(key) === id) latestByKey.delete(key);
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.value);
    if (pending.size === 0) stopWatchdog();
  };

  const startWatchdog = (): void => {
    if (watchdog !== null) return;
    lastHeard = Date.now();
    watchdog = setInterval(checkWorker, heartbeatMs);
  };

  function stopWatchdog(): void {
    if (watchdog === null) return;
    clearInterval(watchdog);
    watchdog = null;
  }

  function checkWorker(): void {
    if (pending.size === 0 || !worker) {
      stopWatchdog();
      return;
    }
    if (Date.now() - lastHeard >= hungAfterMs) {
      restart('hang');
      return;
    }
    try {
      worker.postMessage({ id: nextPingId--, method: 'ping', args: [] });
    } catch {
      // A worker that cannot take a message is caught by the silence that follows.
    }
  }

  const onMessage = (event: Event): void => {
    lastHeard = Date.now();
    const data: unknown = event instanceof MessageEvent ? event.data : undefined;
    if (isEngineEvent(data)) {
      emit(data);
      return;
    }
    if (isEngineResponse(data)) {
      consecutiveCrashes = 0;
      settle(data.id, data.ok ? { value: data.value } : { error: new Error(data.error.message) });
      return;
    }
    const id = (data as { id?: unknown } | null | undefined)?.id;
    if (typeof id === 'number') settle(id, { error: new Error('Malformed response from the data engine') });
  };

  const onCrash = (event: Event): void => {
    // Handled here: without this the worker's uncaught error is re-reported as a page error.
    event.preventDefault();
    restart('crash');
  };

  const start = (): EngineWorker => {
    const created = createWorker();
    generation += 1;
    created.addEventListener('message', onMessage);
    created.addEventListener('error', onCrash);
    created.addEventListener('messageerror', onCrash);
    worker = created;
    return created;
  };

  const stop = (): void => {
    if (!worker) return;
    worker.removeEventListener('message', onMessage);
    worker.removeEventListener('error', onCrash);
    worker.removeEventListener('messageerror', onCrash);
    worker.terminate();
    worker = null;
  };

  const send = (target: EngineWorker, call: PendingCall): void => {
    call.attempts += 1;
    try {
      target.postMessage(call.request);
    } catch (error) {
      settle(call.request.id, { error: toError(error) });
    }
  };

  const rejectAll = (error: Error): void => {
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) call.reject(error);
  };

  function restart(reason: RestartReason): void {
    stop();
    lastHeard = Date.now();
    const failed = reason === 'crash' ? 'crashed' : 'stopped answering';
    consecutiveCrashes += 1;
    if (consecutiveCrashes >= MAX_CONSECUTIVE_CRASHES) {
      console.warn(`Data engine worker ${failed} ${consecutiveCrashes} times in a row; not restarting it`);
      consecutiveCrashes = 0;
      workerLost = true;
      stopWatchdog();
      rejectAll(
        new Error(
          reason === 'crash' ? 'Data engine worker keeps crashing' : 'Data engine worker keeps hanging',
        ),
      );
      return;
    }
    for (const call of [...pending.values()]) {
      const { id, method } = call.request;
      if (NOT_RESENT.has(method)) {
        settle(id, { error: new Error(`Data engine worker ${failed} during '${method}'`) });
      } else if (call.attempts >= MAX_ATTEMPTS) {
        settle(id, {
          error: new Error(`Data engine worker ${failed} ${call.attempts} times during '${method}'`),
        });
      }
    }
    console.warn(`Data engine worker ${failed}; restarting it and re-sending ${pending.size} request(s)`);
    let next: EngineWorker;
    try {
      next = start();
    } catch (error) {
      rejectAll(toError(error));
      return;
    }
    for (const call of [...pending.values()]) send(next, call);
    notifyRestart(reason);
  }

  const notifyRestart = (reason: RestartReason): void => {
    workerLost = false;
    for (const listener of [...restartListeners]) listener(reason);
  };

  const request = <M extends EngineMethod>(
    key: string | undefined,
    method: M,
    args: EngineArgs<M>,
  ): Promise<EngineResult<M>> => {
    if (terminated) return Promise.reject(new Error('Data engine client was terminated'));
    return new Promise<EngineResult<M>>((resolve, reject) => {
      let target = worker;
      try {
        target ??= start();
      } catch (error) {
        reject(toError(error));
        return;
      }
      const id = nextId++;
      if (key !== undefined) {
        const previous = latestByKey.get(key);
        const stale = previous === undefined ? undefined : pending.get(previous);
        if (stale) settle(stale.request.id, { error: new StaleRequestError(key, stale.request.method) });
        latestByKey.set(key, id);
      }
      const call: PendingCall = {
        request: key === undefined ? { id, method, args: [...args] } : { id, method, args: [...args], key },
        attempts: 0,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      pending.set(id, call);
      send(target, call);
      startWatchdog();
      if (workerLost) notifyRestart('crash');
    });
  };

  return {
    call<M extends EngineMethod>(method: M, ...args: EngineArgs<M>): Promise<EngineResult<M>> {
      return request(undefined, method, args);
    },

    callLatest<M extends EngineMethod>(
      key: string,
      method: M,
      ...args: EngineArgs<M>
    ): Promise<EngineResult<M>> {
      return request(key, method, args);
    },

    onEvent<C extends EngineChannel>(channel: C, listener: (payload: EngineEvents[C]) => void): () => void {
      const listeners: Set<(payload: EngineEvents[C]) => void> = eventListeners[channel];
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    onRestart(listener: (reason: RestartReason) => void): () => void {
      restartListeners.add(listener);
      return () => {
        restartListeners.delete(listener);
      };
    },

    terminate(): void {
      terminated = true;
      stopWatchdog();
      stop();
      rejectAll(new Error('Data engine client was terminated'));
    },

    get workerGeneration(): number {
      return generation;
    },
  };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessage(error));
}

let appClient: EngineClient | undefined;

/** The app's one data engine client; its worker starts on the first call. */
export function getEngineClient(): EngineClient {
  appClient ??= createEngineClient(
    () =>
      new Worker(new URL('../../workers/data-engine.worker.ts', import.meta.url), {
        type: 'module',
        name: 'data-engine',
      }),
  );
  return appClient;
}

/** Handle the e2e tests use: `crash()` resolves once the request is acknowledged; poll the generation. */
export interface EngineTestHandle {
  crash(): Promise<void>;
  /** Makes the worker spin for ever: the watchdog must notice and replace it. */
  hang(): void;
  readonly workerGeneration: number;
}

declare global {
  interface Window {
    __engine?: EngineTestHandle;
  }
}

/** Publishes `window.__engine` for Playwright; the app calls this once at start-up. */
export function exposeEngineForTests(): void {
  const client = getEngineClient();
  window.__engine = {
    // The crash request always rejects (the worker answers it with an error before dying).
    crash: () =>
      client.call('crash').then(
        () => undefined,
        () => undefined,
      ),
    hang: () => {
      client.call('hang').catch(() => undefined);
    },
    get workerGeneration() {
      return client.workerGeneration;
    },
  };
}
