import { expect, type Page, test } from '@playwright/test';
import { chartBox, DRAWING_BLUE, openChart } from './drawing-support';
import { colourCounts, panes } from './support';

/** The drawing's blue on the axes (its labels), around a point: the time axis below x, the price axis at y. */
async function labelBlue(page: Page, axis: 'time' | 'price', at: number): Promise<number> {
  const box = await chartBox(page);
  const clip =
    axis === 'time'
      ? { x: at - 60, y: box.y + box.height - 26, width: 120, height: 26 }
      : { x: box.x + box.width - 80, y: at - 14, width: 80, height: 28 };
  const [n = 0] = await colourCounts(page, clip, [DRAWING_BLUE], 30);
  return n;
}

/**
 * A trend line drawn by mouse on a chart in a dark theme (its crosshair labels are the theme's light
 * accent, not the drawing's blue), left selected: its anchors `a` and `b` are labelled on the axes.
 */
async function drawSelectedTrendLine(page: Page) {
  await openChart(page, 'default-dark');
  const box = await chartBox(page);
  const a = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.3 };
  const b = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.5 };
  await panes(page).first().getByRole('button', { name: 'Draw trend line' }).click();
  await page.mouse.click(a.x, a.y);
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.click(b.x, b.y);
  return { box, a, b };
}

test.describe("a selected drawing's axis labels", () => {
  test("are left out where the crosshair's labels cover them, and shown again once it moves on", async ({
    page,
  }) => {
    const { box, a } = await drawSelectedTrendLine(page);

    // The pointer far from the first anchor: its time and price labels are on the axes.
    await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.75, { steps: 3 });
    await expect.poll(() => labelBlue(page, 'time', a.x)).toBeGreaterThan(50);
    await expect.poll(() => labelBlue(page, 'price', a.y)).toBeGreaterThan(50);

    // A few pixels right of the anchor and well below it: the crosshair's time label covers the
    // anchor's (without this, its first glyphs show beside the crosshair's, in the same blue).
    await page.mouse.move(a.x + 14, a.y + 90, { steps: 3 });
    await expect.poll(() => labelBlue(page, 'time', a.x)).toBe(0);
    await expect.poll(() => labelBlue(page, 'price', a.y)).toBeGreaterThan(50);

    // Level with the anchor, far to the right: now the price label is covered, the time label is back.
    await page.mouse.move(box.x + box.width * 0.85, a.y + 6, { steps: 3 });
    await expect.poll(() => labelBlue(page, 'price', a.y)).toBe(0);
    await expect.poll(() => labelBlue(page, 'time', a.x)).toBeGreaterThan(50);
  });
});

test("a selected drawing's anchor beyond the pane's edge has no axis label pinned to the edge", async ({
  page,
}) => {
  const { box, a, b } = await drawSelectedTrendLine(page);
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.75, { steps: 3 });
  const leftEdge = box.x + 60;
  await expect.poll(() => labelBlue(page, 'time', a.x)).toBeGreaterThan(50);
  await expect.poll(() => labelBlue(page, 'time', leftEdge)).toBe(0);

  // Pan forward four tenths of the view: the first anchor is beyond the left edge, the second on the pane.
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height + 60);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  const shifted = b.x - box.width * 0.4;
  await expect.poll(() => labelBlue(page, 'time', shifted)).toBeGreaterThan(50);
  // Before, the first anchor's label stood pinned at the left edge, naming a time the axis does not show there.
  await expect.poll(() => labelBlue(page, 'time', leftEdge)).toBe(0);
  await page.screenshot({ path: 'test-results/axis-label-beyond-edge.png' });
});
