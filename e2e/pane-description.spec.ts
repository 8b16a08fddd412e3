import { expect, test } from '@playwright/test';
import { barsInView, chartReady, openFresh, panes } from './support';

test('a chart pane describes what it shows, and the description follows the range in view', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  await chartReady(page);
  const chart = panes(page).first();
  await expect(chart).toHaveAccessibleDescription(
    /^SPX, daily bars, \w{3} \d{2}, \d{4} to Apr 17, 2020 \((\d+) bars\): first close [\d,.]+, last close 2,874\.56, high [\d,.]+, low [\d,.]+, change [+-][\d,.]+ \([+-][\d.]+%\)\.$/,
  );
  const bars = () => barsInView(chart);
  const before = await bars();
  expect(before).toBeGreaterThan(100);

  await chart.getByRole('button', { name: 'Show 1M' }).click();
  await expect.poll(bars).toBeLessThan(30);
  await expect(chart).toHaveAccessibleDescription(/to Apr 17, 2020 \(\d+ bars\)/);
  // Panes with nothing to describe have no description rather than an empty one.
  await expect(panes(page).nth(1)).not.toHaveAttribute('aria-describedby');
});
