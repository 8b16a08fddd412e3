/** What the worker tells the main thread about its real feeds (the `feed-status` event channel). */

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'stale' | 'reconnecting';

/** A live symbol with nothing usable for a stale period: when it last had, and whether it was refused. */
export interface StaleSymbol {
  symbol: string;
  /** When its last trade or bar was taken (wall ms); null: none since it was subscribed. */
  lastAt: number | null;
  /** Its messages came and were refused (not only silence). */
  refused: boolean;
}

/** Why a message was refused. Each is a count in the feed status (docs/feed-protocol.md). */
export const BAD_MESSAGE_KINDS = [
  'not-json',
  'unknown-message',
  'invalid-trade',
  'invalid-bar',
  'unknown-symbol',
  'out-of-order',
  'server-error',
] as const;

export type BadMessageKind = (typeof BAD_MESSAGE_KINDS)[number];

/** How the status panel names each kind. */
export const BAD_MESSAGE_LABELS: Readonly<Record<BadMessageKind, string>> = {
  'not-json': 'not JSON',
  'unknown-message': 'unknown message',
  'invalid-trade': 'invalid trade',
  'invalid-bar': 'invalid bar',
  'unknown-symbol': 'unknown symbol',
  'out-of-order': 'out of order',
  'server-error': 'server error',
};

/** A gap in a feed (workers/feed/gap-detector.ts tells them). */
export interface Gap {
  symbol: string;
  kind: 'sequence' | 'time' | 'bars' | 'reset';
  /** UTC ms of the last trade (or bar start) before the gap and the first after it. */
  fromTime: number;
  toTime: number;
  /** Trades missed, when the feed numbers them; bars missed, in a feed of bars; null: unknown. */
  missed: number | null;
}

/** A gap as the status panel and the pane show it. */
export interface GapNotice extends Gap {
  /** Wall-clock ms when it was noticed. */
  at: number;
}

/** What a feed symbol's history brought (the feed's history service, before its first live bar). */
export interface HistoryNotice {
  symbol: string;
  /** Bars that came. */
  bars: number;
  /** The first one's time (UTC seconds); null when none came. */
  from: number | null;
  /** The service had nothing older: the series starts there. */
  complete: boolean;
  /** Why it stopped early (what came is kept); null when it did not. */
  problem: string | null;
}

export interface FeedStatus {
  id: string;
  label: string;
  adapter: string;
  /** The symbols the feed is configured with. */
  symbols: string[];
  /** The symbols subscribed now (some pane shows them live). */
  live: string[];
  state: ConnectionState;
  attempt: number;
  reconnects: number;
  /** Wall-clock ms of the next attempt while reconnecting. */
  retryAt: number | null;
  /** Wall-clock ms of the last message, refused ones too. */
  lastMessageAt: number | null;
  /** Wall-clock ms of the last usable data (a trade or bar taken, a heartbeat): what staleness is judged on. */
  lastDataAt: number | null;
  /**
   * Messages received since the page opened (refused ones too), read when the status is made; the
   * status is posted again at least each second while they come (STATUS_REFRESH_MS).
   */
  messages: number;
  staleAfterMs: number;
  /** Messages refused since the page opened, by kind (kinds never seen are absent). */
  badMessages: Partial<Record<BadMessageKind, number>>;
  /** What was wrong with the latest refused message. */
  lastBadMessage: string | null;
  /** The latest gaps, newest first (a few are kept until `Clear feed notices`). */
  gaps: GapNotice[];
  /** The history each symbol charted so far brought, in the order asked for. */
  history: HistoryNotice[];
  /**
   * While connected (or stale), the live symbols with nothing taken for `staleAfterMs` although their messages
   * came and were refused, or (a feed of bars, one for every interval, traded or not) although
   * nothing came; each with when its last trade or bar was taken (null: none since subscribing).
   */
  staleSymbols: StaleSymbol[];
}

/** How a history source is doing (sources/source-status.ts watches it). */
export interface SourceStatus {
  id: string;
  label: string;
  adapter: string;
  /** The server's origin. */
  origin: string;
  /** `waiting`: not asked yet; `answering`: its last query was answered; `failing`: it failed. */
  state: 'waiting' | 'answering' | 'failing';
  /** Why its last query failed (`failing`). */
  problem: string | null;
  /** Symbols it lists. */
  symbols: number;
  /** Symbols followed for new trades now (a chart, a watchlist or an alert shows them). */
  followed: string[];
  /** Seconds between polls of a followed symbol (0: not polled). */
  pollSeconds: number;
  /** Wall-clock ms of its last answer. */
  lastAnswerAt: number | null;
  /** Queries answered since the page opened. */
  answered: number;
}

export interface FeedStatusEvent {
  feeds: FeedStatus[];
  /** The history sources' (absent: the engine told only its feeds). */
  sources?: SourceStatus[];
}
