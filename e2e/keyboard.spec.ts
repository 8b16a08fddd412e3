import { expect, test } from '@playwright/test';
import { documentOf, focusedPane, openFresh, paneIds, panes } from './support';

/** Everything below is done without the mouse. */
test('keyboard-only walkthrough: palette, splits, F6, Alt+Arrow focus by geometry, moves, splitter, undo', async ({
  page,
}) => {
  await openFresh(page);
  const announcer = page.getByTestId('announcer');

  // Build a 2 x 2 grid from the palette.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Split pane right');
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(2);
  const [a, b] = await paneIds(page);
  await expect(focusedPane(page)).toHaveAttribute('data-pane-id', b ?? '');
  await expect(announcer).toContainText('pane 2 of 2');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Split pane down');
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(3);
  const c = await focusedPane(page).getAttribute('data-pane-id');

  // F6 / Shift+F6 cycle, and keyboard focus really moves into the pane.
  await page.keyboard.press('F6');
  await expect(focusedPane(page)).toHaveAttribute('data-pane-id', a ?? '');
  await expect(page.locator(`[data-pane-id="${a}"]`)).toBeFocused();
  await page.keyboard.press('Shift+F6');
  await expect(focusedPane(page)).toHaveAttribute('data-pane-id', c ?? '');

  // Alt+Arrow: geometry decides. From bottom-right, up is top-right, left is the tall left pane.
  await page.keyboard.press('Alt+ArrowUp');
  await expect(focusedPane(page)).toHaveAttribute('data-pane-id', b ?? '');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(focusedPane(page)).toHaveAttribute('data-pane-id', a ?? '');
  await expect(announcer).toContainText('Watchlist');

  // Alt+Shift+Arrow moves the focused pane.
  await page.keyboard.press('Alt+Shift+ArrowRight');
  const afterMove = await paneIds(page);
  expect(afterMove[0]).not.toBe(a);
  expect(afterMove).toContain(a);

  // Alt+Enter maximizes and restores.
  await page.keyboard.press('Alt+Enter');
  await expect(panes(page)).toHaveCount(1);
  await page.keyboard.press('Alt+Enter');
  await expect(panes(page)).toHaveCount(3);

  // Tab reaches a splitter; arrows resize it.
  const before = JSON.stringify((await documentOf(page)).layout);
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'separator');
  }
  expect(reached).toBe(true);
  const orientation = await page.evaluate(() => document.activeElement?.getAttribute('aria-orientation'));
  await page.keyboard.press(orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown');
  await expect.poll(async () => JSON.stringify((await documentOf(page)).layout)).not.toBe(before);

  // Undo everything back to one pane, by keyboard.
  for (let i = 0; i < 10; i++) await page.keyboard.press('Control+z');
  await expect(panes(page)).toHaveCount(1);

  // The shortcuts list opens from the keyboard and closes with Escape.
  await page.keyboard.press('Control+/');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Focus next pane/ })).toContainText('F6');
  // Every group's table has the same columns: the Keys headers stand one above the other.
  const keysColumns = await shortcuts
    .getByRole('columnheader', { name: 'Keys' })
    .evaluateAll((headers) => headers.map((h) => Math.round(h.getBoundingClientRect().left)));
  expect(keysColumns.length).toBeGreaterThan(3);
  expect(new Set(keysColumns).size).toBe(1);
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
});

test('the focused pane is outlined and exactly one pane is focused', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Split pane right');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-focused="true"]')).toHaveCount(1);
  const outline = await focusedPane(page).evaluate((el) => getComputedStyle(el).borderTopColor);
  const other = await page
    .locator('[data-pane-id][data-focused="false"]')
    .evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(outline).not.toBe(other);
});

test('keyboard tiling by keys alone: Alt+Shift+= splits right, Alt+Shift+- splits down, Alt+Shift+W closes', async ({
  page,
}) => {
  await openFresh(page);
  const [first] = await paneIds(page);
  await page.keyboard.press('Alt+Shift+Equal');
  await expect(panes(page)).toHaveCount(2);
  const right = await focusedPane(page).getAttribute('data-pane-id');
  expect(right).not.toBe(first);
  expect(await paneIds(page)).toEqual([first, right]);

  await page.keyboard.press('Alt+Shift+Minus');
  await expect(panes(page)).toHaveCount(3);
  const below = await focusedPane(page).getAttribute('data-pane-id');
  // The new pane is under the one split: same left edge, lower top.
  const boxOf = (id: string | null) => page.locator(`[data-pane-id="${id}"]`).boundingBox();
  const [upper, lower] = [await boxOf(right), await boxOf(below)];
  expect(Math.round(lower?.x ?? 0)).toBe(Math.round(upper?.x ?? -1));
  expect(lower?.y ?? 0).toBeGreaterThan((upper?.y ?? 0) + 100);

  await page.keyboard.press('Alt+Shift+KeyW');
  await expect(panes(page)).toHaveCount(2);
  await expect(page.locator(`[data-pane-id="${below}"]`)).toHaveCount(0);
  await expect(focusedPane(page)).toHaveCount(1);

  // Each was one step: undo brings the closed pane back, then takes the splits away.
  await page.keyboard.press('Control+z');
  await expect(panes(page)).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(panes(page)).toHaveCount(1);

  // The keys are listed.
  await page.keyboard.press('Control+/');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Split pane right/ })).toContainText('Alt+Shift+=');
  await expect(shortcuts.getByRole('row', { name: /Split pane down/ })).toContainText('Alt+Shift+-');
  await expect(shortcuts.getByRole('row', { name: /Close pane/ })).toContainText('Alt+Shift+W');
  // One row per command name and place: the nine interval digits read as a range, and panning,
  // bound on financial and analytic charts alike, is listed once.
  await expect(shortcuts.getByRole('row', { name: /^Type an interval/ })).toHaveCount(1);
  await expect(shortcuts.getByRole('row', { name: /^Type an interval/ })).toContainText('1–9');
  await expect(shortcuts.getByRole('row', { name: /^Pan chart left/ })).toHaveCount(1);
  // '+' and 'Shift++' are one press on a US keyboard: the list shows '+' and '='.
  await expect(shortcuts.getByRole('row', { name: /^Zoom chart in/ }).locator('kbd')).toHaveText(['+', '=']);
});
