/**
 * One feed's WebSocket, kept open while some symbol of it is wanted: it subscribes the wanted
 * symbols (again after every reconnect), reconnects with backoff and jitter when the socket closes,
 * calls the feed stale when no usable data came for `staleAfterMs` (messages that are all refused
 * keep a socket busy, not a chart current) and drops a connection that stays silent three times that
 * long (a half-open TCP connection never closes by itself). The socket and the clock are injected, so
 * tests drive it with a fake of each.
 */

import type { ConnectionState, StaleSymbol } from '../../core/feed/feed-status';
import { type BackoffPolicy, backoffDelay, DEFAULT_BACKOFF } from './backoff';
import type { BadFeedMessage, FeedAdapter, FeedMessage } from './feed-messages';

/** The part of the browser's WebSocket this uses. */
export interface SocketLike {
  send(text: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

export type OpenSocket = (url: string) => SocketLike;

interface SymbolActivity {
  subscribedAt: number;
  lastAt: number | null;
  refusedAt: number | null;
}

/** Wall clock (ms) and one-shot timers. */
export interface FeedTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectionStatus {
  state: ConnectionState;
  /** Failed attempts since the socket was last open (0 while connected). */
  attempt: number;
  /** Times the socket opened again after having been open. */
  reconnects: number;
  /** When the next attempt starts (wall ms), while reconnecting. */
  retryAt: number | null;
  /** When the last message arrived (wall ms), refused ones too. */
  lastMessageAt: number | null;
  /** When the last usable data arrived (wall ms): a trade or bar taken, or a heartbeat. */
  lastDataAt: number | null;
  /** Messages received since the page opened, over every socket, the refused ones too. */
  messages: number;
}

export interface ConnectionOptions {
  url: string;
  adapter: FeedAdapter;
  open: OpenSocket;
  timers: FeedTimers;
  random?: () => number;
  backoff?: BackoffPolicy;
  staleAfterMs: number;
  /** A message parsed; returns whether it was taken (false: refused, as out of order). */
  onMessage(message: FeedMessage): boolean;
  onBadMessage(error: BadFeedMessage): void;
  onStatus(status: ConnectionStatus): void;
  /** The socket opened; `reconnect` is true after an earlier open (trades may have been missed). */
  onOpen?(reconnect: boolean): void;
}

/** A silent connection is dropped after this many stale periods. */
export const DROP_AFTER_STALE_PERIODS = 3;

export class FeedConnection {
  private socket: SocketLike | null = null;
  private wanted = new Set<string>();
  /**
   * The symbols subscribed on the current socket: when each was, when its latest trade or bar was
   * taken, and when one of its was last refused.
   */
  private readonly subscribed = new Map<string, SymbolActivity>();
  private state: ConnectionState = 'idle';
  private attempt = 0;
  private opens = 0;
  private retryAt: number | null = null;
  private retryTimer: unknown = null;
  private watchTimer: unknown = null;
  private lastMessageAt: number | null = null;
  private lastDataAt: number | null = null;
  private messages = 0;
  /** When the current socket opened: silence is measured from it until the first message. */
  private openedAt = 0;
  private nextRequestId = 1;

  constructor(private readonly options: ConnectionOptions) {}

  status(): ConnectionStatus {
    return {
      state: this.state,
      attempt: this.attempt,
      reconnects: Math.max(0, this.opens - 1),
      retryAt: this.retryAt,
      lastMessageAt: this.lastMessageAt,
      lastDataAt: this.lastDataAt,
      messages: this.messages,
    };
  }

  /**
   * The symbols subscribed on the open socket that are stale: nothing of theirs taken for `staleMs`
   * (counted from their subscription until their first trade or bar) while messages of theirs were
   * refused since, or, where `quietIsStale`, while nothing came at all. A quiet market is quiet too:
   * only a feed that sends every symbol's bars whether anything traded or not may take silence for a
   * stale symbol; a symbol whose messages come and are all refused is stale on any feed.
   */
  staleSymbols(staleMs: number, quietIsStale: boolean): StaleSymbol[] {
    if (this.state !== 'connected' && this.state !== 'stale') return [];
    const now = this.options.timers.now();
    const stale: StaleSymbol[] = [];
    for (const [symbol, { subscribedAt, lastAt, refusedAt }] of this.subscribed) {
      const since = Math.max(subscribedAt, lastAt ?? subscribedAt);
      const refused = refusedAt !== null && refusedAt > since;
      if (now - since >= staleMs && (refused || quietIsStale)) stale.push({ symbol, lastAt, refused });
    }
    return stale.sort((a, b) => a.symbol.localeCompare(b.symbol));
  }

  /** The symbols some pane wants now: subscribes the new ones, unsubscribes the others, closes at none. */
  setSymbols(symbols: Iterable<string>): void {
    this.wanted = new Set(symbols);
    if (this.wanted.size === 0) {
      this.stop();
      return;
    }
    if (this.socket === null && this.retryTimer === null) this.open();
    else if (this.state === 'connected' || this.state === 'stale') this.syncSubscriptions();
  }

  /** The `Reconnect feed` command: drops the socket and opens a new one now, backoff forgotten. */
  reconnect(): void {
    if (this.wanted.size === 0) return;
    this.drop();
    this.attempt = 0;
    this.open();
  }

  dispose(): void {
    this.wanted.clear();
    this.stop();
  }

  private stop(): void {
    this.drop();
    this.attempt = 0;
    this.setState('idle');
  }

  /** Closes the socket (its handlers detached first, so its close is not taken for a failure). */
  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    this.subscribed.clear();
    this.clearTimer('retryTimer');
    this.clearTimer('watchTimer');
    this.retryAt = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close();
      } catch {
        // Closing a socket that never opened may throw in some engines; it is gone either way.
      }
    }
  }

  private open(): void {
    this.retryTimer = null;
    this.retryAt = null;
    this.setState(this.opens === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.options.open(this.options.url);
    } catch {
      // A refused URL (the CSP, a malformed address) fails like a closed socket: retried with backoff.
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.opens += 1;
      this.attempt = 0;
      this.openedAt = this.options.timers.now();
      this.subscribed.clear();
      this.setState('connected');
      this.options.onOpen?.(this.opens > 1);
      this.syncSubscriptions();
      this.watch();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.drop();
      this.scheduleRetry();
    };
    // An error is followed by a close, which does the work.
    socket.onerror = () => {};
  }

  private receive(data: unknown): void {
    const now = this.options.timers.now();
    this.lastMessageAt = now;
    this.messages += 1;
    if (typeof data !== 'string') {
      this.options.onBadMessage({ name: 'BadFeedMessage', kind: 'not-json', detail: 'a binary message' });
      return;
    }
    const result = this.options.adapter.parse(data);
    if (!result.ok) {
      this.options.onBadMessage(result.error);
      return;
    }
    const { message } = result;
    if (message.kind === 'shutdown') {
      this.reconnect();
      return;
    }
    const taken = this.options.onMessage(message);
    if (message.kind === 'trade' || message.kind === 'bar') {
      const activity = this.subscribed.get(message.symbol);
      if (activity && taken) activity.lastAt = now;
      else if (activity) activity.refusedAt = now;
    }
    if (taken && message.kind !== 'ack') this.taken(now);
  }

  /** Usable data came: the feed is current again. */
  private taken(now: number): void {
    this.lastDataAt = now;
    if (this.state === 'stale') this.setState('connected');
  }

  private scheduleRetry(): void {
    const delay = backoffDelay(
      this.attempt,
      this.options.random ?? Math.random,
      this.options.backoff ?? DEFAULT_BACKOFF,
    );
    this.attempt += 1;
    this.retryAt = this.options.timers.now() + delay;
    this.retryTimer = this.options.timers.setTimeout(() => this.open(), delay);
    this.setState('reconnecting');
  }

  private syncSubscriptions(): void {
    const socket = this.socket;
    if (!socket) return;
    const add = [...this.wanted].filter((s) => !this.subscribed.has(s));
    const remove = [...this.subscribed.keys()].filter((s) => !this.wanted.has(s));
    const { adapter } = this.options;
    if (add.length > 0) socket.send(adapter.subscribe(add, this.nextRequestId++));
    if (remove.length > 0) socket.send(adapter.unsubscribe(remove, this.nextRequestId++));
    const now = this.options.timers.now();
    for (const s of add) this.subscribed.set(s, { subscribedAt: now, lastAt: null, refusedAt: null });
    for (const s of remove) this.subscribed.delete(s);
  }

  /** Checks for silence a few times per stale period (one timer, not one per message). */
  private watch(): void {
    const { staleAfterMs, timers } = this.options;
    const period = Math.max(100, Math.floor(staleAfterMs / 4));
    this.watchTimer = timers.setTimeout(() => {
      this.watchTimer = null;
      if (!this.socket) return;
      const now = timers.now();
      const silent = now - Math.max(this.lastMessageAt ?? 0, this.openedAt);
      if (silent >= staleAfterMs * DROP_AFTER_STALE_PERIODS) {
        this.drop();
        this.scheduleRetry();
        return;
      }
      // Stale on usable data: a socket whose messages are all refused is busy, not current.
      const noData = now - Math.max(this.lastDataAt ?? 0, this.openedAt);
      if (noData >= staleAfterMs && this.state === 'connected') this.setState('stale');
      this.watch();
    }, period);
  }

  private clearTimer(which: 'retryTimer' | 'watchTimer'): void {
    if (this[which] !== null) this.options.timers.clearTimeout(this[which]);
    this[which] = null;
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.options.onStatus(this.status());
  }
}
