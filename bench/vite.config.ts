/**
 * Builds the benchmark pages (bench/pages/*.html) as a production bundle, the way users get the app.
 * The pages import the real modules from ../src, so this config repeats what the app's config needs
 * (React, ES-module workers). The output goes under node_modules so neither git nor Biome sees it.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LOAD_FEEDS_CONFIG } from './load-feed.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const pagesDir = fileURLToPath(new URL('./pages/', import.meta.url));

const pages = Object.fromEntries(
  readdirSync(pagesDir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.slice(0, -'.html'.length), `${pagesDir}${file}`]),
);

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react()],
  // Benchmarks measure the app as users get it: no test hooks, and one market-data feed configured,
  // the local load feed workload `feed-load` replays (bench/load-feed.mjs; nothing connects to it
  // unless a page shows its symbols). The data worker reads `__FEEDS__` at startup: left undefined,
  // it threw and never answered.
  define: { __TEST_HOOKS__: 'false', __FEEDS__: JSON.stringify(LOAD_FEEDS_CONFIG) },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: fileURLToPath(new URL('../node_modules/.tmp/bench-dist/', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // A profiled run (BENCH_PROFILE_DIR, bench/run.mjs) keeps the functions' names readable.
    ...(process.env.BENCH_PROFILE_DIR ? { minify: false } : {}),
    // The pages bundle the whole app; its chunk sizes are the app build's concern, not the bench's.
    chunkSizeWarningLimit: 10_000,
    rolldownOptions: { input: pages },
  },
  preview: {
    host: '127.0.0.1',
    port: 0,
    strictPort: true,
    open: false,
    // Cross-origin isolation: `performance.now()` then resolves 5 us instead of 100 us.
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
  },
});
