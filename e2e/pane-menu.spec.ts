import { expect, type Locator, type Page, test } from '@playwright/test';
import { chartBox, DRAWING_BLUE, drawingCount, drawingsOf, historyDepth, openChart } from './drawing-support';
import { chartReady, colourCounts, openWithSavedWorkspace, paneIds, panes, workspaceOf } from './support';

/** The drawing tools in the order of the registry (src/state/drawing-kinds.ts). */
const TOOL_NAMES = [
  'Cross-line',
  'Horizontal line',
  'Vertical line',
  'Horizontal ray',
  'Trend line',
  'Ray',
  'Extended line',
  'Rectangle',
  'Fib retracement',
  'Price range',
  'Date and price range',
  'Parallel channel',
  'Text note',
  'Arrow marker',
];

const paneMenu = (page: Page) => page.getByRole('menu', { name: 'Pane actions' });
const toolsMenu = (page: Page) => page.getByRole('menu', { name: 'Drawing tools' });

/** Blue pixels of the drawings' colour in a square around a point of the page. */
async function blueAround(page: Page, at: { x: number; y: number }, r = 6): Promise<number> {
  const clip = { x: at.x - r, y: at.y - r, width: 2 * r, height: 2 * r };
  const [n = 0] = await colourCounts(page, clip, [DRAWING_BLUE], 60);
  return n;
}

/** Presses ArrowDown in the open menu until `item` has the focus (at most once round the menu). */
async function arrowDownTo(page: Page, item: Locator): Promise<void> {
  for (let i = 0; i < 50 && !(await item.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
}

test('the pane menu opens Drawing tools from the keyboard; Trend line is armed and placed by two clicks, one step', async ({
  page,
}) => {
  await openChart(page);
  const box = await chartBox(page);
  const a = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.2 };
  const b = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.5 };
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const background = await blueAround(page, mid);

  await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.6, { button: 'right' });
  const tools = paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' });
  await expect(tools).toHaveAttribute('aria-haspopup', 'menu');
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await arrowDownTo(page, tools);

  // ArrowRight, Enter and Space open it with its first item focused; ArrowLeft and Escape close it and
  // give the focus back to its item, the pane menu staying open.
  for (const [open, shut] of [
    ['ArrowRight', 'ArrowLeft'],
    ['Enter', 'Escape'],
    ['Space', 'ArrowLeft'],
  ]) {
    await page.keyboard.press(open as string);
    await expect(toolsMenu(page)).toBeVisible();
    await expect(tools).toHaveAttribute('aria-expanded', 'true');
    await expect(tools).toHaveAttribute('aria-controls', (await toolsMenu(page).getAttribute('id')) ?? '');
    await expect(toolsMenu(page).getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press(shut as string);
    await expect(toolsMenu(page)).toBeHidden();
    await expect(tools).toHaveAttribute('aria-expanded', 'false');
    await expect(tools).toBeFocused();
    await expect(paneMenu(page)).toBeVisible();
  }

  await page.keyboard.press('ArrowRight');
  const items = toolsMenu(page).getByRole('menuitem');
  await expect(items).toHaveCount(TOOL_NAMES.length);
  // The label of each, before the key of those that have one (`Trend line` `Alt+T`).
  await expect(items.locator(':scope > span')).toHaveText(TOOL_NAMES);
  // The submenu's keys stay in it: ArrowUp from the first item wraps to its last, not the pane menu's.
  await page.keyboard.press('ArrowUp');
  await expect(toolsMenu(page).getByRole('menuitem', { name: /^Arrow marker/ })).toBeFocused();
  await arrowDownTo(page, toolsMenu(page).getByRole('menuitem', { name: /^Trend line/ }));
  await page.keyboard.press('Enter');
  await expect(paneMenu(page)).toBeHidden();
  // The focus goes back to the pane the menu was for, not to the page.
  await expect(panes(page).first()).toBeFocused();
  await expect(panes(page).first().getByRole('button', { name: 'Draw trend line' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.mouse.click(a.x, a.y);
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.click(b.x, b.y);
  await expect.poll(() => drawingCount(page)).toBe('1');
  const [line] = await drawingsOf(page);
  expect(line?.kind).toBe('trend-line');
  const [p0, p1] = line?.points ?? [];
  expect(p1?.time ?? 0).toBeGreaterThan(p0?.time ?? 0);
  expect(p0?.price ?? 0).toBeGreaterThan(p1?.price ?? 0);
  expect(await historyDepth(page)).toBe(1);
  await page.mouse.move(box.x + 5, box.y + box.height - 5);
  await expect.poll(() => blueAround(page, mid)).toBeGreaterThan(background + 8);
});

/** The names of a menu's own items drawn lit (any background). */
const litItems = (menu: Locator) =>
  menu.evaluate((el) =>
    [...el.querySelectorAll('[role="menuitem"]')]
      .filter((item) => item.closest('[role="menu"]') === el)
      .filter((item) => getComputedStyle(item).backgroundColor !== 'rgba(0, 0, 0, 0)')
      .map((item) => item.getAttribute('aria-label') ?? item.querySelector('span')?.textContent ?? ''),
  );

test('a tool chosen with the mouse from the hovered submenu is armed where the chart was right-clicked', async ({
  page,
}) => {
  await openChart(page);
  const box = await chartBox(page);
  const p = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.25 };
  const b = { x: box.x + box.width * 0.65, y: box.y + box.height * 0.55 };
  const mid = { x: (p.x + b.x) / 2, y: (p.y + b.y) / 2 };
  const background = await Promise.all([blueAround(page, p), blueAround(page, mid)]);

  await page.mouse.click(p.x, p.y, { button: 'right' });
  const first = paneMenu(page).getByRole('menuitem').first();
  await expect(first).toBeFocused();
  // Resting the pointer on the item opens the submenu and leaves the focus where it was; moving on to
  // another item of the pane menu closes it.
  const tools = paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' });
  await tools.hover();
  await expect(toolsMenu(page)).toBeVisible();
  await expect(first).toBeFocused();
  // One item is lit, the one under the pointer: the first holds the focus unlit (it was lit too).
  await expect.poll(() => litItems(paneMenu(page))).toEqual(['Drawing tools']);
  await first.hover();
  await expect(toolsMenu(page)).toBeHidden();
  await tools.hover();
  await toolsMenu(page)
    .getByRole('menuitem', { name: /^Trend line/ })
    .click();
  await expect(paneMenu(page)).toBeHidden();

  // Enter places the first point where the tool waits: the right-clicked point. A click places the second.
  await page.keyboard.press('Enter');
  await page.mouse.click(b.x, b.y);
  await expect.poll(() => drawingCount(page)).toBe('1');
  expect(await historyDepth(page)).toBe(1);
  await page.mouse.move(box.x + 5, box.y + box.height - 5);
  await expect.poll(() => blueAround(page, mid)).toBeGreaterThan((background[1] ?? 0) + 8);
  await expect.poll(() => blueAround(page, p)).toBeGreaterThan((background[0] ?? 0) + 8);
});

test('at 1280 x 800 the menu and its submenu stay on screen near the right and bottom edges', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openChart(page);
  const box = await chartBox(page);
  const viewport = { width: 1280, height: 800 };
  for (const at of [
    { x: box.x + box.width - 6, y: box.y + box.height - 6 },
    { x: box.x + 10, y: box.y + box.height - 6 },
    { x: box.x + box.width - 6, y: box.y + 10 },
  ]) {
    await page.mouse.click(at.x, at.y, { button: 'right' });
    const tools = paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' });
    const arrow = tools.locator('.submenu-arrow');
    const arrowBefore = await arrow.textContent();
    await tools.focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolsMenu(page).getByRole('menuitem').first()).toBeFocused();
    const menuBox = await paneMenu(page).boundingBox();
    const subBox = await toolsMenu(page).boundingBox();
    const itemBox = await tools.boundingBox();
    if (!menuBox || !subBox || !itemBox) throw new Error('no menu');
    for (const r of [menuBox, subBox]) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(viewport.width);
      expect(r.y + r.height).toBeLessThanOrEqual(viewport.height);
    }
    // Beside the pane menu, not over it: on the right where there is room, else on the left.
    const onRight = subBox.x >= menuBox.x + menuBox.width - 4;
    const onLeft = subBox.x + subBox.width <= menuBox.x + 4;
    expect(onRight || onLeft).toBe(true);
    expect(onLeft).toBe(at.x > viewport.width / 2);
    // The item's arrow points the way the submenu opened (closed, it points right).
    await expect(arrow).toHaveText(onLeft ? '‹' : '›');
    expect(arrowBefore).toBe('›');
    await expect(toolsMenu(page).getByRole('menuitem').last()).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(paneMenu(page)).toBeHidden();
  }
});

test('a pane that is not a chart has no Drawing tools; Move pane is a submenu whose commands act on that pane', async ({
  page,
}) => {
  await openWithSavedWorkspace(page, workspaceOf(['candlestick', 'watchlist']));
  await chartReady(page);
  expect(await paneIds(page)).toEqual(['p1', 'p2']);
  await panes(page).nth(1).getByRole('grid').click({ button: 'right' });
  await expect(paneMenu(page)).toBeVisible();
  await expect(paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' })).toHaveCount(0);
  await expect(paneMenu(page).getByRole('menuitem', { name: /^Split pane right/ })).toBeVisible();
  // A watchlist's own commands are in its menu, and only there (not greyed out in a chart's).
  await expect(paneMenu(page).getByRole('menuitem', { name: 'Add symbol to watchlist…' })).toBeVisible();
  await paneMenu(page).getByRole('menuitem', { name: 'Move pane' }).hover();
  const moves = page.getByRole('menu', { name: 'Move pane' });
  await expect(moves.getByRole('menuitem')).toHaveCount(4);
  await moves.getByRole('menuitem', { name: /^Move pane left/ }).click();
  await expect(paneMenu(page)).toBeHidden();
  await expect.poll(() => paneIds(page)).toEqual(['p2', 'p1']);
  const chart = page.locator('.chart-canvas').first();
  await chart.click({ button: 'right', position: { x: 100, y: 100 } });
  await expect(paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' })).toBeVisible();
  await expect(paneMenu(page).getByRole('menuitem', { name: /watchlist/ })).toHaveCount(0);
});

for (const theme of ['default', 'financial-dark']) {
  test(`the open Drawing tools submenu in theme ${theme} (screenshot kept with the test output)`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openChart(page, theme);
    const box = await chartBox(page);
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.3, { button: 'right' });
    await paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' }).click();
    await expect(toolsMenu(page).getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const menuBox = await paneMenu(page).boundingBox();
    const subBox = await toolsMenu(page).boundingBox();
    if (!menuBox || !subBox) throw new Error('no menu');
    const left = Math.min(menuBox.x, subBox.x) - 16;
    const top = Math.min(menuBox.y, subBox.y) - 16;
    const right = Math.max(menuBox.x + menuBox.width, subBox.x + subBox.width) + 16;
    const bottom = Math.max(menuBox.y + menuBox.height, subBox.y + subBox.height) + 16;
    const path = info.outputPath(`drawing-tools-submenu-${theme}.png`);
    await page.screenshot({
      path,
      clip: { x: Math.max(0, left), y: Math.max(0, top), width: right - left, height: bottom - top },
    });
    await info.attach(`drawing-tools-submenu-${theme}`, { path, contentType: 'image/png' });
  });
}
