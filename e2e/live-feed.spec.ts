import { expect, type Locator, type Page, test } from '@playwright/test';
import { openFresh, panes, runFromPalette } from './support';

/** Switches the first pane to a symbol through its symbol picker, as a person does. */
async function showSymbol(page: Page, symbol: string): Promise<Locator> {
  const pane = panes(page).first();
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
  await expect(pane).toHaveAttribute('aria-label', `${symbol} · Candlestick`);
  await expect(page.getByText('Loading data...')).toHaveCount(0);
  return pane;
}

async function liveUpdates(chart: Locator): Promise<number> {
  return Number((await chart.getAttribute('data-live-updates')) ?? 0);
}

test.describe('live feed', () => {
  test('a live pane updates its last bar; Pause live feed stops it, Resume live feed restarts it', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    // SPX is history (2000-2020): no live feed, no indicator.
    await expect(page.locator('.chart-canvas[data-visible-from]')).toBeAttached();
    await expect(page.getByTestId('live-feed-indicator')).toHaveCount(0);
    const pane = await showSymbol(page, 'SYN-100K');
    const chart = pane.locator('.chart-canvas');
    await expect(chart).toHaveAttribute('data-live', 'true');
    const indicator = page.getByRole('button', { name: 'Simulator: live', exact: true });
    await expect(indicator).toBeVisible();

    // The legend shows the latest bar (nothing is hovered) and follows the feed.
    await page.mouse.move(0, 0);
    const legend = pane.getByTestId('legend-values');
    const first = await legend.textContent();
    await expect.poll(() => legend.textContent()).not.toBe(first);
    await expect.poll(() => liveUpdates(chart)).toBeGreaterThan(3);
    const steps = await page.evaluate(() => window.__workstation?.historyDepth());

    await runFromPalette(page, 'Pause live feed');
    await expect(page.getByRole('button', { name: 'Paused', exact: true })).toBeVisible();
    // Updates the worker posted before it saw the pause may still land (later under load): wait until
    // the count holds still for 400 ms; from then on nothing may move.
    await expect
      .poll(async () => {
        const before = await liveUpdates(chart);
        await page.waitForTimeout(400);
        return (await liveUpdates(chart)) === before;
      })
      .toBe(true);
    const pausedCount = await liveUpdates(chart);
    const pausedLegend = await legend.textContent();
    await page.waitForTimeout(1500);
    expect(await liveUpdates(chart)).toBe(pausedCount);
    expect(await legend.textContent()).toBe(pausedLegend);
    // Pausing is session state, not a workspace edit: no undo step.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps);

    await runFromPalette(page, 'Resume live feed');
    await expect(indicator).toBeVisible();
    await expect.poll(() => liveUpdates(chart)).toBeGreaterThan(pausedCount);
    await expect.poll(() => legend.textContent()).not.toBe(pausedLegend);

    // The status-bar button toggles too.
    await indicator.click();
    await expect(page.getByRole('button', { name: 'Paused', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Paused', exact: true }).click();
    await expect(indicator).toBeVisible();
  });

  test("a study's legend value follows the feed on a live pane", async ({ page }) => {
    test.setTimeout(60_000);
    await openFresh(page, ['candlestick']);
    const pane = await showSymbol(page, 'SYN-100K');
    await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true');
    await runFromPalette(page, 'Add study: EMA 20');
    await page.mouse.move(0, 0);
    const value = pane.getByRole('group', { name: 'SYN-100K legend' }).locator('.legend-study-values');
    // Written with the series' decimals: three for SYN-100K's computed prices (85 to 100).
    await expect(value).toHaveText(/^\d+\.\d{3}$/);
    const first = await value.textContent();
    // The simulated path is seeded: the value changes after a fixed number of ticks (about 5 s at
    // 5 ticks a second). The ticks come by the wall clock, which a loaded machine stretches.
    await expect.poll(() => value.textContent(), { timeout: 30_000 }).not.toBe(first);
  });

  test('a second pane on a live symbol starts from the bars the feed already made', async ({ page }) => {
    await openFresh(page, ['candlestick', 'candlestick']);
    const [a, b] = [panes(page).nth(0), panes(page).nth(1)];
    await a.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
    await expect(a.locator('.chart-canvas')).toHaveAttribute('data-live', 'true');
    // Let the first pane's feed move on (a new bar every 10 s at the default rate; the last bar moves).
    await expect.poll(() => liveUpdates(a.locator('.chart-canvas'))).toBeGreaterThan(5);
    await b.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
    await expect(b.locator('.chart-canvas')).toHaveAttribute('data-live', 'true');
    await runFromPalette(page, 'Pause live feed');
    await page.waitForTimeout(300);
    await page.mouse.move(0, 0);
    await expect(b.getByTestId('legend-values')).toHaveText(
      (await a.getByTestId('legend-values').textContent()) ?? '',
    );
    await runFromPalette(page, 'Resume live feed');
  });
});
