import { expect, type Locator, type Page, test } from '@playwright/test';
import { chartReady, colourColumns, openFresh, panes, runFromPalette } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

/** The Default theme's crosshair line and its axis label's background. */
const CROSSHAIR = '#7a8591';
const ACCENT = '#2b66c9';

/** x (page pixels) of the crosshair's vertical line in the plot, and of its time label's middle. */
async function crosshairXs(page: Page, pane: Locator): Promise<{ line: number; label: number }> {
  const box = (await pane.locator('.chart-canvas').boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  // The top of the plot, below the legend over it (the price's top margin) and left of the price axis:
  // nothing but the grid and the crosshair's line.
  const legend = (await pane.locator('.chart-legend').boundingBox()) ?? { y: box.y, height: 0 };
  const plot = { x: box.x, y: legend.y + legend.height + 4, width: box.width - 80, height: 24 };
  const [lineColumns = []] = await colourColumns(page, plot, [CROSSHAIR], 24);
  const line = lineColumns.indexOf(Math.max(...lineColumns));
  // The time axis' label box in the accent colour.
  const axis = { x: box.x, y: box.y + box.height - 18, width: box.width - 80, height: 8 };
  const [labelColumns = []] = await colourColumns(page, axis, [ACCENT], 24);
  const filled = labelColumns.flatMap((n, x) => (n > 4 ? [x] : []));
  const label = filled.length === 0 ? -1 : ((filled[0] as number) + (filled.at(-1) as number)) / 2;
  return { line: box.x + line, label: box.x + label };
}

test('the keyboard crosshair stays on its bar when the chart is narrowed: its line and its time label agree', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  const pane = panes(page).first();
  await chartReady(pane);
  await page.mouse.move(0, 0);
  await pane.focus();
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
  const reading = pane.getByRole('status', { name: 'Data cursor' });
  await expect(reading).toContainText('2020');
  const wide = await crosshairXs(page, pane);
  expect(Math.abs(wide.line - wide.label)).toBeLessThanOrEqual(3);

  // The alerts panel takes a column: the chart is narrowed and redrawn.
  await runFromPalette(page, 'Show alerts');
  await expect.poll(async () => (await pane.boundingBox())?.width ?? 0).toBeLessThan(520);
  await expect
    .poll(async () => {
      const narrow = await crosshairXs(page, pane);
      return Math.abs(narrow.line - narrow.label);
    })
    .toBeLessThanOrEqual(3);
});
