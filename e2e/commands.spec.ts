import { expect, test } from '@playwright/test';
import { openFresh, panes, runFromPalette } from './support';

const WORKSPACE_LABELS = [
  'Undo',
  'Redo',
  'Split pane right',
  'Split pane down',
  'Close pane',
  'Maximize pane',
  'Focus next pane',
  'Focus previous pane',
  'Focus pane left',
  'Focus pane right',
  'Focus pane up',
  'Focus pane down',
  'Move pane left',
  'Move pane right',
  'Move pane up',
  'Move pane down',
  'New pane: Watchlist',
  'Reset workspace',
  'Export workspace',
  'Import workspace',
  'Show keyboard shortcuts',
];

test('the palette lists every workspace command with its keys; Escape closes it', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  for (const label of WORKSPACE_LABELS) {
    await expect(
      palette
        .getByRole('option', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first(),
    ).toBeAttached();
  }
  await expect(palette.getByRole('option', { name: /^Undo/ })).toContainText('Ctrl+Z');
  await expect(palette.getByRole('option', { name: /^Focus next pane/ })).toContainText('F6');
  await expect(palette.getByRole('option', { name: /^Move pane left/ })).toContainText('Alt+Shift+←');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('Ctrl+K right after Escape opens the palette again (no key is lost while it closes)', async ({
  page,
}) => {
  await openFresh(page);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  for (let round = 0; round < 10; round++) {
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    // No wait between the two keys, as a fast typist presses them.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  }
});

test('Enter runs the active option; typing filters', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('new pane watch');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(/^New pane: Watchlist/);
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(2);
});

test('right-click opens the pane context menu from the registry; its commands act on that pane', async ({
  page,
}) => {
  await openFresh(page);
  const pane = panes(page).first();
  await pane.click({ button: 'right', position: { x: 200, y: 300 } });
  const menu = page.getByRole('menu', { name: 'Pane actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Split pane right/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Split pane down/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(2);
  await expect(menu).toBeHidden();
});

test('a 500 ms touch long-press opens the context menu; a move of more than 10 px cancels it', async ({
  page,
}) => {
  await openFresh(page);
  const pane = panes(page).first();
  const box = await pane.locator('.pane-body').boundingBox();
  if (!box) throw new Error('no pane body');
  const at = { clientX: box.x + 200, clientY: box.y + box.height - 40 };
  const body = pane.locator('.pane-body');
  const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true };

  await body.dispatchEvent('pointerdown', { ...touch, ...at });
  await page.waitForTimeout(200);
  await body.dispatchEvent('pointermove', { ...touch, clientX: at.clientX + 25, clientY: at.clientY });
  await page.waitForTimeout(500);
  await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeHidden();
  await body.dispatchEvent('pointerup', { ...touch, ...at });

  await body.dispatchEvent('pointerdown', { ...touch, ...at });
  await page.waitForTimeout(250);
  await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeHidden();
  await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeVisible({ timeout: 1000 });
  await body.dispatchEvent('pointerup', { ...touch, ...at });
});

test('the app starts with no page errors (the registry throws on a key bound twice)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openFresh(page);
  expect(errors).toEqual([]);
});

test('Shift+F10 opens the pane menu from the keyboard; Replace pane with: swaps the kind in place', async ({
  page,
}) => {
  await openFresh(page, ['watchlist']);
  await page.keyboard.press('F6');
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Pane actions' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await runFromPalette(page, 'Replace pane with: Candlestick');
  await expect(panes(page)).toHaveCount(1);
  await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'candlestick');
  await page.keyboard.press('Control+z');
  await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'watchlist');
});
