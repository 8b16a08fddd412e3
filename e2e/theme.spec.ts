import { expect, test } from '@playwright/test';
import { documentOf, luminance, openFresh, panes, pixelAt, runFromPalette } from './support';

test('a theme switch changes the colours on screen, is undoable, and covers the chrome', async ({ page }) => {
  await openFresh(page);
  const box = await panes(page).first().boundingBox();
  if (!box) throw new Error('no pane');
  // A point inside the pane body, below the last watchlist row.
  const probe = { x: box.x + box.width / 2, y: box.y + box.height - 20 };
  const before = await pixelAt(page, probe.x, probe.y);
  expect(luminance(before)).toBeGreaterThan(0.8);

  await runFromPalette(page, 'Theme: Financial Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'financial-dark');
  const after = await pixelAt(page, probe.x, probe.y);
  expect(luminance(after)).toBeLessThan(0.25);
  expect((await documentOf(page)).theme).toBe('financial-dark');

  await page.keyboard.press('Control+z');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'default');
  expect(await pixelAt(page, probe.x, probe.y)).toEqual(before);
});

test('all 12 themes are offered as commands and apply their id', async ({ page }) => {
  await openFresh(page);
  const names = ['Default', 'Sheets', 'Polychroma', 'Vivid', 'Material', 'Financial'];
  const labels = names.flatMap((n) => [`Theme: ${n}`, `Theme: ${n} Dark`]);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('Theme:');
  for (const label of labels)
    await expect(palette.getByRole('option', { name: label, exact: false }).first()).toBeAttached();
  await page.keyboard.press('Escape');
  await runFromPalette(page, 'Theme: Polychroma Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'polychroma-dark');
});
