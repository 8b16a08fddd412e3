import { expect, test } from '@playwright/test';
import { canvasOf, drawn } from './analytic-support';
import { chartReady, openDefault, openFresh, paneIds, panes, runFromPalette } from './support';

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

test('a pane whose drawing fails inside its chart library shows the error, not its last picture, and reloads', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openDefault(page);
  const chart = page.locator('[data-pane-kind="candlestick"]');
  const donut = page.locator('[data-pane-kind="donut"]');
  // The e2e build's default chart is its feed's symbol, with no server here: the shipped history.
  await chart.getByRole('combobox', { name: 'Symbol' }).selectOption('SPX');
  await chartReady(chart);
  await drawn(page, 'donut');
  const failure = 'Its chart could not be drawn (Simulated drawing failure (test hook)).';

  // lightweight-charts paints in its own frame: the drawings and session marks it calls into there
  // fail, as a crosshair move makes it paint.
  const chartId = (await chart.getAttribute('data-pane-id')) ?? '';
  await page.evaluate((id) => window.__workstation?.failDrawing(id), chartId);
  const box = await chart.locator('.chart-canvas').boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(chart.getByRole('alert')).toContainText('This pane failed.');
  await expect(chart.getByRole('alert')).toContainText(failure);
  await expect(chart.locator('.chart-canvas')).toHaveCount(0);
  await expect(donut.getByRole('alert')).toHaveCount(0);

  // The shared layer draws the analytic panes in one frame: the donut fails, the gauge still draws.
  const donutId = (await donut.getAttribute('data-pane-id')) ?? '';
  await page.evaluate((id) => window.__workstation?.failDrawing(id), donutId);
  const gaugeFrames = Number(await canvasOf(page, 'gauge').getAttribute('data-frames'));
  await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Financial Dark' });
  await expect(donut.getByRole('alert')).toContainText(failure);
  await drawn(page, 'gauge', gaugeFrames + 1);
  await expect(page.locator('[data-pane-kind="gauge"]').getByRole('alert')).toHaveCount(0);

  // Reloaded, each draws again.
  await chart.getByRole('button', { name: 'Reload pane' }).click();
  await chartReady(chart);
  await expect(chart.getByTestId('legend-values')).toContainText('SPX');
  await donut.getByRole('button', { name: 'Reload pane' }).click();
  await drawn(page, 'donut');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('an error nothing caught (a library frame, a timer, a promise) is told in a notice; the browser’s own notes are not', async ({
  page,
}) => {
  await openFresh(page);
  const notifications = page.getByRole('region', { name: 'Notifications' });
  // The browser's note of a ResizeObserver loop comes as an error event without an error.
  await page.evaluate(() =>
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    ),
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Value is null');
    });
  });
  const notice = notifications.getByRole('alert');
  await expect(notice).toHaveText(
    /^Something failed: Value is null\. The workspace keeps working; .*reload the page/,
  );
  await expect(notice).toHaveCount(1);
  await page.evaluate(() => {
    void Promise.reject(new Error('The feed closed'));
  });
  await expect(
    notifications.getByRole('alert').filter({ hasText: 'Something failed: The feed closed.' }),
  ).toHaveCount(1);
  await expect(notifications.getByRole('alert')).toHaveCount(2);
  await runFromPalette(page, 'Split pane right');
  await expect(panes(page)).toHaveCount(2);
});
