import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineRequest } from '../../core/protocol';
import {
  createEngineClient,
  type EngineClientOptions,
  type EngineWorker,
  isStaleRequestError,
  StaleRequestError,
} from './engine-client';

/** Stands in for a Worker: records what the client posts and lets the test answer or crash it. */
class FakeWorker extends EventTarget implements EngineWorker {
  readonly sent: EngineRequest[] = [];
  terminated = false;

  postMessage(message: unknown): void {
    this.sent.push(message as EngineRequest);
  }

  terminate(): void {
    this.terminated = true;
  }

  answer(id: number, value: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: { id, ok: true, value } }));
  }

  fail(id: number, message: string): void {
    this.dispatchEvent(new MessageEvent('message', { data: { id, ok: false, error: { message } } }));
  }

  push(channel: string, payload: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: { type: 'event', channel, payload } }));
  }

  crash(type: 'error' | 'messageerror' = 'error'): Event {
    const event = new Event(type, { cancelable: true });
    this.dispatchEvent(event);
    return event;
  }

  idOf(method: string): number {
    const request = this.sent.find((r) => r.method === method);
    if (!request) throw new Error(`no ${method} request was sent`);
    return request.id;
  }
}

/** The watchdog's default timing is long enough that only the tests that use fake timers see it. */
function setup(options: EngineClientOptions = { heartbeatMs: 60_000, hungAfterMs: 600_000 }) {
  const workers: FakeWorker[] = [];
  const createWorker = vi.fn(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const client = createEngineClient(createWorker, options);
  const worker = (index: number): FakeWorker => {
    const found = workers[index];
    if (!found) throw new Error(`worker ${index} was not created`);
    return found;
  };
  return { client, createWorker, worker, warn };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createEngineClient', () => {
  it('starts the worker on the first call and posts typed requests', () => {
    const { client, createWorker, worker } = setup();
    expect(createWorker).not.toHaveBeenCalled();
    expect(client.workerGeneration).toBe(0);
    void client.call('getQuotes', ['SPX', 'IBM']);
    void client.call('ping');
    expect(createWorker).toHaveBeenCalledTimes(1);
    expect(client.workerGeneration).toBe(1);
    const [first, second] = worker(0).sent;
    expect(first).toEqual({ id: expect.any(Number), method: 'getQuotes', args: [['SPX', 'IBM']] });
    expect(second).toEqual({ id: expect.any(Number), method: 'ping', args: [] });
    expect(first?.id).not.toBe(second?.id);
  });

  it('resolves each promise with its own response, in any order', async () => {
    const { client, worker } = setup();
    const quotes = client.call('getQuotes', ['SPX']);
    const pong = client.call('ping');
    const fake = worker(0);
    fake.answer(fake.idOf('ping'), 'pong');
    fake.answer(fake.idOf('getQuotes'), [{ symbol: 'SPX' }]);
    await expect(pong).resolves.toBe('pong');
    await expect(quotes).resolves.toEqual([{ symbol: 'SPX' }]);
  });

  it('rejects with the message of an error response', async () => {
    const { client, worker } = setup();
    const quotes = client.call('getQuotes', ['NOPE']);
    worker(0).fail(worker(0).idOf('getQuotes'), 'Unknown symbol(s): NOPE');
    await expect(quotes).rejects.toThrow('Unknown symbol(s): NOPE');
  });

  it('restarts a crashed worker once, warns once and re-sends what was in flight', async () => {
    const { client, createWorker, worker, warn } = setup();
    const answered = client.call('ping');
    const quotes = client.call('getQuotes', ['AAPL']);
    const symbols = client.call('listSymbols');
    const old = worker(0);
    old.answer(old.idOf('ping'), 'pong');
    await expect(answered).resolves.toBe('pong');

    const event = old.crash();

    expect(event.defaultPrevented).toBe(true);
    expect(old.terminated).toBe(true);
    expect(createWorker).toHaveBeenCalledTimes(2);
    expect(client.workerGeneration).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      'Data engine worker crashed; restarting it and re-sending 2 request(s)',
    );
    const fresh = worker(1);
    expect(fresh.sent).toEqual(old.sent.filter((r) => r.method !== 'ping'));

    old.answer(old.idOf('getQuotes'), ['stale']); // the dead worker is no longer listened to
    fresh.answer(fresh.idOf('listSymbols'), [{ symbol: 'SPX' }]);
    fresh.answer(fresh.idOf('getQuotes'), [{ symbol: 'AAPL' }]);
    await expect(quotes).resolves.toEqual([{ symbol: 'AAPL' }]);
    await expect(symbols).resolves.toEqual([{ symbol: 'SPX' }]);
  });

  it('treats messageerror as a crash too', async () => {
    const { client, worker, warn } = setup();
    const pong = client.call('ping');
    worker(0).crash('messageerror');
    expect(warn).toHaveBeenCalledWith(
      'Data engine worker crashed; restarting it and re-sending 1 request(s)',
    );
    worker(1).answer(worker(1).idOf('ping'), 'pong');
    await expect(pong).resolves.toBe('pong');
  });

  it('does not re-send a crash request and still restarts', async () => {
    const { client, worker } = setup();
    const crash = client.call('crash');
    worker(0).crash();
    await expect(crash).rejects.toThrow("Data engine worker crashed during 'crash'");
    expect(worker(1).sent).toEqual([]);
    expect(client.workerGeneration).toBe(2);
  });

  it('replaces a worker that stops answering while a request is in flight, and re-sends it', async () => {
    vi.useFakeTimers();
    try {
      const { client, worker, warn } = setup({ heartbeatMs: 1000, hungAfterMs: 5000 });
      const restarts: string[] = [];
      client.onRestart((reason) => restarts.push(reason));
      const bars = client.call('listSymbols');
      // A live worker answers the pings: no restart however long the request takes.
      for (let second = 0; second < 8; second++) {
        vi.advanceTimersByTime(1000);
        const ping = worker(0).sent.at(-1);
        if (ping?.method === 'ping') worker(0).answer(ping.id, 'pong');
      }
      expect(client.workerGeneration).toBe(1);
      expect(worker(0).sent.filter((r) => r.method === 'ping').length).toBeGreaterThanOrEqual(7);
      // Then silence: five seconds later the worker is replaced and the request goes to the new one.
      vi.advanceTimersByTime(5000);
      expect(worker(0).terminated).toBe(true);
      expect(client.workerGeneration).toBe(2);
      expect(restarts).toEqual(['hang']);
      expect(warn).toHaveBeenCalledWith(
        'Data engine worker stopped answering; restarting it and re-sending 1 request(s)',
      );
      worker(1).answer(worker(1).idOf('listSymbols'), [{ symbol: 'SPX' }]);
      await expect(bars).resolves.toEqual([{ symbol: 'SPX' }]);
      // Nothing in flight: the watchdog rests, and an idle worker is never taken for a hung one.
      vi.advanceTimersByTime(60_000);
      expect(client.workerGeneration).toBe(2);
      expect(worker(1).sent.filter((r) => r.method === 'ping')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not re-send the hang request to the new worker', async () => {
    vi.useFakeTimers();
    try {
      const { client, worker } = setup({ heartbeatMs: 1000, hungAfterMs: 3000 });
      const hang = client.call('hang');
      vi.advanceTimersByTime(3000);
      await expect(hang).rejects.toThrow("Data engine worker stopped answering during 'hang'");
      expect(worker(1).sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after three crashes in a row instead of looping, then starts afresh', async () => {
    const { client, createWorker, worker } = setup();
    const pong = client.call('ping');
    worker(0).crash();
    worker(1).crash();
    worker(2).crash();
    await expect(pong).rejects.toThrow('Data engine worker keeps crashing');
    expect(createWorker).toHaveBeenCalledTimes(3);
    expect(worker(2).terminated).toBe(true);

    const again = client.call('ping');
    expect(createWorker).toHaveBeenCalledTimes(4);
    worker(3).answer(worker(3).idOf('ping'), 'pong');
    await expect(again).resolves.toBe('pong');
  });

  it('keeps restarting when answers arrive between crashes', async () => {
    const { client, worker, warn } = setup();
    for (let i = 0; i < 4; i++) {
      const pong = client.call('ping');
      worker(i).answer(worker(i).idOf('ping'), 'pong');
      await expect(pong).resolves.toBe('pong');
      worker(i).crash();
      expect(client.workerGeneration).toBe(i + 2);
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenLastCalledWith(
      'Data engine worker crashed; restarting it and re-sending 0 request(s)',
    );
  });

  it('rejects when the worker cannot be created', async () => {
    const client = createEngineClient(() => {
      throw new Error('CSP blocked the worker');
    });
    await expect(client.call('ping')).rejects.toThrow('CSP blocked the worker');
  });

  it('terminate stops the worker and rejects pending and later calls', async () => {
    const { client, worker } = setup();
    const pending = client.call('ping');
    client.terminate();
    expect(worker(0).terminated).toBe(true);
    await expect(pending).rejects.toThrow('Data engine client was terminated');
    await expect(client.call('ping')).rejects.toThrow('Data engine client was terminated');
  });
});

describe('callLatest', () => {
  const request = (symbol: string) => ({ symbol, maxBars: 100 });

  it('rejects the older request of a key with a StaleRequestError and resolves the newer one', async () => {
    const { client, worker } = setup();
    const older = client.callLatest('pane-1', 'getBars', request('SPX'));
    const newer = client.callLatest('pane-1', 'getBars', request('IBM'));
    const error = await older.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleRequestError);
    expect(isStaleRequestError(error)).toBe(true);
    expect(error).toMatchObject({ key: 'pane-1', method: 'getBars' });
    const [first, second] = worker(0).sent;
    expect(first).toEqual({
      id: expect.any(Number),
      method: 'getBars',
      args: [request('SPX')],
      key: 'pane-1',
    });
    expect(second).toMatchObject({ method: 'getBars', key: 'pane-1' });
    // The worker's courtesy answer for the skipped request changes nothing.
    worker(0).fail(first?.id ?? -1, 'Superseded by a newer request');
    worker(0).answer(second?.id ?? -1, { symbol: 'IBM' });
    await expect(newer).resolves.toEqual({ symbol: 'IBM' });
  });

  it('keeps keys independent and leaves plain calls alone', async () => {
    const { client, worker } = setup();
    const a = client.callLatest('pane-a', 'getBars', request('SPX'));
    const b = client.callLatest('pane-b', 'getBars', request('SPX'));
    const plain = client.call('ping');
    const plain2 = client.call('ping');
    const [ia, ib, ip, ip2] = worker(0).sent.map((r) => r.id);
    worker(0).answer(ia ?? -1, 'a');
    worker(0).answer(ib ?? -1, 'b');
    worker(0).answer(ip ?? -1, 'pong');
    worker(0).answer(ip2 ?? -1, 'pong');
    await expect(Promise.all([a, b, plain, plain2])).resolves.toEqual(['a', 'b', 'pong', 'pong']);
    // A key whose request was answered starts afresh: nothing is made stale.
    const again = client.callLatest('pane-a', 'getBars', request('IBM'));
    worker(0).answer(worker(0).sent[4]?.id ?? -1, 'again');
    await expect(again).resolves.toBe('again');
  });

  it('re-sends only the newest request of a key after a crash', async () => {
    const { client, worker } = setup();
    const older = client.callLatest('pane-1', 'getBars', request('SPX'));
    const newer = client.callLatest('pane-1', 'getBars', request('AAPL'));
    await expect(older).rejects.toSatisfy(isStaleRequestError);
    worker(0).crash();
    expect(worker(1).sent).toEqual([worker(0).sent[1]]);
    worker(1).answer(worker(1).sent[0]?.id ?? -1, 'fresh');
    await expect(newer).resolves.toBe('fresh');
  });

  it('recognises stale errors by name too (e.g. from another bundle copy), and nothing else', () => {
    const foreign = new Error('superseded');
    foreign.name = 'StaleRequestError';
    expect(isStaleRequestError(foreign)).toBe(true);
    expect(isStaleRequestError(new Error('Unknown symbol: X'))).toBe(false);
    expect(isStaleRequestError('StaleRequestError')).toBe(false);
  });
});

describe('events and restarts', () => {
  it('delivers worker pushes to the listeners of their channel until they unsubscribe', () => {
    const { client, worker } = setup();
    const received: unknown[] = [];
    const other: unknown[] = [];
    const stop = client.onEvent('live-bars', (payload) => received.push(payload));
    void client.call('ping');
    worker(0).push('live-bars', { subscriptionId: 's', bars: [] });
    worker(0).push('other-channel', { x: 1 });
    client.onEvent('live-bars', (payload) => other.push(payload));
    stop();
    worker(0).push('live-bars', { subscriptionId: 't', bars: [] });
    expect(received).toEqual([{ subscriptionId: 's', bars: [] }]);
    expect(other).toEqual([{ subscriptionId: 't', bars: [] }]);
  });

  it('tells restart listeners once the new worker has the re-sent requests', () => {
    const { client, worker } = setup();
    const seen: number[] = [];
    const stop = client.onRestart(() => seen.push(worker(1).sent.length));
    void client.call('listSymbols');
    worker(0).crash();
    expect(seen).toEqual([1]);
    stop();
    worker(1).crash();
    expect(seen).toEqual([1]);
  });

  it('counts a worker started after giving up as a restart too', async () => {
    const { client, worker } = setup();
    let restarts = 0;
    client.onRestart(() => restarts++);
    const pong = client.call('ping');
    worker(0).crash();
    worker(1).crash();
    worker(2).crash();
    await expect(pong).rejects.toThrow('keeps crashing');
    expect(restarts).toBe(2);
    void client.call('ping');
    expect(restarts).toBe(3);
    void client.call('ping');
    expect(restarts).toBe(3);
  });
});

describe('exposeEngineForTests', () => {
  it('publishes crash() and the worker generation of the app client on window', async () => {
    const created: { url: unknown; options: unknown; worker: FakeWorker }[] = [];
    class GlobalWorker extends FakeWorker {
      constructor(url: unknown, options: unknown) {
        super();
        created.push({ url, options, worker: this });
      }
    }
    vi.stubGlobal('window', {});
    vi.stubGlobal('Worker', GlobalWorker);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.resetModules();
    const { exposeEngineForTests, getEngineClient } = await import('./engine-client');

    exposeEngineForTests();
    const handle = window.__engine;
    expect(handle?.workerGeneration).toBe(0);
    const crashed = handle?.crash();
    const first = created[0];
    if (!first) throw new Error('no worker was created');
    expect(String(first.url)).toMatch(/workers\/data-engine\.worker\.ts/);
    expect(first.options).toMatchObject({ type: 'module' });
    first.worker.fail(first.worker.idOf('crash'), 'Data engine crash requested (test hook)');
    await expect(crashed).resolves.toBeUndefined();

    first.worker.crash();
    expect(handle?.workerGeneration).toBe(2);
    expect(getEngineClient()).toBe(getEngineClient());
    expect(created).toHaveLength(2);
  });
});
