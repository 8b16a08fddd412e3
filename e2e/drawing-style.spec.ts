import { expect, test } from '@playwright/test';
import {
  attachScreenshot,
  chartBox,
  colourIn,
  drawByMouse,
  drawingCount,
  drawingsOf,
  historyDepth,
  openChart,
} from './drawing-support';
import { pixelAt, runFromPalette } from './support';

test('a trend line extends to the right edge from its editor, one undo step', async ({ page }, info) => {
  await openChart(page);
  // Down and to the right from (20 %, 20 %) to (40 %, 35 %): extended, it runs on past 60 %.
  const beyond = { x: 0.55, y: 0.41, width: 0.2, height: 0.2 };
  const before = await colourIn(page, beyond);
  await drawByMouse(page, 'Trend line', [
    { x: 0.2, y: 0.2 },
    { x: 0.4, y: 0.35 },
  ]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  expect(await colourIn(page, beyond)).toBeLessThan(before + 20);

  await runFromPalette(page, 'Edit annotation');
  const editor = page.getByRole('dialog', { name: 'Edit annotation' });
  await editor.getByRole('checkbox', { name: 'Extend right' }).check();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await drawingsOf(page))[0]?.extendRight).toBe(true);
  await expect.poll(() => colourIn(page, beyond)).toBeGreaterThan(before + 20);
  await attachScreenshot(page, info, 'trend-line-extended');
  const steps = await historyDepth(page);
  await page.keyboard.press('Control+z');
  await expect.poll(() => colourIn(page, beyond)).toBeLessThan(before + 20);
  expect(await historyDepth(page)).toBe(steps - 1);
});

test('a parallel channel is filled from its editor, and a rectangle emptied', async ({ page }, info) => {
  await openChart(page);
  const box = await chartBox(page);
  // Inside the channel, between its line and the parallel, away from the middle line.
  const inside = { x: box.x + box.width * 0.32, y: box.y + box.height * 0.55 };
  await drawByMouse(page, 'Parallel channel', [
    { x: 0.2, y: 0.7 },
    { x: 0.5, y: 0.5 },
    { x: 0.35, y: 0.3 },
  ]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  const empty = await pixelAt(page, inside.x, inside.y);
  await runFromPalette(page, 'Edit annotation');
  const editor = page.getByRole('dialog', { name: 'Edit annotation' });
  const fill = editor.getByRole('checkbox', { name: 'Fill' });
  await expect(fill).not.toBeChecked();
  await fill.check();
  await page.keyboard.press('Escape');
  await page.mouse.move(box.x + box.width + 40, box.y + 10);
  await expect.poll(() => pixelAt(page, inside.x, inside.y)).not.toEqual(empty);
  // Tinted, not painted over: a blend of the background and the drawing's blue, bluer than before.
  const [r, , b] = await pixelAt(page, inside.x, inside.y);
  expect(b - r).toBeGreaterThan(empty[2] - empty[0]);
  await attachScreenshot(page, info, 'parallel-channel-filled');

  await drawByMouse(page, 'Rectangle', [
    { x: 0.6, y: 0.2 },
    { x: 0.8, y: 0.4 },
  ]);
  await expect.poll(() => drawingCount(page)).toBe('2');
  const centre = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.3 };
  const filled = await pixelAt(page, centre.x, centre.y);
  await runFromPalette(page, 'Edit annotation');
  await expect(editor.getByRole('checkbox', { name: 'Fill' })).toBeChecked();
  await editor.getByRole('checkbox', { name: 'Fill' }).uncheck();
  await page.keyboard.press('Escape');
  await page.mouse.move(box.x + box.width + 40, box.y + 10);
  await expect.poll(() => pixelAt(page, centre.x, centre.y)).not.toEqual(filled);
  await page.keyboard.press('Control+z');
  await expect.poll(() => pixelAt(page, centre.x, centre.y)).toEqual(filled);
});
