import { expect, test } from '@playwright/test';
import {
  chartBox,
  colourIn,
  DRAWING_BLUE,
  describeDrawingTool,
  drawByKeys,
  drawByMouse,
  drawingCount,
  drawingsOf,
  historyDepth,
  openChart,
} from './drawing-support';
import { colourColumns } from './support';

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

test('Enter closes the note editor; Shift+Enter starts a new line, and the card grows a line taller', async ({
  page,
}) => {
  await openChart(page);
  await drawByMouse(page, 'Text note', [{ x: 0.3, y: 0.5 }]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  const editor = page.getByRole('dialog', { name: 'Edit annotation' });
  const text = editor.getByRole('textbox', { name: 'Label' });
  await expect(text).toBeFocused();
  await page.keyboard.type('Breakout');
  // The card over the point and the band above it: one line of text first.
  const band = { x: 0.3, y: 0.3, width: 0.2, height: 0.2 };
  await expect.poll(async () => (await drawingsOf(page))[0]?.label).toBe('Breakout');
  const oneLine = await colourIn(page, band);
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('above the range');
  await expect(editor).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect.poll(async () => (await drawingsOf(page))[0]?.label).toBe('Breakout\nabove the range');
  // Typing is one step after the drawing.
  expect(await historyDepth(page)).toBe(2);
  await expect.poll(() => colourIn(page, band)).toBeGreaterThan(oneLine * 1.4);
});

test('a note placed at the latest bar opens to the left of it: its whole card in the plot, not under the price axis', async ({
  page,
}) => {
  await openChart(page);
  // End, then the tool, then Enter: the note's point is the latest bar, by the price axis.
  await drawByKeys(page, 'Draw text note', [{}]);
  await expect.poll(() => drawingCount(page)).toBe('1');
  await page.keyboard.type('At the high');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await drawingsOf(page))[0]?.label).toBe('At the high');
  const box = await chartBox(page);
  // The plot, left of the price axis: the card's columns (the drawing's blue, a dozen rows each).
  const plot = { x: box.x, y: box.y, width: box.width - 80, height: box.height };
  const [blue = []] = await colourColumns(page, plot, [DRAWING_BLUE], 30);
  const card = blue.filter((n) => n >= 8).length;
  // "At the high" is a card about 85 px wide; cut by the axis it was a few columns.
  expect(card).toBeGreaterThan(70);
  expect(blue.slice(-4).every((n) => n < 8)).toBe(true);
});
