/**
 * Replaced at build time (`define` in vite.config.ts): true in the e2e build and in unit tests, false
 * in every build a user gets, where the bundler drops the code it guards.
 */
declare const __TEST_HOOKS__: boolean;
