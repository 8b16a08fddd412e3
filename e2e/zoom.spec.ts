import { expect, test } from '@playwright/test';
import { focusedPane, openDefault, panes } from './support';

// A 1280 x 800 window at 200 % zoom: 640 x 400 CSS pixels, two device pixels each.
test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

test('at 200 % zoom every pane keeps 300 x 300, nothing overlaps, and the workspace scrolls to the focused pane', async ({
  page,
}) => {
  await openDefault(page);
  const boxes = await panes(page).evaluateAll((regions) =>
    regions.map((region) => {
      const r = region.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(boxes.length).toBe(5);
  // A tile is at least 300 px; the pane inside it is that less its margins and half a splitter.
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(290);
    expect(box.height).toBeGreaterThanOrEqual(290);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i] as Box, boxes[j] as Box)).toBe(0);

  // The toolbar's controls and the status bar's items stand apart, each on the screen, on one line.
  const controls = await page
    .getByRole('banner')
    .locator('button, select')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as Box));
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++)
      expect(overlap(controls[i] as Box, controls[j] as Box)).toBe(0);
  const status = page.getByRole('contentinfo');
  const statusBox = (await status.boundingBox()) as Box;
  expect(statusBox.y + statusBox.height).toBeLessThanOrEqual(400.5);
  // Items left out for want of room (display: none) are not laid out; the rest stand on the bar.
  const items = await status
    .locator(':scope > *')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => el.getBoundingClientRect().toJSON() as Box),
    );
  expect(items.length).toBeGreaterThanOrEqual(3);
  for (const item of items) {
    expect(item.y).toBeGreaterThanOrEqual(statusBox.y - 0.5);
    expect(item.y + item.height).toBeLessThanOrEqual(statusBox.y + statusBox.height + 0.5);
  }

  // The keys reach a pane out of view, and the workspace scrolls to it.
  for (let i = 0; i < 4; i++) await page.keyboard.press('F6');
  const focused = (await focusedPane(page).boundingBox()) as Box;
  const workspace = (await page.getByRole('main', { name: 'Workspace' }).boundingBox()) as Box;
  expect(overlap(focused, workspace)).toBeGreaterThan(100 * 100);
  // Its header controls are all within the pane (none cut off), Close among them (a narrow pane leaves
  // splitting to its menu and keys).
  const pane = focusedPane(page);
  const paneBox = (await pane.boundingBox()) as Box;
  await expect(pane.getByRole('button', { name: 'Close pane' })).toBeVisible();
  const shown = await pane
    .locator('.pane-header')
    .locator('button, select')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => el.getBoundingClientRect().toJSON() as Box),
    );
  expect(shown.length).toBeGreaterThanOrEqual(3);
  for (const control of shown)
    expect(control.x + control.width).toBeLessThanOrEqual(paneBox.x + paneBox.width + 0.5);
});
