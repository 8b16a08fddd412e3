import { expect, test } from '@playwright/test';
import { openDefault, openFresh, paneIds, panes, runFromPalette } from './support';

test('a split that would make a pane smaller than 300 x 300 is refused with a visible message', async ({
  page,
}) => {
  await openFresh(page);
  // 1400 px wide: 1 -> 2 -> 4 panes in a row are at least 300 px wide; a 5th would not fit next to them.
  await runFromPalette(page, 'Split pane right'); // 2 x 700
  await runFromPalette(page, 'Split pane right'); // 700, 350, 350
  await expect(panes(page)).toHaveCount(3);
  await runFromPalette(page, 'Split pane right'); // would be 175 px
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot split' })).toContainText('300 × 300');
  await expect(panes(page)).toHaveCount(3);
  for (const pane of await panes(page).all()) {
    const box = await pane.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300);
  }
});

test('splitter drags stop at the minimum pane size', async ({ page }) => {
  await openFresh(page);
  await runFromPalette(page, 'Split pane right');
  const [left] = await paneIds(page);
  const splitter = page.locator('.mosaic-split.-row').first();
  const box = await splitter.boundingBox();
  if (!box) throw new Error('no splitter');
  await page.mouse.move(box.x + box.width / 2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(60, box.y + 40, { steps: 12 });
  await page.mouse.up();
  const leftBox = await page.locator(`[data-pane-id="${left}"]`).boundingBox();
  expect(leftBox?.width).toBeGreaterThanOrEqual(299);
  expect(leftBox?.width).toBeLessThan(340);
  // The whole drag is one undo step.
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(2);
  await page.keyboard.press('Control+z');
  const restored = await page.locator(`[data-pane-id="${left}"]`).boundingBox();
  expect(restored?.width).toBeGreaterThan(600);
});

test('in a window too small for the layout, the chart keeps 300 x 300 and its pane scrolls', async ({
  page,
}) => {
  await openFresh(page);
  await page.setViewportSize({ width: 480, height: 360 });
  const body = panes(page).first().locator('.pane-body');
  const content = panes(page).first().locator('.pane-content');
  const contentBox = await content.boundingBox();
  expect(contentBox?.width).toBeGreaterThanOrEqual(300);
  expect(contentBox?.height).toBeGreaterThanOrEqual(300);
  const scrolls = await body.evaluate(
    (el) => el.scrollHeight > el.clientHeight && getComputedStyle(el).overflow === 'auto',
  );
  expect(scrolls).toBe(true);
});

test('in a 1280 x 800 window the default workspace shows every chart whole: no pane scrolls inside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDefault(page);
  await expect(panes(page)).toHaveCount(5);
  for (const pane of await panes(page).all()) {
    const content = await pane.locator('.pane-content').boundingBox();
    expect(content?.width).toBeGreaterThanOrEqual(300);
    expect(content?.height).toBeGreaterThanOrEqual(300);
    // The chart fits its pane: nothing of it (a time axis, an axis title) is scrolled out of view.
    const fits = await pane
      .locator('.pane-body')
      .evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth);
    expect(fits, (await pane.getAttribute('aria-label')) ?? '').toBe(true);
  }
  // And the workspace itself needs no scrolling.
  const workspace = page.getByRole('main', { name: 'Workspace' });
  expect(await workspace.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
});

test('splitters resize from the keyboard, and a burst of arrow presses is one undo step', async ({
  page,
}) => {
  await openFresh(page);
  await runFromPalette(page, 'Split pane right');
  const [left] = await paneIds(page);
  const separator = page.getByRole('separator', { name: 'Resize panes left and right' });
  await separator.focus();
  const start = (await page.locator(`[data-pane-id="${left}"]`).boundingBox())?.width ?? 0;
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await page.locator(`[data-pane-id="${left}"]`).boundingBox())?.width ?? 0)
    .toBeGreaterThan(start + 40);
  await expect(separator).not.toHaveAttribute('aria-valuenow', '50');
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(2);
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => (await page.locator(`[data-pane-id="${left}"]`).boundingBox())?.width ?? 0)
    .toBeCloseTo(start, -1);
});
