import { expect, test } from '@playwright/test';
import { openFresh, panes } from './support';

test.describe('a data engine that stops answering', () => {
  test('is replaced within seconds: the waiting pane loads and the user is told', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    const chart = pane.locator('.chart-canvas');
    await expect(chart).toHaveAttribute('data-visible-to', /\d/);
    await expect(pane.getByText('Loading data...')).toHaveCount(0);
    const before = await page.evaluate(() => window.__engine?.workerGeneration ?? 0);

    // The worker spins for ever; the next request (another symbol) gets no answer from it.
    await page.evaluate(() => window.__engine?.hang());
    await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
    await expect(pane.getByText('Loading data...')).toBeVisible();

    // The watchdog notices the silence, starts a new worker and sends the request again.
    await expect(
      page.getByRole('alert').filter({ hasText: 'The data engine stopped responding' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(pane.getByText('Loading data...')).toHaveCount(0, { timeout: 10_000 });
    await expect(pane.getByTestId('legend-values')).toContainText('AAPL');
    await expect(chart).toHaveAttribute('data-visible-to', /\d/);
    expect(await page.evaluate(() => window.__engine?.workerGeneration ?? 0)).toBe(before + 1);
  });
});
