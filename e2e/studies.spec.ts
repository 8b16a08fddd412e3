import { expect, type Page, test } from '@playwright/test';
import { chartReady, colourCounts, documentOf, openFresh, panes, runFromPalette } from './support';

// Default theme palette slots (src/themes/themes.ts): Bollinger bands 5, MACD line 0, RSI 7.
const BOLLINGER = '#9669cb';
const MACD_LINE = '#5090dc';

/** Pixels of `colour` in the top `share` (or, negative, the bottom) of the chart's plot, axis excluded. */
async function pixels(page: Page, colour: string, share: number): Promise<number> {
  await page.mouse.move(0, 0);
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  const height = box.height * Math.abs(share);
  const y = share > 0 ? box.y : box.y + box.height - height - 30;
  const [count = 0] = await colourCounts(
    page,
    { x: box.x + 4, y, width: box.width - 100, height },
    [colour],
    24,
  );
  return count;
}

test.describe('studies on a financial chart', () => {
  test('a study from the palette draws over the price as one legend item; hiding and removing are undoable', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const legend = page.getByRole('group', { name: 'SPX legend' });
    expect(await pixels(page, BOLLINGER, 0.6)).toBeLessThan(20);

    await runFromPalette(page, 'Add study: Bollinger bands 20, 2');
    // Three bands, one item: a single checkbox stands for all of them (series grouping).
    const item = legend.getByRole('checkbox', { name: 'Bollinger bands 20, 2' });
    await expect(item).toBeChecked();
    await expect.poll(() => pixels(page, BOLLINGER, 0.6)).toBeGreaterThan(150);

    await item.click();
    await expect(item).not.toBeChecked();
    await expect.poll(() => pixels(page, BOLLINGER, 0.6)).toBeLessThan(20);
    await page.keyboard.press('Control+z');
    await expect(item).toBeChecked();
    await expect.poll(() => pixels(page, BOLLINGER, 0.6)).toBeGreaterThan(150);

    await legend.getByRole('button', { name: 'Remove Bollinger bands 20, 2' }).click();
    await expect(item).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(item).toBeChecked();
    // The palette no longer offers what the chart has.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('Add study: Bollinger');
    await expect(palette.getByRole('option', { name: /^Add study: Bollinger/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');
  });

  test('an oscillator gets a chart pane of its own below the volume, kept after a reload', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const pane = panes(page).first();
    expect(await pixels(page, MACD_LINE, -0.2)).toBeLessThan(20);
    await pane.getByRole('combobox', { name: 'Add study' }).selectOption({ label: 'MACD 12, 26, 9' });
    await expect(pane.getByRole('checkbox', { name: 'MACD 12, 26, 9' })).toBeChecked();
    await expect.poll(() => pixels(page, MACD_LINE, -0.2)).toBeGreaterThan(60);
    // Not over the price: the price area keeps the candles' colours only.
    expect(await pixels(page, MACD_LINE, 0.5)).toBeLessThan(20);
    await expect(pane.getByRole('combobox', { name: 'Add study' }).locator('option')).not.toContainText([
      'MACD 12, 26, 9',
    ]);

    await page.reload();
    await chartReady(page);
    await expect(panes(page).first().getByRole('checkbox', { name: 'MACD 12, 26, 9' })).toBeChecked();
    await expect.poll(() => pixels(page, MACD_LINE, -0.2)).toBeGreaterThan(60);
    const doc = await documentOf(page);
    expect((doc.panes.p1 as unknown as { settings: { studies: string[] } }).settings.studies).toEqual([
      'macd',
    ]);

    // The pane menu removes it too.
    await panes(page)
      .first()
      .locator('.chart-canvas')
      .click({ button: 'right', position: { x: 200, y: 200 } });
    await page.getByRole('menuitem', { name: 'Remove study: MACD 12, 26, 9' }).click();
    await expect(panes(page).first().getByRole('checkbox', { name: 'MACD 12, 26, 9' })).toHaveCount(0);
    await expect.poll(() => pixels(page, MACD_LINE, -0.2)).toBeLessThan(20);
  });

  test('with every series and study hidden the pane says "No visible series"', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    await runFromPalette(page, 'Add study: RSI 14');
    const legend = page.getByRole('group', { name: 'SPX legend' });
    // The item shows the study's value: of the latest bar, then of the hovered one.
    const values = legend.locator('.legend-study-values');
    await expect(values).toHaveText(/^\d{1,3}\.\d\d$/);
    const latest = Number(await values.textContent());
    expect(latest).toBeGreaterThan(0);
    expect(latest).toBeLessThan(100);
    const box = await page.locator('.chart-canvas').first().boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await expect(values).not.toHaveText(String(latest.toFixed(2)));
    await page.mouse.move(0, 0);
    await expect(values).toHaveText(latest.toFixed(2));
    for (const name of ['SPX', 'MA 20', 'Volume']) await legend.getByRole('checkbox', { name }).click();
    await expect(page.getByText('No visible series')).toHaveCount(0);
    await legend.getByRole('checkbox', { name: 'RSI 14' }).click();
    await expect(page.getByText('No visible series')).toBeVisible();
  });
});
