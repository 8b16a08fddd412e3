import { expect, test } from '@playwright/test';
import {
  attachScreenshot,
  colourIn,
  describeDrawingTool,
  drawByMouse,
  drawingCount,
  drawingsOf,
  historyDepth,
  openChart,
} from './drawing-support';
import { runFromPalette } from './support';

// A Fibonacci retracement: a line and a label per level between its two points.
describeDrawingTool({
  kind: 'fib-retracement',
  name: 'Fib retracement',
  keys: [
    { left: 40, down: 20 },
    { left: 10, up: 20 },
  ],
  clicks: [
    { x: 0.3, y: 0.5 },
    { x: 0.6, y: 0.15 },
  ],
  inkArea: { x: 0.32, y: 0.12, width: 0.26, height: 0.42 },
});

test('its levels are edited: hide one, change another; each edit is one undo step', async ({
  page,
}, info) => {
  await openChart(page);
  await drawByMouse(page, 'Fib retracement', [
    { x: 0.3, y: 0.5 },
    { x: 0.6, y: 0.15 },
  ]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  // The 0.5 level runs halfway between the two points; the band holds none of the other lines.
  const halfway = { x: 0.32, y: 0.31, width: 0.08, height: 0.03 };
  await expect.poll(() => colourIn(page, halfway)).toBeGreaterThan(20);

  await runFromPalette(page, 'Edit annotation');
  const popover = page.getByRole('dialog', { name: 'Edit annotation' });
  await popover.getByText('Levels').click();
  const show = popover.getByRole('checkbox', { name: 'Show level 4' });
  await expect(popover.getByRole('spinbutton', { name: 'Level 4' })).toHaveValue('0.5');
  await show.uncheck();
  await expect.poll(async () => (await drawingsOf(page))[0]?.fibLevels?.[3]?.visible).toBe(false);
  await page.mouse.move(0, 0);
  await expect.poll(() => colourIn(page, halfway)).toBeLessThan(5);
  await attachScreenshot(page, info, 'fib-levels-editor');

  await popover.getByRole('spinbutton', { name: 'Level 7' }).fill('1.618');
  await expect.poll(async () => (await drawingsOf(page))[0]?.fibLevels?.[6]?.value).toBe(1.618);
  await page.keyboard.press('Escape');
  expect(await historyDepth(page)).toBe(3);

  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await drawingsOf(page))[0]?.fibLevels?.[6]?.value).toBe(1);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await drawingsOf(page))[0]?.fibLevels).toBeUndefined();
  await expect.poll(() => colourIn(page, halfway)).toBeGreaterThan(20);
});
