import { expect, test } from '@playwright/test';
import { colourCounts, openFresh, panes } from './support';

const UP = '#2e9e6a';
const DOWN = '#d9434f';

interface LongTask {
  start: number;
  duration: number;
}

// Playwright's trace records a DOM snapshot inside each action's task: it would be measured too.
test.use({ trace: 'off' });

test('a 1M-bar series loads without a long task on the main thread, and draws', async ({ page }) => {
  // Registered before the app starts, so no long task can slip by unobserved.
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await openFresh(page, ['candlestick']);
  await expect(page.locator('.chart-canvas[data-visible-from]')).toBeAttached();
  await expect(page.getByText('Loading data...')).toHaveCount(0);
  // Start-up (parsing the bundle, the first render) is not what is measured: the switch to 1M bars is.
  await page.waitForTimeout(500);
  const since = await page.evaluate(() => performance.now());

  const pane = panes(page).first();
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-1M');
  await expect(pane).toHaveAttribute('aria-label', 'SYN-1M · Candlestick');
  await expect(pane.getByTestId('legend-values')).toContainText('SYN-1M');
  await expect(page.getByText('Loading data...')).toHaveCount(0, { timeout: 20_000 });
  await expect(pane.getByTestId('legend-values')).toContainText(/C \d/);
  // A moment for the first frames (and the live tail request) to run.
  await page.waitForTimeout(1000);
  const longTasks = await page.evaluate(
    (from) =>
      (window as unknown as { __longTasks: LongTask[] }).__longTasks.filter(
        (t) => t.start + t.duration >= from,
      ),
    since,
  );
  expect(longTasks, 'long tasks (> 50 ms) on the main thread while SYN-1M loaded').toEqual([]);

  // The chart holds at most a level of bars, never the million.
  const factor = Number(await pane.locator('.chart-canvas').getAttribute('data-factor-in-view'));
  expect(factor).toBeGreaterThan(1);

  // Not blank: candles of both directions in the price area.
  await page.mouse.move(0, 0);
  const box = await pane.locator('.chart-canvas').boundingBox();
  if (!box) throw new Error('no chart');
  const [up = 0, down = 0] = await colourCounts(
    page,
    { x: box.x + 4, y: box.y + 4, width: box.width - 90, height: box.height * 0.6 },
    [UP, DOWN],
  );
  expect(up).toBeGreaterThan(150);
  expect(down).toBeGreaterThan(150);
  await page.screenshot({ path: 'test-results/large-series-syn-1m.png' });
});
