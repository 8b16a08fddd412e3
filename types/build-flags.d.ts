/**
 * Replaced at build time (`define` in vite.config.ts): true in the e2e build and in unit tests, false
 * in every build a user gets, where the bundler drops the code it guards.
 */
declare const __TEST_HOOKS__: boolean;

/**
 * The real market-data feeds of this build, from feeds.config.json (or the file FEEDS_CONFIG names),
 * checked by vite.config.ts; `{ feeds: [] }` when none is configured (the simulator alone).
 */
declare const __FEEDS__: import('../core/feed/feed-config').FeedsConfig;
