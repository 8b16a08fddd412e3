import { expect, test } from '@playwright/test';
import { documentOf, openFresh } from './support';

test('101 edits then 101 undos stop at the 100th: the oldest step was dropped', async ({ page }) => {
  // 302 key presses and selections: about 25 s on an idle 2-core machine, more on a busy one.
  test.setTimeout(90_000);
  await openFresh(page);
  const theme = page.getByRole('combobox', { name: 'Theme' });
  const sequence = Array.from({ length: 101 }, (_, i) => (i % 2 === 0 ? 'sheets' : 'vivid-dark'));
  for (const id of sequence) await theme.selectOption(id);
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(100);

  const undo = page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Undo' });
  await page.getByRole('main', { name: 'Workspace' }).click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 101; i++) await page.keyboard.press('Control+z');

  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
  // The state before the 1st edit (default theme) is gone; undo stops at the state after it.
  expect((await documentOf(page)).theme).toBe('sheets');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sheets');

  for (let i = 0; i < 100; i++) await page.keyboard.press('Control+y');
  expect((await documentOf(page)).theme).toBe('sheets');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sheets');
  const redo = page.getByRole('toolbar', { name: 'Workspace tools' }).getByRole('button', { name: 'Redo' });
  await expect(redo).toHaveAttribute('aria-disabled', 'true');
});

test('selection and focus never enter history', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('F6');
  await page.keyboard.press('F6');
  // A click on an empty part of a pane focuses it without selecting anything.
  const box = await page.locator('[data-pane-id]').first().boundingBox();
  if (!box) throw new Error('no pane');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 15);
  await expect(page.locator('[data-pane-id]').first()).toHaveAttribute('data-focused', 'true');
  expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
});
