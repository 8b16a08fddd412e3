import { expect, test } from '@playwright/test';
import { openFresh, panes } from './support';

test("an area chart of the pane symbol follows its link group: a watchlist click charts the symbol's closes, one undo step", async ({
  page,
}, info) => {
  await openFresh(page, ['watchlist', 'area']);
  const watchlist = panes(page).nth(0);
  const area = panes(page).nth(1);
  await expect(area).toHaveAttribute('aria-label', 'Portfolio value · Area');

  // The area shows a symbol's closes: the pane symbol, with a picker beside the dataset.
  await area.getByRole('combobox', { name: 'Dataset' }).selectOption({ label: 'Pane symbol' });
  await expect(area).toHaveAttribute('aria-label', 'SPX close · Area');
  await expect(area.getByRole('combobox', { name: 'Symbol' })).toHaveValue('SPX');
  await area.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
  await expect(area).toHaveAttribute('aria-label', 'AAPL close · Area');

  // Linked with the watchlist (Red): joining adopts the group's symbol, and a row click drives both.
  await watchlist.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Red' });
  await area.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Red' });
  await expect(area).toHaveAttribute('aria-label', 'SPX close · Area');
  const steps = await page.evaluate(() => window.__workstation?.historyDepth() ?? -1);
  await watchlist.getByRole('row', { name: /^MSFT/ }).click();
  await expect(area).toHaveAttribute('aria-label', 'MSFT close · Area');
  await expect(area.getByRole('combobox', { name: 'Symbol' })).toHaveValue('MSFT');
  await expect(area.getByText('Loading data...')).toHaveCount(0);
  await expect(area.getByText(/ closes$/)).toBeVisible();
  expect(await page.evaluate(() => window.__workstation?.historyDepth() ?? -1)).toBe(steps + 1);
  await page.screenshot({ path: info.outputPath('area-follows-watchlist.png') });

  await page.keyboard.press('Control+z');
  await expect(area).toHaveAttribute('aria-label', 'SPX close · Area');
});
