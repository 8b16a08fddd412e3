import { expect, type Page, test } from '@playwright/test';
import { drawByKeys, drawingsOf } from './drawing-support';
import { chartReady, openFresh, panes, runFromPalette } from './support';

const countOn = (page: Page, index: number) => panes(page).nth(index).getAttribute('data-annotation-count');

test.describe('drawings belong to their symbol', () => {
  test('a drawing shows on every chart of its symbol, can be kept on one pane, and outlives its pane', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick', 'line', 'candlestick']);
    await chartReady(page);
    // Pane 3 shows another symbol: it never shows SPX's drawings.
    await panes(page).nth(2).getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
    await chartReady(panes(page).nth(2));

    await drawByKeys(page, 'Draw trend line', [{ left: 20 }, { left: 5, up: 10 }]);
    await expect.poll(() => countOn(page, 0)).toBe('1');
    await expect.poll(() => countOn(page, 1)).toBe('1');
    expect(await countOn(page, 2)).toBe('0');
    const [drawing] = await drawingsOf(page);
    expect(drawing).toMatchObject({ kind: 'trend-line', symbol: 'SPX' });

    // Kept on the first pane only (from its edit popover): the second chart no longer shows it; one step.
    await runFromPalette(page, 'Edit annotation');
    const popover = page.getByRole('dialog', { name: 'Edit annotation' });
    await popover.getByRole('checkbox', { name: 'This pane only' }).check();
    await expect.poll(() => countOn(page, 1)).toBe('0');
    expect(await countOn(page, 0)).toBe('1');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await expect.poll(() => countOn(page, 1)).toBe('1');

    // The second pane switched to AAPL shows AAPL's drawings (none); back on SPX it shows the line again.
    await panes(page).nth(1).getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
    await expect.poll(() => countOn(page, 1)).toBe('0');
    await panes(page).nth(1).getByRole('combobox', { name: 'Symbol' }).selectOption('SPX');
    await expect.poll(() => countOn(page, 1)).toBe('1');

    // Closing the pane it was drawn on keeps the drawing: it belongs to SPX.
    await panes(page).first().getByRole('button', { name: 'Close pane' }).click();
    await expect(panes(page)).toHaveCount(2);
    await expect.poll(() => countOn(page, 0)).toBe('1');
    expect(await drawingsOf(page)).toHaveLength(1);

    // It survives a reload with its pane gone, and the third pane shows it once it shows SPX.
    await page.reload();
    await chartReady(page);
    await panes(page).nth(1).getByRole('combobox', { name: 'Symbol' }).selectOption('SPX');
    await expect.poll(() => countOn(page, 1)).toBe('1');
  });
});
