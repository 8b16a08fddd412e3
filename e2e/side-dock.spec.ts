import { expect, test } from '@playwright/test';
import { chartReady, openFresh, panes, runFromPalette } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

test('the side panels share one column: with all three open the charts keep their width, none hidden', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'line']);
  await chartReady(page);
  const names = ['Annotations panel', 'Data window', 'Alerts'];
  await runFromPalette(page, 'Show annotations panel');
  await runFromPalette(page, 'Show data window');
  await runFromPalette(page, 'Show alerts');
  const boxes = [];
  for (const name of names) {
    const panel = page.getByRole('complementary', { name });
    await expect(panel).toBeVisible();
    boxes.push(await panel.boundingBox());
  }
  // One column: the same left edge and width, one under the other, all inside the window.
  const [first] = boxes;
  for (const box of boxes) {
    expect(box?.x).toBeCloseTo(first?.x ?? 0, 0);
    expect(box?.width).toBeCloseTo(first?.width ?? 0, 0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  }
  expect(boxes[1]?.y ?? 0).toBeGreaterThanOrEqual((boxes[0]?.y ?? 0) + (boxes[0]?.height ?? 0) - 1);
  expect(boxes[2]?.y ?? 0).toBeGreaterThanOrEqual((boxes[1]?.y ?? 0) + (boxes[1]?.height ?? 0) - 1);
  // Every pane is whole, left of the column; before, the second chart ran on under the panels.
  const dockLeft = first?.x ?? 0;
  for (const pane of await panes(page).all()) {
    const box = await pane.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(dockLeft + 1);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(300);
  }
});
