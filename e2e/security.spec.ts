import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { feedOrigins, parseFeedsConfig } from '../core/feed/feed-config';
import { FEED_PORT } from './feed-support';
import { HISTORY_BASE, HISTORY_PORT } from './history-support';
import { openFresh, panes, runFromPalette } from './support';

/**
 * The `connect-src` the build must send: this origin and exactly the configured feeds' and sources'
 * (the e2e build has the replay server on FEED_PORT and a ClickHouse on HISTORY_PORT; a user's
 * default build has none).
 */
function expectedConnectSources(): string[] {
  const config = parseFeedsConfig(readFileSync('e2e/fixtures/feeds.e2e.json', 'utf8'), {
    FEED_PORT: String(FEED_PORT),
    HISTORY_PORT: String(HISTORY_PORT),
  });
  if (!config.ok) throw new Error(config.error);
  const origins = feedOrigins(config.config);
  // The replay feed's socket and its history service (Binance's REST klines on the same port), and
  // the history source's ClickHouse.
  expect(origins).toEqual(
    [HISTORY_BASE, `http://127.0.0.1:${FEED_PORT}`, `ws://127.0.0.1:${FEED_PORT}`].sort(),
  );
  return ["'self'", ...origins];
}

const INCOMPATIBLE = 'Incompatible browser version. Please upgrade your browser.';

test.describe('security: nothing leaves the origin, the CSP holds, and old browsers are told why', () => {
  test('no request leaves the page origin but to the configured history source while loading and using the app', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const requested: string[] = [];
    page.context().on('request', (request) => requested.push(request.url()));

    await openFresh(page);
    await expect(page.getByRole('grid', { name: 'Watchlist' })).toContainText('2,874.56');
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    await runFromPalette(page, 'Theme: Vivid Dark');
    await runFromPalette(page, 'Show keyboard shortcuts');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Workspace', exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await panes(page).nth(1).getByRole('button', { name: 'Close pane' }).click();
    await expect(panes(page)).toHaveCount(1);

    // The data really came over the network (from the origin), so the list is not vacuously clean.
    expect(requested.some((url) => /sp500-2000.*\.csv$/.test(url))).toBe(true);
    // The engine lists the history source's symbols: the one origin besides the page's, as configured.
    expect(requested.some((url) => url.startsWith(`${HISTORY_BASE}/?`))).toBe(true);
    const foreign = requested.filter(
      (url) =>
        !(
          url.startsWith(`${origin}/`) ||
          url.startsWith(`${HISTORY_BASE}/`) ||
          url.startsWith('data:') ||
          url.startsWith('blob:')
        ),
    );
    expect(foreign).toEqual([]);
  });

  test('the CSP forbids inline script and eval, and injected script is stopped at the sink', async ({
    page,
  }) => {
    await openFresh(page);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).not.toBeNull();
    const directives = new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => [name, sources]),
    );
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(expectedConnectSources());
    for (const sources of directives.values()) {
      // No scheme-wide source (a bare `https:` lets in every host); origins are compared above.
      expect(sources.join(' ')).not.toMatch(/unsafe-eval|unsafe-inline|(^|\s)https?:(\s|$)|\*/);
    }

    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
      const attempt = (inject: () => void): string => {
        try {
          inject();
          return 'allowed';
        } catch (error) {
          return (error as Error).name;
        }
      };
      const script = attempt(() => {
        const element = document.createElement('script');
        element.textContent = 'window.__injected = "ran";';
        document.head.append(element);
      });
      const handler = attempt(() => {
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.__injectedHandler = "ran"');
        image.src = 'data:,not-an-image';
        document.body.append(image);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      let evalOutcome: string;
      try {
        // biome-ignore lint/security/noGlobalEval: checking that the CSP blocks eval.
        evalOutcome = String(eval('"eval ran"'));
      } catch (error) {
        evalOutcome = (error as Error).name;
      }
      const win = window as unknown as Record<string, unknown>;
      return {
        violations,
        script,
        handler,
        injected: win.__injected,
        ran: win.__injectedHandler,
        evalOutcome,
      };
    });
    // Trusted Types stop both injections at the sink, before the script-src check is even reached.
    expect(outcome.script).toBe('TypeError');
    expect(outcome.handler).toBe('TypeError');
    expect(outcome.violations).toContain('require-trusted-types-for');
    expect(outcome.injected).toBeUndefined();
    expect(outcome.ran).toBeUndefined();
    expect(outcome.evalOutcome).toBe('EvalError');
  });

  test('the server sends the policy as a header, which also forbids framing by any other page', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const header = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    const directives = new Map(
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('require-trusted-types-for')).toBe("'script'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe(expectedConnectSources().join(' '));
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|(^|\s)https?:(\s|;|$)|\*/);
    // And the app runs under it: the workspace appears and no style or script was refused.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await openFresh(page, ['candlestick', 'donut']);
    await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
    expect(refused).toEqual([]);
    // Trusted Types hold: a string reaches an HTML sink through no policy.
    const sink = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(sink).toBe('TypeError');
  });

  test("the data worker runs under the policy: it may reach the configured feed's socket and history, the history source, and no other", async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
    const workers = page.workers();
    expect(workers.length).toBeGreaterThan(0);
    for (const worker of workers) {
      // The worker's script comes with the policy: a worker runs under its own script's header.
      const response = await page.request.get(worker.url());
      expect(response.headers()['content-security-policy']).toContain(
        `connect-src ${expectedConnectSources().join(' ')}`,
      );
      // And the browser holds the worker to it: sockets opened from inside the worker itself.
      const tried = await worker.evaluate(
        async ([allowedPort, historySource]) => {
          const attempt = (url: string) =>
            new Promise<string>((resolve) => {
              const onViolation = (event: SecurityPolicyViolationEvent) => {
                if (event.blockedURI.startsWith(url.replace(/\/$/, ''))) {
                  resolve(`refused by ${event.effectiveDirective}`);
                }
              };
              self.addEventListener('securitypolicyviolation', onViolation);
              let socket: WebSocket;
              try {
                socket = new WebSocket(url);
              } catch (error) {
                resolve(`refused: ${(error as Error).name}`);
                return;
              }
              // No server listens on either port: an allowed socket simply fails to connect.
              socket.addEventListener('error', () => setTimeout(() => resolve('allowed, no server'), 200));
              socket.addEventListener('open', () => {
                socket.close();
                resolve('allowed, open');
              });
            });
          const fetched = (url: string) =>
            new Promise<string>((resolve) => {
              const onViolation = (event: SecurityPolicyViolationEvent) => {
                if (event.blockedURI.startsWith(new URL(url).origin))
                  resolve(`refused by ${event.effectiveDirective}`);
              };
              self.addEventListener('securitypolicyviolation', onViolation);
              fetch(url).then(
                (response) => setTimeout(() => resolve(`allowed, HTTP ${response.status}`), 200),
                // No server on that port here: allowed, and it failed to connect.
                () => setTimeout(() => resolve('allowed, no server'), 200),
              );
            });
          return {
            configured: await attempt(`ws://127.0.0.1:${allowedPort}/`),
            otherPort: await attempt(`ws://127.0.0.1:${allowedPort + 1}/`),
            otherHost: await attempt('wss://stream.binance.com:9443/stream'),
            history: await fetched(
              `http://127.0.0.1:${allowedPort}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1`,
            ),
            otherHistory: await fetched('https://api.binance.com/api/v3/klines?symbol=BTCUSDT&interval=1m'),
            source: await fetched(`${historySource}/ping`),
          };
        },
        [FEED_PORT, HISTORY_BASE] as const,
      );
      expect(tried.configured).toMatch(/^allowed/);
      expect(tried.otherPort).toBe('refused by connect-src');
      expect(tried.otherHost).toBe('refused by connect-src');
      expect(tried.history).toMatch(/^allowed/);
      expect(tried.otherHistory).toBe('refused by connect-src');
      expect(tried.source).toMatch(/^allowed/);
    }
  });

  test('the Inter font is served from the origin', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font' || /\.woff2?(\?|$)/.test(request.url()))
        fonts.push(request.url());
    });
    await openFresh(page);
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
    for (const url of fonts) expect(url.startsWith(`${origin}/`)).toBe(true);
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.includes('Inter') && f.status === 'loaded').length;
    });
    expect(loaded).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.fonts.check('13px "Inter Variable"'))).toBe(true);
  });

  test('a browser without ResizeObserver gets the incompatible-browser message and a console warning', async ({
    page,
  }) => {
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // An old browser: no ResizeObserver.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'ResizeObserver'));
    await page.goto('/');

    await expect(page.getByRole('alert')).toHaveText(INCOMPATIBLE);
    await expect(page.locator('#root')).toHaveText(INCOMPATIBLE);
    await expect(page.getByRole('main', { name: 'Workspace' })).toHaveCount(0);
    await expect.poll(() => warnings.some((w) => w.includes(INCOMPATIBLE))).toBe(true);
    expect(warnings.find((w) => w.includes(INCOMPATIBLE))).toContain('ResizeObserver');
    expect(errors).toEqual([]);
  });
});
