/** Types of bench/load-feed.mjs (plain JavaScript, so that bench/run.mjs runs it in Node as it is). */
export declare const LOAD_FEED_PORT: number;
export declare const LOAD_FEED_RATE: number;
export declare const LOAD_FEED_SYMBOLS: string[];
export declare const LOAD_FEEDS_CONFIG: {
  feeds: { id: string; label: string; adapter: 'binance'; url: string; symbols: string[] }[];
  sources: {
    id: string;
    label: string;
    adapter: 'clickhouse';
    url: string;
    database: string;
    user: string;
  }[];
};
export declare const BENCH_HISTORY_PORT: number;
export declare function loadFeedLines(options: {
  start: number;
  seconds: number;
  seed?: number;
}): { at: number; text: string }[];
export declare const HISTORY_PORT: number;
export declare const REPLAY_SAMPLE: string;
