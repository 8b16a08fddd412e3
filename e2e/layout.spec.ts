import { expect, test } from '@playwright/test';
import { documentOf, focusedPane, openFresh, paneIds, panes, runFromPalette } from './support';

test.describe('tiling: split, close, move, maximize — and undo/redo of each', () => {
  test('by mouse: pane title-bar buttons split, maximize, restore and close; undo/redo walk them back', async ({
    page,
  }) => {
    await openFresh(page);
    const first = panes(page).first();
    await first.getByRole('button', { name: 'Split pane right' }).click();
    await expect(panes(page)).toHaveCount(2);
    const [a, b] = await paneIds(page);
    const boxA = await page.locator(`[data-pane-id="${a}"]`).boundingBox();
    const boxB = await page.locator(`[data-pane-id="${b}"]`).boundingBox();
    expect(boxB?.x).toBeGreaterThan((boxA?.x ?? 0) + (boxA?.width ?? 0) - 10);

    await panes(page).nth(1).getByRole('button', { name: 'Split pane down' }).click();
    await expect(panes(page)).toHaveCount(3);

    await panes(page).nth(0).getByRole('button', { name: 'Maximize pane' }).click();
    await expect(panes(page)).toHaveCount(1);
    await panes(page).first().getByRole('button', { name: 'Restore pane' }).click();
    await expect(panes(page)).toHaveCount(3);

    await panes(page).nth(2).getByRole('button', { name: 'Close pane' }).click();
    await expect(panes(page)).toHaveCount(2);

    const undo = page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Redo' });
    await expect(redo).toHaveAttribute('aria-disabled', 'true');
    await expect(redo).toHaveAttribute('title', /Nothing to redo/);
    await undo.click(); // close
    await expect(panes(page)).toHaveCount(3);
    await undo.click(); // restore
    await expect(panes(page)).toHaveCount(1);
    await undo.click(); // maximize
    await expect(panes(page)).toHaveCount(3);
    await undo.click(); // split down
    await expect(panes(page)).toHaveCount(2);
    await undo.click(); // split right
    await expect(panes(page)).toHaveCount(1);
    await expect(undo).toHaveAttribute('aria-disabled', 'true');
    await expect(undo).toHaveAttribute('title', /Nothing to undo/);
    for (const expected of [2, 3, 1, 3, 2]) {
      await redo.click();
      await expect(panes(page)).toHaveCount(expected);
    }
    await expect(redo).toHaveAttribute('aria-disabled', 'true');
  });

  test('by keyboard: Alt+Shift+Arrow moves, Alt+Enter maximizes and restores, Ctrl+Z / Ctrl+Y undo and redo', async ({
    page,
  }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane right');
    const [left, right] = await paneIds(page);
    await expect(focusedPane(page)).toHaveAttribute('data-pane-id', right ?? '');

    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await expect.poll(() => paneIds(page)).toEqual([right, left]);
    await expect(focusedPane(page)).toHaveAttribute('data-pane-id', right ?? '');

    await page.keyboard.press('Alt+Enter');
    await expect(panes(page)).toHaveCount(1);
    await expect((await documentOf(page)).maximizedPaneId).toBe(right);
    await page.keyboard.press('Alt+Enter');
    await expect(panes(page)).toHaveCount(2);

    await page.keyboard.press('Control+z'); // restore
    await expect(panes(page)).toHaveCount(1);
    await page.keyboard.press('Control+z'); // maximize
    await page.keyboard.press('Control+z'); // move
    await expect.poll(() => paneIds(page)).toEqual([left, right]);
    await page.keyboard.press('Control+y');
    await expect.poll(() => paneIds(page)).toEqual([right, left]);
    await page.keyboard.press('Control+Shift+z');
    await expect(panes(page)).toHaveCount(1);
  });

  test('by palette: split, move, maximize, restore and close, then undo and redo from the palette', async ({
    page,
  }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane down');
    await expect(panes(page)).toHaveCount(2);
    const [top, bottom] = await paneIds(page);
    const topBox = await page.locator(`[data-pane-id="${top}"]`).boundingBox();
    const bottomBox = await page.locator(`[data-pane-id="${bottom}"]`).boundingBox();
    expect(bottomBox?.y).toBeGreaterThan((topBox?.y ?? 0) + (topBox?.height ?? 0) - 10);

    await runFromPalette(page, 'Move pane up');
    await expect.poll(() => paneIds(page)).toEqual([bottom, top]);
    await runFromPalette(page, 'Maximize pane');
    await expect(panes(page)).toHaveCount(1);
    await runFromPalette(page, 'Restore pane');
    await expect(panes(page)).toHaveCount(2);
    await runFromPalette(page, 'Close pane');
    await expect(panes(page)).toHaveCount(1);

    await runFromPalette(page, 'Undo');
    await expect(panes(page)).toHaveCount(2);
    await runFromPalette(page, 'Redo');
    await expect(panes(page)).toHaveCount(1);
  });

  test('by drag and drop: dragging a title bar onto another pane moves it, as one undo step', async ({
    page,
  }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane right');
    const [left, right] = await paneIds(page);
    const source = page.locator(`[data-pane-id="${left}"] .pane-title`);
    const target = page.locator(`[data-pane-id="${right}"]`);
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('no boxes');
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 5 });
    // Drop on the right edge of the other pane.
    await page.mouse.move(to.x + to.width - 30, to.y + to.height / 2, { steps: 10 });
    await expect(page.locator('.drop-target-hover').first()).toBeVisible();
    await page.mouse.up();
    await expect.poll(() => paneIds(page)).toEqual([right, left]);
    const historyDepth = await page.evaluate(() => window.__workstation?.historyDepth());
    expect(historyDepth).toBe(2);
    await page.keyboard.press('Control+z');
    await expect.poll(() => paneIds(page)).toEqual([left, right]);
  });
});
