import { defineConfig } from '@playwright/test';
import { FEED_PORT } from './e2e/feed-support';
import { HISTORY_BASE, HISTORY_DIR, HISTORY_PORT, HISTORY_TRADES } from './e2e/history-support';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  // Per port, so parallel runs on one machine do not delete each other's traces.
  outputDir: `test-results/${port}`,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1400, height: 900 },
    // A failed test keeps its trace (actions, console, network, errors; Playwright also writes the page's
    // ARIA snapshot at the failure), without the screencast: encoding it took a fifth of the suite's time
    // in Debian's Chromium 150 (229 tests in 20.6 min without it, 26.1 min with it, on 2 cores). DOM
    // snapshots of every action cost about a seventh more (29 drawing tests: 2.2 min with, 1.9 without),
    // and the whole run has 20 min: `E2E_TRACE_SNAPSHOTS=1` records them, to look into a failure again.
    // Tests that look at pixels attach their own screenshots.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
    },
    launchOptions: {
      executablePath: chromium,
      // Software WebGL (SwiftShader) and no background traffic on this closed network (docs/headless-chromium.md).
      args: [
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // The history source's ClickHouse (Debian's clickhouse-server, installed when missing), its market
      // loaded anew; ready once its symbols are listed (they go in last), stopped with the run.
      command: `node scripts/history/history.mjs --foreground --reload --port ${HISTORY_PORT} --dir ${HISTORY_DIR} --trades ${HISTORY_TRADES}`,
      url: `${HISTORY_BASE}/?query=${encodeURIComponent('SELECT throwIf(count() = 0) FROM market.symbols')}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      // The production build in e2e mode (the user's bundle plus the test hooks), served with the real
      // Content-Security-Policy header.
      command: `npx vite build --mode e2e --logLevel warn --outDir .e2e-dist/${port} --emptyOutDir && npx vite preview --outDir .e2e-dist/${port} --port ${port} --strictPort`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      // One real feed, the replay server that e2e/feed.spec.ts starts (its origin, and only it, joins the
      // CSP's connect-src). Other tests never chart its symbols, so nothing connects to it.
      // The history source (a ClickHouse server, above) joins it too.
      env: {
        FEEDS_CONFIG: 'e2e/fixtures/feeds.e2e.json',
        FEED_PORT: String(FEED_PORT),
        HISTORY_PORT: String(HISTORY_PORT),
      },
    },
  ],
});
