import { expect, type Page, test } from '@playwright/test';
import { chartReady, documentOf, openFresh, panes, runFromPalette } from './support';

type Annotation = { label: string; color: string; lineStyle: string; lineWidth: number; locked: boolean };
const only = async (page: Page) =>
  Object.values(
    ((await documentOf(page)) as unknown as { annotations: Record<string, Annotation> }).annotations,
  )[0];

test.describe('annotation edit popover', () => {
  test('a double-click opens the popover beside the annotation; its edits are undoable steps; Escape closes', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const box = await page.locator('.chart-canvas').first().boundingBox();
    if (!box) throw new Error('no chart');
    const x = box.x + box.width * 0.5;
    const y = box.y + box.height * 0.35;
    await page.mouse.move(x, y);
    await page.keyboard.press('x');
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '1');
    const initial = await only(page);

    // Double-click on the horizontal arm, away from the crossing point.
    await page.mouse.dblclick(box.x + box.width * 0.2, y);
    const popover = page.getByRole('dialog', { name: 'Edit annotation' });
    await expect(popover).toBeVisible();
    // Beside the annotation: its box is within the chart and vertically around the line.
    const pb = await popover.boundingBox();
    expect(pb).not.toBeNull();
    if (pb) {
      expect(pb.x).toBeGreaterThanOrEqual(box.x - 1);
      expect(pb.x + pb.width).toBeLessThanOrEqual(box.x + box.width + 1);
      expect(pb.y).toBeLessThanOrEqual(y);
      expect(pb.y + pb.height).toBeGreaterThanOrEqual(y);
    }
    // The label field has focus; typing does not trigger chart keys (x would draw another cross-line).
    const label = popover.getByLabel('Label');
    await expect(label).toBeFocused();
    await page.keyboard.type('Support x2');
    await expect.poll(async () => (await only(page))?.label).toBe('Support x2');
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(2);
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '1');

    const style = initial?.lineStyle === 'dotted' ? 'solid' : 'dotted';
    const width = initial?.lineWidth === 3 ? 4 : 3;
    await popover.getByLabel('Line style').selectOption(style);
    await popover.getByLabel('Line width').selectOption(String(width));
    await expect.poll(async () => (await only(page))?.lineStyle).toBe(style);
    expect((await only(page))?.lineWidth).toBe(width);
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(4);

    // Escape closes and gives focus back to the pane; undo walks the edits back one by one.
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(panes(page).first()).toBeFocused();
    await page.keyboard.press('Control+z');
    expect((await only(page))?.lineWidth).toBe(initial?.lineWidth);
    await page.keyboard.press('Control+z');
    expect((await only(page))?.lineStyle).toBe(initial?.lineStyle);
    await page.keyboard.press('Control+z');
    expect((await only(page))?.label).toBe('');
  });

  test('"Edit annotation" from the palette opens it; lock there blocks Delete; a click outside closes it', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    await runFromPalette(page, 'Add cross-line');
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '1');
    await runFromPalette(page, 'Edit annotation');
    const popover = page.getByRole('dialog', { name: 'Edit annotation' });
    await expect(popover).toBeVisible();
    await popover.getByRole('checkbox', { name: 'Locked' }).check();
    await expect.poll(async () => (await only(page))?.locked).toBe(true);
    await expect(popover.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    // Playwright waits for an aria-disabled button to be enabled: force the click a user can still make.
    await popover.getByRole('button', { name: 'Delete' }).click({ force: true });
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '1');

    await popover.getByRole('checkbox', { name: 'Locked' }).uncheck();
    await page.mouse.click(5, 5);
    await expect(popover).toHaveCount(0);

    await runFromPalette(page, 'Edit annotation');
    await page
      .getByRole('dialog', { name: 'Edit annotation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '0');
    await expect(page.getByRole('dialog', { name: 'Edit annotation' })).toHaveCount(0);
  });
});
