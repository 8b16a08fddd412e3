import { expect, test } from '@playwright/test';
import { chartReady, openFresh, panes, runFromPalette, visibleBars } from './support';

test('Show data table lists the bars in view with the chart’s values, only the visible rows in the page', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  await chartReady(page);
  const chart = panes(page).first();
  await chart.getByRole('button', { name: 'Show all data' }).click();
  const canvas = chart.locator('.chart-canvas');
  // As many bars as the chart can draw side by side (half a pixel each): over a thousand.
  await expect.poll(async () => (await visibleBars(canvas)).width).toBeGreaterThan(1000);
  const legend = (await chart.getByTestId('legend-values').textContent()) ?? '';
  const latestClose = /C ([\d,]+\.\d+)/.exec(legend)?.[1] ?? 'missing';

  await runFromPalette(page, 'Show data table');
  const dialog = page.getByRole('dialog', { name: 'Data table: SPX' });
  await expect(dialog).toBeVisible();
  // Its heading names the interval, as the pane's description does (SPX is daily).
  await expect(dialog.getByRole('heading')).toHaveText('SPX, daily bars in view');
  const table = dialog.getByRole('table');
  const rowCount = Number(await table.getAttribute('aria-rowcount'));
  // Every bar in view is in the table, and the table says so...
  const { from, to } = await visibleBars(canvas);
  expect(Math.abs(rowCount - 1 - (to - from))).toBeLessThanOrEqual(4);
  await expect(dialog.getByText(`${rowCount - 1} bars`)).toBeVisible();
  // ...while only the rows in the scroll view (and a few more) are in the page.
  const rendered = await table.getByRole('row').count();
  expect(rendered).toBeGreaterThan(10);
  expect(rendered).toBeLessThan(80);
  await expect(table.getByRole('row').nth(1)).toHaveAttribute('aria-rowindex', '2');
  await expect(table.getByRole('row').nth(2).getByRole('cell').nth(4)).toHaveText(
    /^[+-]?[\d,]+\.\d{2} \([+-]?[\d.]+%\)$/,
  );

  // The keyboard scrolls the table to its last row: the legend's latest bar.
  await dialog.getByRole('region', { name: 'Bars in view' }).focus();
  await page.keyboard.press('End');
  const lastRow = table.getByRole('row').last();
  await expect(lastRow).toHaveAttribute('aria-rowindex', String(rowCount));
  await expect(lastRow.getByRole('rowheader')).toHaveText(legend.replace(/^SPX/, '').slice(0, 12));
  await expect(lastRow.getByRole('cell').nth(3)).toHaveText(latestClose);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
});

test('Show data table on an analytic chart lists its items in the data cursor’s order, with their tooltips', async ({
  page,
}) => {
  await openFresh(page, ['donut', 'watchlist']);
  const pane = panes(page).first();
  await expect(pane.getByText('Loading data...')).toHaveCount(0);
  await pane.focus();
  await page.keyboard.press('ArrowRight');
  const reading = (await pane.getByRole('status', { name: 'Data cursor' }).textContent()) ?? '';
  const [, title = '', total = '0', value = ''] = /^(.*), 1 of (\d+): ([^,]+)/.exec(reading) ?? [];

  await runFromPalette(page, 'Show data table');
  const dialog = page.getByRole('dialog', { name: /^Data table: / });
  const table = dialog.getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(Number(total) + 1));
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText(title);
  await expect(first.getByRole('cell').first()).toHaveText(value);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
