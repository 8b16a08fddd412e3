import { expect, type Locator, type Page, test } from '@playwright/test';
import { query, stopServer } from '../scripts/history/clickhouse-server.mjs';
import { startHistory } from '../scripts/history/history.mjs';
import { HISTORY_BASE, HISTORY_DIR, HISTORY_PORT, HISTORY_TRADES } from './history-support';
import { chartReady, openFresh, panes, runFromPalette } from './support';

/**
 * Charts from the e2e build's history source: Debian's clickhouse-server with a generated market of
 * 400,000 trades over five years (playwright.config.ts starts it). In order, in one worker: the last
 * test stops the server and starts it again.
 */
test.describe.configure({ mode: 'serial' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Nov 20, 2026, 20:54` of UTC seconds, as the legend writes an intraday bar in UTC. */
function minuteText(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())}, ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** UTC ms of the first `Nov 20, 2026, 20:54` in a legend's text (NaN when there is none). */
function legendTime(text: string): number {
  const m = /([A-Z][a-z]{2}) (\d{2}), (\d{4}), (\d{2}):(\d{2})/.exec(text);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[3]), MONTHS.indexOf(m[1] ?? ''), Number(m[2]), Number(m[4]), Number(m[5]));
}

/** The symbol's last trade (time, price), as ClickHouse itself answers. */
async function lastTrade(symbol: string): Promise<{ time: number; price: number }> {
  const text = await query(
    HISTORY_BASE,
    `SELECT toUInt32(time), price FROM market.trades WHERE symbol = '${symbol}' ORDER BY time DESC, ms DESC LIMIT 1 FORMAT TabSeparated`,
  );
  const [time, price] = text.trim().split('\t').map(Number);
  return { time: time ?? 0, price: price ?? 0 };
}

/** Opens one chart and charts `symbol` through the symbol search, typed as a trader types it. */
async function chartBySearch(page: Page, typed: string, symbol: string): Promise<Locator> {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartReady(pane);
  await pane.locator('.chart-canvas').click();
  // `x` alone adds a cross-line: a ticker starting with X opens the search with Shift, as a person types it.
  if (typed.startsWith('X')) await page.keyboard.press('Shift+KeyX');
  await page.keyboard.type(typed.startsWith('X') ? typed.slice(1) : typed);
  const dialog = page.getByRole('dialog', { name: 'Symbol search' });
  await expect(dialog.getByRole('option').first()).toContainText(symbol);
  await page.keyboard.press('Enter');
  await expect(pane).toHaveAttribute('aria-label', `${symbol} · Candlestick`);
  await chartReady(pane);
  return pane;
}

/** The legend's reading at the first (`Home`) or last (`End`) bar, by the data cursor. */
async function legendAt(page: Page, pane: Locator, key: 'Home' | 'End'): Promise<string> {
  await pane.focus();
  await page.keyboard.press(key);
  const text = (await pane.getByTestId('legend-values').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

/** The text of the pane's description (aria-describedby). */
async function describedText(pane: Locator): Promise<string> {
  return pane.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}

async function dragBack(page: Page, pane: Locator): Promise<void> {
  const box = await pane.locator('.chart-canvas').boundingBox();
  if (!box) throw new Error('The chart has no box');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 8 });
  await page.mouse.up();
}

test('a ClickHouse symbol found by search charts its last trade, pages earlier bars in as the view goes back, and comes back after a reload', async ({
  page,
}) => {
  const last = await lastTrade('ABRA');
  const pane = await chartBySearch(page, 'abra', 'ABRA');
  // The data's own bars of a trades table are minutes: the last one is the last trade's.
  await expect.poll(() => legendAt(page, pane, 'End')).toContain(`ABRA${minuteText(last.time)}`);
  expect(await legendAt(page, pane, 'End')).toContain(`C ${last.price.toFixed(2)}`);
  const chart = pane.locator('.chart-canvas');
  await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
  // The pane's description starts at the first bar in view: all of the first page's minutes.
  const viewStart = async () => legendTime(await describedText(pane));
  await expect.poll(viewStart).toBeGreaterThan(Date.UTC(2026, 9, 1));
  // Its own bars are the trades by the minute, named so however thin the market (not by their spacing).
  await expect(pane).toHaveAccessibleDescription(/^ABRA, 1-minute bars, /);
  const firstBefore = await viewStart();
  // Dragged back past its first bar: the page before it comes in, and the pane loads again keeping
  // the view the user has (by time); all of what it holds then starts weeks earlier.
  // A drag in the frame a data cursor's step is still being applied in can be overridden by it:
  // dragged again, as a person would, until the view moved back.
  await expect(async () => {
    await dragBack(page, pane);
    const from = Number(await chart.getAttribute('data-visible-from'));
    const state = await chart.getAttribute('data-earlier-history');
    expect(from < -2 || state !== 'watching').toBe(true);
  }).toPass({ timeout: 10_000 });
  const allStart = async () => {
    await pane.getByRole('button', { name: 'Show All' }).click();
    return viewStart();
  };
  await expect.poll(allStart, { timeout: 20_000 }).toBeLessThan(firstBefore - 7 * 86_400_000);
  expect(await legendAt(page, pane, 'End')).toContain(`ABRA${minuteText(last.time)}`);

  await page.reload();
  const again = panes(page).first();
  await expect(again).toHaveAttribute('aria-label', 'ABRA · Candlestick');
  await chartReady(again);
  await expect.poll(() => legendAt(page, again, 'End')).toContain(`ABRA${minuteText(last.time)}`);
});

test('a view kept moving back (Shift+Left held) pages history in as it goes, not only once it stops', async ({
  page,
}) => {
  const pane = await chartBySearch(page, 'DOT-', 'DOT-USD');
  const chart = pane.locator('.chart-canvas');
  await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
  // Each ask for a page, as the chart element says it (data-earlier-history), with its time.
  await chart.evaluate((el) => {
    const asks: number[] = [];
    (window as unknown as { __asks: number[] }).__asks = asks;
    new MutationObserver(() => {
      if (el.getAttribute('data-earlier-history') === 'asking') asks.push(performance.now());
    }).observe(el, { attributes: true, attributeFilter: ['data-earlier-history'] });
  });
  // Each time the pane's description goes (aria-describedby taken off), from its first one on.
  await expect(pane).toHaveAttribute('aria-describedby', /./);
  await pane.evaluate((el) => {
    const state = window as unknown as { __undescribed: number };
    state.__undescribed = 0;
    new MutationObserver(() => {
      if (!el.getAttribute('aria-describedby')) state.__undescribed++;
    }).observe(el, { attributes: true, attributeFilter: ['aria-describedby'] });
  });
  await pane.focus();
  // A key every 50 ms for 6 s, each panning a tenth of the view back, as a held key repeats: the view
  // never holds still long enough to be judged once it stops.
  const until = Date.now() + 6_000;
  while (Date.now() < until) {
    await page.keyboard.press('Shift+ArrowLeft');
    await page.waitForTimeout(50);
  }
  const asks = await page.evaluate(() => (window as unknown as { __asks: number[] }).__asks.length);
  // Page after page was asked for while the keys went on (the market is sparse here: a page is a
  // few days of a trade every two hours, so a screen takes several).
  expect(asks).toBeGreaterThanOrEqual(3);
  // Through every page the pane kept a description: its new bars are of the same series.
  expect(await page.evaluate(() => (window as unknown as { __undescribed: number }).__undescribed)).toBe(0);
  // And the view came back weeks from where it opened, once it held.
  await expect.poll(async () => legendTime(await describedText(pane))).toBeLessThan(Date.UTC(2026, 9, 25));
});

test('a ClickHouse symbol at 1D holds five years of daily bars from its first trade, aggregated by the server', async ({
  page,
}, testInfo) => {
  const pane = await chartBySearch(page, 'XBT', 'XBT-USD');
  await pane.getByRole('combobox', { name: 'Interval' }).selectOption('1D');
  await chartReady(pane);
  await pane.getByRole('button', { name: 'Show All' }).click();
  // The market's first trade is at midnight on Nov 29, 2021 (UTC).
  await expect.poll(() => legendAt(page, pane, 'Home')).toMatch(/^XBT-USDNov 29, 2021/);
  const first = await query(
    HISTORY_BASE,
    "SELECT argMin(price, toUInt64(time) * 1000 + ms) FROM market.trades WHERE symbol = 'XBT-USD' AND toDate(time) = '2021-11-29' FORMAT TabSeparated",
  );
  expect(await legendAt(page, pane, 'Home')).toContain(
    `O ${Number(first).toLocaleString('en-US', { minimumFractionDigits: 1 })}`,
  );
  await expect(pane).toHaveAccessibleDescription(
    // Every day of the market's 5 x 364 has a trade of a pair that trades around the clock.
    /^XBT-USD, daily bars, Nov 29, 2021 to Nov 22, 2026 \(1820 bars\)/,
  );
  await page.screenshot({ path: testInfo.outputPath('clickhouse-five-years.png') });
});

test('a trade written to ClickHouse after the chart opened reaches the chart by itself, as a new bar', async ({
  page,
}) => {
  // LTC-USD: no other test reads it, so the trade written here changes nothing they check.
  const last = await lastTrade('LTC-USD');
  const pane = await chartBySearch(page, 'ltc', 'LTC-USD');
  await expect.poll(() => legendAt(page, pane, 'End')).toContain(`LTC-USD${minuteText(last.time)}`);
  await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true');
  // Three minutes after the last trade, at a price it never had: the source is polled (5 s).
  const time = last.time + 180;
  const price = Math.round((last.price + 1.11) * 100) / 100;
  const at = new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
  await query(
    HISTORY_BASE,
    `INSERT INTO market.trades (symbol, time, ms, price, size, side) VALUES ('LTC-USD', '${at}', 500, ${price}, 1.5, 1)`,
  );
  await expect
    .poll(() => legendAt(page, pane, 'End'), { timeout: 20_000 })
    .toContain(`LTC-USD${minuteText(time)}`);
  const legend = await legendAt(page, pane, 'End');
  expect(legend).toContain(`O ${price.toFixed(2)}`);
  expect(legend).toContain(`C ${price.toFixed(2)}`);
});

test('a ClickHouse server stopped: the pane and the feed status say so and what to do; started again, the chart loads by itself', async ({
  page,
}) => {
  const pane = await chartBySearch(page, 'bolt', 'BOLT');
  // Answering, and following the charted symbol for new trades.
  await runFromPalette(page, 'Show feed status');
  const desk = page
    .getByRole('dialog', { name: 'Feed status' })
    .getByRole('region', { name: 'Desk history' });
  await expect(desk.getByTestId('source-state')).toHaveText('answering');
  await expect(desk).toContainText('Symbols20Followed symbolsBOLT');
  await expect(desk).toContainText('New trades asked forevery 5 s');
  await page.keyboard.press('Escape');
  await stopServer(HISTORY_DIR);
  try {
    // Bars it has not brought yet: another interval.
    await pane.getByRole('combobox', { name: 'Interval' }).selectOption('4h');
    await expect(
      pane.getByText(
        `Could not load BOLT: ClickHouse at ${HISTORY_BASE} does not answer: is the server running? (npm run history starts one)`,
      ),
    ).toBeVisible({ timeout: 20_000 });
    // The status bar names the source first; its panel says why and what it follows.
    const indicator = page.getByTestId('feed-status-indicator');
    await expect(indicator).toHaveText('Feed Desk history: not answering');
    await indicator.click();
    const status = page
      .getByRole('dialog', { name: 'Feed status' })
      .getByRole('region', { name: 'Desk history' });
    await expect(status.getByTestId('source-state')).toHaveText(
      `not answering: ClickHouse at ${HISTORY_BASE} does not answer: is the server running? (npm run history starts one)`,
    );
    await expect(status).toContainText(`Server${HISTORY_BASE}`);
    await page.keyboard.press('Escape');
  } finally {
    await startHistory({ port: HISTORY_PORT, dir: HISTORY_DIR, trades: HISTORY_TRADES, log: () => {} });
  }
  await expect(pane.getByText(/Could not load BOLT/)).toHaveCount(0, { timeout: 20_000 });
  await chartReady(pane);
  await expect(pane).toHaveAccessibleDescription(/^BOLT, 4-hour bars/);
  await expect(page.getByTestId('feed-status-indicator')).not.toHaveText(/not answering/);
  await runFromPalette(page, 'Show feed status');
  await expect(
    page
      .getByRole('dialog', { name: 'Feed status' })
      .getByRole('region', { name: 'Desk history' })
      .getByTestId('source-state'),
  ).toHaveText('answering');
});
