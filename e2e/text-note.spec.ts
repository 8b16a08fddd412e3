import { expect, test } from '@playwright/test';
import {
  colourIn,
  describeDrawingTool,
  drawByMouse,
  drawingCount,
  drawingsOf,
  historyDepth,
  openChart,
} from './drawing-support';

// A text note is a card above and right of its point; its editor opens on placing it.
const inkArea = { x: 0.3, y: 0.43, width: 0.04, height: 0.07 };

describeDrawingTool({
  kind: 'text-note',
  name: 'Text note',
  keys: [{ left: 30 }],
  clicks: [{ x: 0.3, y: 0.5 }],
  inkArea,
  opensEditor: true,
});

test('a text note is written as it is placed: the typing is one step, and the card grows with the text', async ({
  page,
}) => {
  await openChart(page);
  await drawByMouse(page, 'Text note', [{ x: 0.3, y: 0.5 }]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  const shortInk = await colourIn(page, { ...inkArea, width: 0.2 });
  const text = page.getByRole('dialog', { name: 'Edit annotation' }).getByRole('textbox', { name: 'Label' });
  await expect(text).toBeFocused();
  await page.keyboard.type('Breakout above the range');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await drawingsOf(page))[0]?.label).toBe('Breakout above the range');
  expect(await historyDepth(page)).toBe(2);
  await expect.poll(() => colourIn(page, { ...inkArea, width: 0.2 })).toBeGreaterThan(shortInk * 2);

  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await drawingsOf(page))[0]?.label).toBe('');
  await expect.poll(() => drawingCount(page)).toBe('1');
});
