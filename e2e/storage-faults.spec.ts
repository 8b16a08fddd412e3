import { expect, test } from '@playwright/test';
import { fillStorage, openFresh, panes, runFromPalette } from './support';

test.describe('storage faults', () => {
  test('with storage full the edit stays, the status bar says so and offers Export, and saving resumes', async ({
    page,
  }) => {
    await openFresh(page, ['watchlist']);
    await fillStorage(page);

    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    const status = page.getByRole('contentinfo');
    await expect(status.getByRole('status').filter({ hasText: 'Not saved' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' }).first()).toBeVisible();
    const exportButton = status.getByRole('button', { name: 'Export workspace' });
    await expect(exportButton).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);

    // Room again: the retry saves the split without another edit, and the warning goes.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('filler.')) localStorage.removeItem(key);
    });
    await expect(status.getByText('Not saved')).toHaveCount(0, { timeout: 10_000 });
    await page.reload();
    await expect(panes(page)).toHaveCount(2);
  });
});

test('an unreadable workspace that cannot be copied aside (storage full) is never saved over', async ({
  page,
}) => {
  await openFresh(page, ['watchlist']);
  const unreadable = '{"version": 1, "layout": ';
  await page.evaluate((raw) => {
    localStorage.clear();
    localStorage.setItem('workstation.workspace', raw);
  }, unreadable);
  await fillStorage(page);
  await page.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'storage is too full to keep a copy' }),
  ).toBeVisible();
  await runFromPalette(page, 'Split pane right');
  await expect(panes(page)).toHaveCount(6);
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => localStorage.getItem('workstation.workspace'))).toBe(unreadable);
});
