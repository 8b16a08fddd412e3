import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { feedOrigins, parseFeedsConfig } from './core/feed/feed-config';

/**
 * The market-data feeds, configured in one place: `feeds.config.json`, or the file `FEEDS_CONFIG`
 * names (the e2e tests point a feed at the replay server that way). A file that does not check out
 * stops the build with its reason.
 */
const FEEDS_FILE = resolve(process.env.FEEDS_CONFIG ?? 'feeds.config.json');
const feedsResult = parseFeedsConfig(readFileSync(FEEDS_FILE, 'utf8'), process.env);
if (!feedsResult.ok) throw new Error(`${FEEDS_FILE}: ${feedsResult.error}`);
const FEEDS = feedsResult.config;

/**
 * The Content-Security-Policy: nothing but this origin, no inline script or style, no eval. The
 * configured feeds' origins are added to `connect-src`, and nothing else.
 */
const CSP: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': ["'self'", ...feedOrigins(FEEDS)].join(' '),
  'worker-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  // Script sinks (innerHTML, worker URLs) take only values made by the app's one policy
  // (src/app/trusted-types.ts); the app writes no HTML, so nothing else ever passes.
  'require-trusted-types-for': "'script'",
  'trusted-types': 'default',
  // Only a header can say this (a meta tag may not): no other page may frame the workstation.
  'frame-ancestors': "'none'",
};

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');

/** The policy as a header, for the server that serves the build (`npm start`, the e2e tests). */
const CSP_HEADER = policy(CSP);

/**
 * The policy as a meta tag too, so the build keeps it on any static host. A meta tag cannot carry
 * `frame-ancestors`; the dev server needs inline scripts and styles for hot reload, so only
 * `vite serve` relaxes them.
 */
function cspMetaTag(): Plugin {
  return {
    name: 'csp-meta-tag',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        const { 'frame-ancestors': _headerOnly, ...rest } = CSP;
        const directives: Record<string, string> = { ...rest };
        if (context.server) {
          directives['script-src'] = "'self' 'unsafe-inline'";
          directives['style-src'] = "'self' 'unsafe-inline'";
          // Vite's client injects markup for its error overlay.
          delete directives['require-trusted-types-for'];
        }
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { 'http-equiv': 'Content-Security-Policy', content: policy(directives) },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
  };
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Modes whose builds carry the test hooks (`window.__workstation`, `window.__engine`, the crash request). */
const TEST_MODES = new Set(['e2e', 'test']);

export default defineConfig(({ mode }) => ({
  plugins: [react(), cspMetaTag()],
  define: { __TEST_HOOKS__: JSON.stringify(TEST_MODES.has(mode)), __FEEDS__: JSON.stringify(FEEDS) },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  preview: { host: '127.0.0.1', headers: SECURITY_HEADERS },
  test: {
    setupFiles: ['src/test/fast-check-setup.ts'],
    environment: 'node',
    projects: [
      // Core's and the worker's modules hold no state between files and mock nothing, so their files
      // share one module graph per test worker instead of loading it again for each file (the whole run
      // took 66 s instead of 99 s on 2 cores).
      {
        extends: true,
        test: { name: 'workers', include: ['core/**/*.test.ts', 'workers/**/*.test.ts'], isolate: false },
      },
      // The app's files mock modules (vi.mock) and keep stores per file: each runs on its own.
      { extends: true, test: { name: 'app', include: ['src/**/*.test.ts'] } },
    ],
  },
}));
