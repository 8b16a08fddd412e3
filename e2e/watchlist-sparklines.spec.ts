import { expect, type Locator, type Page, test } from '@playwright/test';
import { colourCounts, openFresh, runFromPalette } from './support';

// Up and down colours of the themes used here (src/themes/themes.ts).
const DEFAULT = { up: '#2e9e6a', down: '#d9434f' };
const DEFAULT_DARK = { up: '#3fbf86', down: '#f0616d' };
/** Over their last 60 closes, only the S&P 500 fell (the 2020 crash); the monthly stocks all rose. */
const FALLING = new Set(['SPX']);
const SYMBOLS = ['SPX', 'AAPL', 'AMZN', 'GOOG', 'IBM', 'MSFT'];

function grid(page: Page): Locator {
  return page.getByRole('grid', { name: 'Watchlist' });
}

function sparklineCell(page: Page, symbol: string): Locator {
  return grid(page).locator(`td[data-sparkline="${symbol}"]`);
}

function overlay(page: Page): Locator {
  return page.locator('.sparkline-canvas');
}

async function overlayFrames(page: Page): Promise<number> {
  return Number((await overlay(page).getAttribute('data-frames')) ?? 0);
}

/** Pixels of the up and down colours inside a row's sparkline cell, from a screenshot. */
async function trendPixels(page: Page, symbol: string, theme: { up: string; down: string }) {
  const box = await sparklineCell(page, symbol).boundingBox();
  if (!box) throw new Error(`no sparkline cell for ${symbol}`);
  const [up = 0, down = 0] = await colourCounts(page, box, [theme.up, theme.down], 30);
  return { up, down };
}

async function expectSparklines(page: Page, theme: { up: string; down: string }) {
  // Hover tints rows: keep the pointer off the grid.
  await page.mouse.move(1, 1);
  for (const symbol of SYMBOLS) {
    await expect
      .poll(
        async () => {
          const { up, down } = await trendPixels(page, symbol, theme);
          return FALLING.has(symbol) ? down >= 25 && up === 0 : up >= 25 && down === 0;
        },
        `${symbol}'s sparkline in its ${FALLING.has(symbol) ? 'down' : 'up'} colour`,
      )
      .toBe(true);
  }
}

test.describe('watchlist sparklines, drawn by the shared PixiJS layer', () => {
  test('every row has a sparkline in the theme up or down colour, told in words too', async ({ page }) => {
    await openFresh(page);
    await expect(sparklineCell(page, 'SPX')).toHaveCount(1);
    // One overlay canvas for the whole column, painted by the shared layer (not a canvas per row).
    await expect(overlay(page)).toHaveCount(1);
    await expect.poll(() => overlayFrames(page)).toBeGreaterThanOrEqual(1);
    await expect(overlay(page)).toHaveAttribute('data-renderer', /^(canvas|webgl)$/);
    await expectSparklines(page, DEFAULT);

    // The trend is text, not only a picture: each cell is named by it.
    await expect(
      grid(page).getByRole('gridcell', { name: 'SPX trend, down 13.6% over 60 trading days' }),
    ).toHaveCount(1);
    await expect(
      grid(page).getByRole('gridcell', { name: 'AAPL trend, up 518.5% over 60 months' }),
    ).toHaveCount(1);
    for (const symbol of SYMBOLS) {
      await expect(sparklineCell(page, symbol)).toHaveAttribute(
        'data-trend',
        FALLING.has(symbol) ? 'down' : 'up',
      );
    }
  });

  test('sparklines follow the row order when sorting, and the theme when it changes', async ({ page }) => {
    await openFresh(page);
    await expect.poll(() => overlayFrames(page)).toBeGreaterThanOrEqual(1);
    await expectSparklines(page, DEFAULT);

    // Sorting by symbol moves SPX from the first row to the last: its falling line moves with it.
    const spxBefore = await sparklineCell(page, 'SPX').boundingBox();
    await grid(page).getByRole('button', { name: 'Symbol' }).click();
    await expect
      .poll(async () => (await sparklineCell(page, 'SPX').boundingBox())?.y ?? 0)
      .toBeGreaterThan((spxBefore?.y ?? 0) + 100);
    await expectSparklines(page, DEFAULT);

    const before = await overlayFrames(page);
    await runFromPalette(page, 'Theme: Default Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'default-dark');
    await expect.poll(() => overlayFrames(page)).toBeGreaterThan(before);
    await expectSparklines(page, DEFAULT_DARK);
  });
});
