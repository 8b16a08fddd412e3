import { expect, test } from '@playwright/test';
import { openFresh, paneIds, panes, runFromPalette } from './support';

test('a failing pane shows its error and a reload button; the rest of the workspace keeps working', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openFresh(page);
  await runFromPalette(page, 'Split pane right');
  await expect(panes(page)).toHaveCount(2);
  const [healthyId, failingId] = await paneIds(page);
  const healthy = page.locator(`[data-pane-id="${healthyId}"]`);
  const failing = page.locator(`[data-pane-id="${failingId}"]`);
  await expect(failing.getByRole('grid', { name: 'Watchlist' })).toBeVisible();

  await page.evaluate((id) => window.__workstation?.failPane(id), failingId ?? '');

  const error = failing.getByRole('alert');
  await expect(error).toContainText('This pane failed.');
  await expect(error).toContainText('Simulated failure of this pane (test hook)');
  await expect(failing.getByRole('grid', { name: 'Watchlist' })).toHaveCount(0);
  // The title bar of the failed pane and the other pane are untouched.
  await expect(failing.getByRole('button', { name: 'Close pane' })).toBeVisible();
  await expect(healthy.getByRole('grid', { name: 'Watchlist' })).toContainText('2,874.56');
  await expect(healthy.getByRole('alert')).toHaveCount(0);

  // The app keeps working: the healthy pane selects rows, splits and undoes.
  await healthy.getByRole('row').filter({ hasText: 'MSFT' }).click();
  await expect(healthy.getByRole('row').filter({ hasText: 'MSFT' })).toHaveAttribute('aria-selected', 'true');
  await healthy.getByRole('button', { name: 'Split pane down' }).click();
  await expect(panes(page)).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(panes(page)).toHaveCount(2);
  await expect(error).toBeVisible();

  await failing.getByRole('button', { name: 'Reload pane' }).click();
  await expect(failing.getByRole('alert')).toHaveCount(0);
  await expect(failing.getByRole('grid', { name: 'Watchlist' })).toContainText('2,874.56');
  expect(pageErrors).toEqual([]);
});
