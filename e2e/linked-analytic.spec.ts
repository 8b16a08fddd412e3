import { expect, test } from '@playwright/test';
import { openFresh, openWithSavedWorkspace, panes, workspaceOf } from './support';

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

test("a histogram that joins a donut's link group keeps its symbol: a dataset's name is no market's; its Symbol picker changes it", async ({
  page,
}) => {
  // A donut as the app makes one (its symbol names its dataset) beside a histogram of SPX.
  const saved = JSON.parse(workspaceOf(['donut', 'histogram']));
  saved.panes.p1.symbol = 'Portfolio';
  await openWithSavedWorkspace(page, JSON.stringify(saved));
  const donut = panes(page).nth(0);
  const histogram = panes(page).nth(1);
  await expect(histogram.getByRole('combobox', { name: 'Symbol' })).toHaveValue('SPX');
  await donut.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Red' });
  await histogram.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Red' });
  // Joining adopts the group's symbol only from a member that shows a market's: the donut's
  // `Portfolio` is its dataset, and the histogram keeps SPX (it charted "Unknown symbol: Portfolio").
  await expect(histogram.getByRole('combobox', { name: 'Link group' })).toHaveValue(/red/i);
  await expect(histogram).toHaveAttribute('aria-label', 'SPX · Histogram');
  await expect(histogram.getByRole('checkbox', { name: 'SPX daily returns' })).toBeVisible();
  await expect(histogram.getByText(/Unknown symbol/)).toHaveCount(0);
  // The picker sets the group's symbol: the histogram charts AAPL, one undo step takes it back.
  await histogram.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
  await expect(histogram).toHaveAttribute('aria-label', 'AAPL · Histogram');
  await expect(histogram.getByRole('checkbox', { name: 'AAPL monthly returns' })).toBeVisible();
  // The donut, in the same group, shows its portfolio whatever the group's symbol.
  await expect(donut.getByRole('checkbox', { name: 'AAPL' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(histogram).toHaveAttribute('aria-label', 'SPX · Histogram');
});
