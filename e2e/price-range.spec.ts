import { expect, test } from '@playwright/test';
import { colourIn, describeDrawingTool, drawByMouse, drawingCount, openChart } from './drawing-support';

// The price range measurer: the band between two prices, tinted by direction, with an upright line
// through it and the change and percent below it.
describeDrawingTool({
  kind: 'price-range',
  name: 'Price range',
  keys: [
    { left: 30, down: 10 },
    { left: 5, up: 10 },
  ],
  clicks: [
    { x: 0.3, y: 0.45 },
    { x: 0.55, y: 0.2 },
  ],
  inkArea: { x: 0.28, y: 0.18, width: 0.29, height: 0.3 },
});

test('a price range has no level line across it, where the date and price range has one', async ({
  page,
}) => {
  await openChart(page);
  // Left of the upright line, at half height: the date and price range's level line runs here.
  const halfway = { x: 0.32, y: 0.31, width: 0.08, height: 0.03 };
  const clicks = [
    { x: 0.3, y: 0.45 },
    { x: 0.55, y: 0.2 },
  ];
  await drawByMouse(page, 'Price range', clicks);
  await expect.poll(() => drawingCount(page)).toBe('1');
  await page.keyboard.press('Escape');
  await expect.poll(() => colourIn(page, halfway)).toBeLessThan(5);
  await page.keyboard.press('Control+z');
  await expect.poll(() => drawingCount(page)).toBe('0');
  await drawByMouse(page, 'Date and price range', clicks);
  await expect.poll(() => drawingCount(page)).toBe('1');
  await expect.poll(() => colourIn(page, halfway)).toBeGreaterThan(20);
});
