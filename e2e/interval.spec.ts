import { expect, type Page, test } from '@playwright/test';
import { barsInView, chartReady, openFresh, paneDescription, panes, runFromPalette } from './support';

/** A workspace of one SPX candlestick chart, drawn: its pane and the pane's Interval picker. */
async function openChart(page: Page) {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartReady(pane);
  return { pane, picker: pane.getByRole('combobox', { name: 'Interval' }) };
}

test('a chart’s interval: from the toolbar, typed on the chart and from the palette, resampled by the worker, undoable', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  const pane = panes(page).first();
  await chartReady(pane);
  const legend = pane.getByTestId('legend-values');
  await expect(pane).toHaveAccessibleDescription(/^SPX, daily bars, /);
  await expect(legend).toContainText('Apr 17, 2020');

  // The toolbar: weeks, stamped with their Mondays (April 17, 2020 was a Friday).
  const picker = pane.getByRole('combobox', { name: 'Interval' });
  await picker.selectOption('1W');
  await expect(pane).toHaveAccessibleDescription(/^SPX, weekly bars, /);
  await expect(legend).toContainText('Apr 13, 2020');
  await expect(legend).toContainText('C 2,874.56');

  // Typed on the focused chart: 1, M, Enter.
  await pane.focus();
  await page.keyboard.press('1');
  const box = page.getByRole('dialog', { name: 'Chart interval' });
  await expect(box.getByRole('textbox', { name: 'Interval' })).toHaveValue('1');
  await page.keyboard.type('M');
  await page.keyboard.press('Enter');
  await expect(box).toHaveCount(0);
  await expect(pane).toHaveAccessibleDescription(/^SPX, monthly bars, /);
  await expect(legend).toContainText('Apr 01, 2020');
  await expect(picker).toHaveValue('1M');

  // Finer than the data: said, not applied.
  await pane.focus();
  await page.keyboard.press('5');
  await page.keyboard.press('Enter');
  await expect(box.getByRole('alert')).toContainText('no bars finer than its own');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveValue('1M');

  // Each change is one step; the palette has the presets.
  await page.keyboard.press('Control+z');
  await expect(picker).toHaveValue('1W');
  await page.keyboard.press('Control+z');
  await expect(picker).toHaveValue('');
  await expect(pane).toHaveAccessibleDescription(/^SPX, daily bars, /);
  await runFromPalette(page, 'Interval: 1 week');
  await expect(picker).toHaveValue('1W');
  await page.reload();
  await expect(panes(page).first().getByRole('combobox', { name: 'Interval' })).toHaveValue('1W');
  await expect(panes(page).first()).toHaveAccessibleDescription(/^SPX, weekly bars, /);
});

test('a live series resampled to hours and zoomed out is described by its interval, not by its merged bars', async ({
  page,
}) => {
  // At this width the hourly view's bars were named '3-minute bars' (the step into the live tail,
  // divided by the coarse level's factor).
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pane, picker } = await openChart(page);
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-10M');
  await expect(pane).toHaveAccessibleDescription(/^SYN-10M, 1-minute bars, /, { timeout: 20_000 });
  // The hourly bars open on their latest year as a coarse level (each bar merges many hours), the
  // live tail after them at its own factor: the description still says hours.
  for (const [interval, name] of [
    ['1h', '1-hour bars'],
    ['4h', '4-hour bars'],
  ] as const) {
    await picker.selectOption(interval);
    await expect(pane).toHaveAccessibleDescription(new RegExp(`^SYN-10M, ${name}, `), { timeout: 20_000 });
  }
});

test('an interval change keeps the time range in view, widened to the left when it would hold too few bars', async ({
  page,
}) => {
  const { pane, picker } = await openChart(page);
  // The pane's description: '... Apr 17, 2019 to Apr 17, 2020 (253 bars): ...'.
  const bars = () => barsInView(pane);

  // A year of days becomes the same year of weeks.
  await pane.getByRole('button', { name: 'Show 1Y' }).click();
  await expect.poll(bars).toBeGreaterThan(240);
  await picker.selectOption('1W');
  await expect(pane).toHaveAccessibleDescription(/^SPX, weekly bars, /);
  await expect.poll(bars).toBeGreaterThan(48);
  expect(await bars()).toBeLessThan(56);

  // A month of days would be one monthly bar: 30 months instead, ending where the view ended.
  await picker.selectOption('');
  await expect(pane).toHaveAccessibleDescription(/^SPX, daily bars, /);
  await pane.getByRole('button', { name: 'Show 1M' }).click();
  await expect.poll(bars).toBeLessThan(25);
  await picker.selectOption('1M');
  await expect(pane).toHaveAccessibleDescription(/^SPX, monthly bars, /);
  await expect.poll(bars).toBeGreaterThanOrEqual(30);
  expect(await bars()).toBeLessThan(34);
  await expect(pane).toHaveAccessibleDescription(/to Apr 01, 2020 \(\d+ bars\)/);
});

test('a finer interval shows its own bars, not months of them merged: from days to minutes the view ends where it ended', async ({
  page,
}) => {
  const { pane, picker } = await openChart(page);
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
  await picker.selectOption('1D');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, daily bars, /, { timeout: 20_000 });
  await pane.getByRole('button', { name: 'Show all data' }).click();
  const description = () => paneDescription(pane);
  const bars = () => barsInView(pane);
  const lastDay = async () => /to (\w{3} \d{2}, \d{4})/.exec(await description())?.[1];
  // About 70 days of minutes, every one in view.
  await expect.poll(bars).toBeGreaterThan(60);
  const end = await lastDay();
  const plotWidth = (await pane.locator('.chart-canvas').boundingBox())?.width ?? 0;

  // At 1 minute: as many bars as the plot shows unmerged (about one per 3 px), not 100,000 merged.
  await picker.selectOption('');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 1-minute bars, /, { timeout: 20_000 });
  await expect.poll(bars).toBeGreaterThan(plotWidth / 4);
  expect(await bars()).toBeLessThan(plotWidth / 2);
  expect(await lastDay()).toBe(end);
  await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-factor-in-view', '1');
  // The daily view reached the latest day: the minutes end at its latest minute, not at its start.
  const lastTime = async () => /to (\w{3} \d{2}, \d{4}, \d\d:\d\d)/.exec(await description())?.[1];
  const kept = await lastTime();
  const keptBars = await bars();
  await pane.getByRole('button', { name: 'Show all data' }).click();
  await expect.poll(bars).toBeGreaterThan(keptBars);
  expect(await lastTime()).toBe(kept);
});

test("the toolbar's interval picker offers bars finer than the data's disabled, with the reason", async ({
  page,
}) => {
  const { pane, picker } = await openChart(page);
  // SPX holds daily bars: no minutes or hours to make, weeks and months to merge.
  await expect(picker.getByRole('option', { name: '5m', exact: true })).toBeDisabled();
  await expect(picker.getByRole('option', { name: '5m', exact: true })).toHaveAttribute(
    'title',
    'SPX has no bars finer than its own; 5m cannot be made from them',
  );
  await expect(picker.getByRole('option', { name: '1W', exact: true })).toBeEnabled();
  await picker.selectOption('1W');
  await expect(pane).toHaveAccessibleDescription(/^SPX, weekly bars, /);
});

test('a symbol whose data is coarser than the chart’s interval shows its own bars and says so; the interval stays for the next symbol', async ({
  page,
}) => {
  const { pane, picker } = await openChart(page);
  await picker.selectOption('1W');
  await expect(pane).toHaveAccessibleDescription(/^SPX, weekly bars, /);
  // MSFT holds monthly closes: no weeks to make from them. The chart shows months, not "1W".
  const symbol = pane.getByRole('combobox', { name: 'Symbol' });
  await symbol.selectOption('MSFT');
  await expect(pane).toHaveAccessibleDescription(/^MSFT, monthly closes, /, { timeout: 20_000 });
  await expect(picker).toHaveValue('1W');
  await expect(pane.getByText(/^Own bars/)).toBeVisible();
  await expect(pane.getByText(/^Own bars/)).toHaveAttribute(
    'title',
    'MSFT has no bars finer than its own; 1W cannot be made from them',
  );
  // Back on SPX the interval it was given applies again.
  await symbol.selectOption('SPX');
  await expect(pane).toHaveAccessibleDescription(/^SPX, weekly bars, /, { timeout: 20_000 });
  await expect(pane.getByText(/^Own bars/)).toHaveCount(0);
});

test('a switch back to an interval shown before draws its kept bars at once, without a loading step, and stays live', async ({
  page,
}) => {
  const { pane, picker } = await openChart(page);
  const chart = pane.locator('.chart-canvas');
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-1M');
  await expect(pane).toHaveAccessibleDescription(/^SYN-1M, 1-minute bars, /, { timeout: 20_000 });
  await expect(chart).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  await picker.selectOption('5m');
  await expect(pane).toHaveAccessibleDescription(/^SYN-1M, 5-minute bars, /, { timeout: 20_000 });
  await expect(chart).toHaveAttribute('data-live', 'true', { timeout: 20_000 });

  // Every "Loading data..." the pane shows from here on is counted, however briefly it is shown.
  await pane.evaluate((element) => {
    const seen = { loading: 0 };
    (window as unknown as { loadingSeen: typeof seen }).loadingSeen = seen;
    new MutationObserver(() => {
      if (element.textContent?.includes('Loading data...')) seen.loading++;
    }).observe(element, { childList: true, subtree: true, characterData: true });
  });
  const loadingSeen = () =>
    page.evaluate(() => (window as unknown as { loadingSeen: { loading: number } }).loadingSeen.loading);

  // Back to minutes, then to five minutes again: both were shown before.
  await picker.selectOption('');
  await expect(pane).toHaveAccessibleDescription(/^SYN-1M, 1-minute bars, /);
  await picker.selectOption('5m');
  await expect(pane).toHaveAccessibleDescription(/^SYN-1M, 5-minute bars, /);
  expect(await loadingSeen()).toBe(0);

  // The kept bars are the live chart's: its feed goes on moving the last bar.
  await expect(chart).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  const updates = Number(await chart.getAttribute('data-live-updates'));
  await expect
    .poll(async () => Number(await chart.getAttribute('data-live-updates')))
    .toBeGreaterThan(updates);
  await expect(pane.getByText('Loading data...')).toHaveCount(0);

  // A symbol never shown in this pane still loads as before (and the count above would have seen it).
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 5-minute bars, /, { timeout: 20_000 });
  expect(await loadingSeen()).toBeGreaterThan(0);
});
