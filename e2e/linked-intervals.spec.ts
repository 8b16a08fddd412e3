import { expect, type Locator, test } from '@playwright/test';
import { chartMinuteBars, chartReady, openFresh, panes, runFromPalette } from './support';

function rowOf(grid: Locator, symbol: string): Locator {
  return grid
    .getByRole('row')
    .filter({ has: grid.page().getByRole('gridcell', { name: symbol, exact: true }) });
}

test('linked charts share their interval unless one keeps its own: a 1D and a 5m pair follows a watchlist click', async ({
  page,
}, info) => {
  await openFresh(page, ['watchlist', 'candlestick', 'line']);
  const [list, daily, minutes] = [panes(page).nth(0), panes(page).nth(1), panes(page).nth(2)];
  await chartReady(daily);
  for (const pane of [list, daily, minutes]) {
    await pane.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Blue' });
  }

  // The watchlist takes two intraday symbols (simulated minute bars) from the palette.
  const grid = list.getByRole('grid', { name: 'Watchlist' });
  for (const symbol of ['SYN-100K', 'SYN-1M']) {
    await list.focus();
    await runFromPalette(page, 'Add symbol to watchlist…');
    const dialog = page.getByRole('dialog', { name: 'Add symbol to watchlist' });
    await dialog.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(rowOf(grid, symbol)).toHaveCount(1, { timeout: 20_000 });
  }

  // A click drives the group: both charts show the symbol's own minute bars.
  await rowOf(grid, 'SYN-100K').click();
  await expect(daily).toHaveAccessibleDescription(/^SYN-100K, 1-minute bars, /, { timeout: 20_000 });
  await expect(minutes).toHaveAccessibleDescription(/^SYN-100K, 1-minute bars, /, { timeout: 20_000 });

  // Linked charts share the interval: one picked on the first goes to the second.
  await daily.getByRole('combobox', { name: 'Interval' }).selectOption('1D');
  await expect(daily).toHaveAccessibleDescription(/^SYN-100K, daily bars, /);
  await expect(minutes).toHaveAccessibleDescription(/^SYN-100K, daily bars, /);

  // The second keeps its own: 5 minutes there leaves the first on days.
  await minutes.focus();
  await runFromPalette(page, 'Keep own interval in link group');
  await minutes.getByRole('combobox', { name: 'Interval' }).selectOption('5m');
  await expect(minutes).toHaveAccessibleDescription(/^SYN-100K, 5-minute bars, /);
  await expect(daily).toHaveAccessibleDescription(/^SYN-100K, daily bars, /);

  // The watchlist click moves the pair together, each on its own interval; one undo step brings it back.
  await rowOf(grid, 'SYN-1M').click();
  await expect(daily).toHaveAccessibleDescription(/^SYN-1M, daily bars, /, { timeout: 20_000 });
  await expect(minutes).toHaveAccessibleDescription(/^SYN-1M, 5-minute bars, /, { timeout: 20_000 });
  const path = info.outputPath('linked-pair.png');
  await page.screenshot({ path });
  await info.attach('linked 1D and 5m pair', { path, contentType: 'image/png' });
  await page.keyboard.press('Control+z');
  await expect(daily).toHaveAccessibleDescription(/^SYN-100K, daily bars, /, { timeout: 20_000 });
  await expect(minutes).toHaveAccessibleDescription(/^SYN-100K, 5-minute bars, /, { timeout: 20_000 });

  // Following the group again takes its interval at once.
  await minutes.focus();
  await runFromPalette(page, "Follow link group's interval");
  await expect(minutes).toHaveAccessibleDescription(/^SYN-100K, daily bars, /);

  // Delete on a row removes it from the list (one step); undo puts it back.
  await rowOf(grid, 'SYN-1M').focus();
  await page.keyboard.press('Delete');
  await expect(rowOf(grid, 'SYN-1M')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(rowOf(grid, 'SYN-1M')).toHaveCount(1, { timeout: 20_000 });
});

test("a chart put in a linked donut's place joins the group: its symbol and its interval", async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'donut']);
  const [chart, donut] = [panes(page).nth(0), panes(page).nth(1)];
  await chartReady(chart);
  for (const pane of [chart, donut]) {
    await pane.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Red' });
  }
  // The group's symbol is not a new chart's default (SPX).
  await chartMinuteBars(chart, 'SYN-100K');
  await chart.getByRole('combobox', { name: 'Interval' }).selectOption('1W');
  await expect(chart).toHaveAccessibleDescription(/^SYN-100K, weekly bars, /);
  await donut.focus();
  await runFromPalette(page, 'Replace pane with: Candlestick');
  const placed = panes(page).nth(1);
  await expect(placed).toHaveAttribute('aria-label', 'SYN-100K · Candlestick');
  await expect(placed.getByRole('combobox', { name: 'Interval' })).toHaveValue('1W');
  await expect(placed).toHaveAccessibleDescription(/^SYN-100K, weekly bars, /, { timeout: 20_000 });
});
