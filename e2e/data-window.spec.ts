import { expect, type Locator, test } from '@playwright/test';
import { chartReady, openFresh, panes, runFromPalette } from './support';

/** The value of one row of a data window section. */
const rowValue = (section: Locator, label: string) =>
  section
    .locator('.data-window-row')
    .filter({ has: section.page().getByText(label, { exact: true }) })
    .locator('dd');

test('the data window lists the values under the crosshair for the focused chart and its linked charts', async ({
  page,
}, info) => {
  await openFresh(page, ['candlestick', 'line']);
  await chartReady(page);
  const [first, second] = [panes(page).nth(0), panes(page).nth(1)];
  for (const pane of [first, second]) {
    await pane.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Blue' });
  }
  await second.focus();
  await runFromPalette(page, 'Add study: EMA 20');
  await first.focus();
  await runFromPalette(page, 'Show data window');

  const panel = page.getByRole('complementary', { name: 'Data window' });
  const own = panel.getByRole('region', { name: 'SPX · Candlestick' });
  const linked = panel.getByRole('region', { name: 'SPX · Line' });
  await expect(own).toBeVisible();
  await expect(linked).toBeVisible();
  // Nothing hovered: the latest bar, as the legend shows.
  await expect(rowValue(own, 'Time')).toHaveText('Apr 17, 2020');
  await expect(rowValue(linked, 'EMA 20')).toHaveText(/^\d{1,3}(,\d{3})*\.\d\d$/);
  await expect(rowValue(own, 'EMA 20')).toHaveCount(0);

  // Hover a bar in the middle of the first chart: both sections read that bar, as the legend does.
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3);
  const legend = first.getByTestId('legend-values');
  await expect(legend).not.toContainText('Apr 17, 2020');
  const date = (await legend.textContent())?.match(/[A-Z][a-z]{2} \d\d, \d{4}/)?.[0] ?? 'no date';
  const close = (await legend.textContent())?.match(/C ([\d,]+\.\d\d)/)?.[1] ?? 'no close';
  await expect(rowValue(own, 'Time')).toHaveText(date);
  await expect(rowValue(own, 'Close')).toHaveText(close);
  await expect(rowValue(linked, 'Time')).toHaveText(date);
  await expect(rowValue(linked, 'Close')).toHaveText(close);
  const path = info.outputPath('data-window.png');
  await page.screenshot({ path });
  await info.attach('data-window', { path, contentType: 'image/png' });

  // The pointer leaves: back to the latest bar. Closing it is not a workspace edit.
  await page.mouse.move(box.x + box.width + 200, box.y - 30);
  await expect(rowValue(own, 'Time')).toHaveText('Apr 17, 2020');
  const steps = await page.evaluate(() => window.__workstation?.historyDepth());
  await panel.getByRole('button', { name: 'Close data window' }).click();
  await expect(panel).toHaveCount(0);
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps);
});
