import { expect, type Page, test } from '@playwright/test';
import { ALL_RULES, axeSerious } from './axe-support';
import { chartReady, openFresh, panes, runFromPalette } from './support';

const searchBox = (page: Page) =>
  page.getByRole('dialog', { name: 'Symbol search' }).getByRole('combobox', { name: 'Symbol' });
const options = (page: Page) => page.getByRole('dialog', { name: 'Symbol search' }).getByRole('option');

async function focusedChart(page: Page) {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartReady(pane);
  await pane.locator('.chart-canvas').click();
  return pane;
}

test.describe('typing a ticker on a focused chart', () => {
  test('letters open the symbol search with them; Enter charts the best match, one undo step', async ({
    page,
  }) => {
    const pane = await focusedChart(page);
    const steps = await page.evaluate(() => window.__workstation?.historyDepth() ?? 0);
    await page.keyboard.type('aapl');
    await expect(searchBox(page)).toHaveValue('AAPL');
    // The exact ticker first; the symbols whose name has a word starting so would follow.
    await expect(options(page).first()).toContainText('AAPL');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    expect(await axeSerious(page, page.getByRole('dialog', { name: 'Symbol search' }), ALL_RULES)).toEqual(
      [],
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Symbol search' })).toHaveCount(0);
    await expect(pane).toHaveAttribute('aria-label', 'AAPL · Candlestick');
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps + 1);
    // Focus is back on the chart: the next letters search again.
    await page.keyboard.type('s');
    await expect(searchBox(page)).toHaveValue('S');
    await page.keyboard.press('Escape');
    await expect(pane).toHaveAttribute('aria-label', 'AAPL · Candlestick');
  });

  test('ranks tickers, then prefixes, then words of names; arrows move, Escape cancels with no step', async ({
    page,
  }) => {
    const pane = await focusedChart(page);
    const steps = await page.evaluate(() => window.__workstation?.historyDepth() ?? 0);
    await page.keyboard.type('s');
    // Tickers starting with S, shortest first (SPX before the simulated SYN-… series).
    await expect(options(page).first()).toContainText('SPX');
    await expect(options(page).nth(1)).toContainText('SYN-');
    // A word of a name: "Replay" begins the e2e feeds' names, in their symbols' names; no ticker starts so.
    await searchBox(page).fill('repl');
    await expect(options(page)).toHaveText([
      /^BTCUSDT\s*Replay\s*live feed$/,
      /^ETHUSDT\s*Replay\s*live feed$/,
      /^SOLUSDT\s*Replay bars\s*live feed$/,
      /^ADAUSDT\s*Replay bars\s*live feed$/,
    ]);
    await searchBox(page).fill('apple');
    await expect(options(page)).toHaveText([/^AAPL\s*Apple/]);
    await searchBox(page).fill('syn');
    const second = (await options(page).nth(1).locator('.symbol-search-ticker').textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Symbol search' })).toHaveCount(0);
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps);
    // Again, and Enter on the one the arrow chose.
    await page.keyboard.type('syn');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(pane).toHaveAttribute('aria-label', `${second} · Candlestick`);
    await expect(page.getByRole('status').filter({ hasText: 'No symbol matches' })).toHaveCount(0);
  });

  test('Shift+Enter compares the symbol instead; digits still open the interval box', async ({ page }) => {
    const pane = await focusedChart(page);
    await page.keyboard.type('ibm');
    await page.keyboard.press('Shift+Enter');
    await expect(page.getByRole('dialog', { name: 'Symbol search' })).toHaveCount(0);
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    await expect(pane.getByRole('group', { name: 'SPX legend' })).toContainText('IBM %');
    await page.keyboard.press('5');
    await expect(page.getByRole('dialog', { name: 'Chart interval' }).getByRole('textbox')).toHaveValue('5');
    await page.keyboard.press('Escape');
    // A text with no match says so.
    await page.keyboard.type('qqq');
    await expect(page.getByRole('dialog', { name: 'Symbol search' })).toContainText(
      'No symbol matches “QQQ”',
    );
    await expect(options(page)).toHaveCount(0);
  });

  test('Change symbol… from the palette opens it empty, listing every symbol', async ({ page }) => {
    const pane = await focusedChart(page);
    await runFromPalette(page, 'Change symbol…');
    await expect(searchBox(page)).toHaveValue('');
    await expect.poll(() => options(page).count()).toBeGreaterThan(8);
    await searchBox(page).fill('msft');
    await page.keyboard.press('Enter');
    await expect(pane).toHaveAttribute('aria-label', 'MSFT · Candlestick');
  });
});
