/**
 * Test doubles of a feed's surroundings: a clock whose timers run when the test advances it, and
 * sockets the test opens, feeds and closes by hand. Used by the unit tests only.
 */
import type { FeedTimers, OpenSocket, SocketLike } from './feed-connection';

export class FakeClock implements FeedTimers {
  private time: number;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + Math.max(0, ms), run });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on by `ms`, running each timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: [number, { at: number; run: () => void }] | null = null;
      for (const entry of this.timers)
        if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.time = next[1].at;
      next[1].run();
    }
    this.time = end;
  }
}

export class FakeSocket implements SocketLike {
  readonly sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {}

  send(text: string): void {
    this.sent.push(text);
  }

  close(): void {
    this.closed = true;
  }

  /** The server side: */
  accept(): void {
    this.onopen?.();
  }

  message(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The server went away (or the connection failed before it opened). */
  drop(): void {
    this.closed = true;
    this.onerror?.();
    this.onclose?.();
  }
}

/** Opens fake sockets and keeps every one, newest last. */
export function fakeSockets(): { open: OpenSocket; sockets: FakeSocket[]; latest(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    sockets,
    latest: () => {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket opened');
      return socket;
    },
  };
}

/** A Binance trade in the combined-stream envelope, as the exchange sends it. */
export function binanceTrade(symbol: string, id: number, time: number, price: number, quantity = 1): string {
  return JSON.stringify({
    stream: `${symbol.toLowerCase()}@trade`,
    data: {
      e: 'trade',
      E: time + 2,
      s: symbol,
      t: id,
      p: price.toFixed(8), // as Binance writes prices: eight decimals, trailing zeros kept
      q: quantity.toFixed(5),
      T: time,
      m: id % 2 === 0,
      M: true,
    },
  });
}

/** A Binance 1-minute kline of a bar starting at `time`, in the combined-stream envelope. */
export function binanceKline(
  symbol: string,
  time: number,
  bar: { open: number; high: number; low: number; close: number; volume: number },
  closed = false,
): string {
  const decimal = (value: number) => value.toFixed(8);
  return JSON.stringify({
    stream: `${symbol.toLowerCase()}@kline_1m`,
    data: {
      e: 'kline',
      E: time + 2000,
      s: symbol,
      k: {
        t: time,
        T: time + 59_999,
        s: symbol,
        i: '1m',
        f: 1,
        L: 2,
        o: decimal(bar.open),
        c: decimal(bar.close),
        h: decimal(bar.high),
        l: decimal(bar.low),
        v: decimal(bar.volume),
        n: 2,
        x: closed,
        q: '0',
        V: '0',
        Q: '0',
        B: '0',
      },
    },
  });
}
