import { expect, type Page, test } from '@playwright/test';
import { chartMinuteBars, chartReady, colourColumns, openFresh, panes, runFromPalette } from './support';

/** The default theme's accent: the crosshair's axis labels are filled with it. */
const ACCENT = '#2b66c9';

const reading = (page: Page) => panes(page).first().getByRole('status', { name: 'Data cursor' });
const legend = (page: Page) => panes(page).first().getByTestId('legend-values');
const visibleFrom = async (page: Page) =>
  Number(await page.locator('.chart-canvas').first().getAttribute('data-visible-from'));

/** The date the reading starts with (`Apr 17, 2020: open ...`). */
async function readDate(page: Page): Promise<string> {
  const text = (await reading(page).textContent()) ?? '';
  return text.slice(0, text.indexOf(':'));
}

test.describe('the data cursor of a focused chart', () => {
  test('steps through the bars by keyboard and a polite live region reads each one', async ({ page }) => {
    await openFresh(page, ['candlestick', 'watchlist']);
    await chartReady(page);
    await panes(page).first().focus();
    await expect(reading(page)).toHaveText('');

    // End: the latest bar, as the legend shows it before any key.
    const latest = ((await legend(page).textContent()) ?? '').replace(/^SPX/, '');
    await page.keyboard.press('End');
    await expect(reading(page)).toContainText(
      /^[A-Z][a-z]{2} \d{2}, \d{4}: open [\d,.]+, high [\d,.]+, low [\d,.]+, close [\d,.]+, change [+-]?[\d,.]+ \([+-]?[\d.]+%\), volume [\d.]+[KMB]?$/,
    );
    expect(latest.startsWith(await readDate(page))).toBe(true);
    const close = /close ([\d,]+\.\d+)/.exec((await reading(page).textContent()) ?? '')?.[1];
    expect(latest).toContain(`C ${close}`);

    // A step back reads the bar before, and the legend follows the cursor with the same values.
    const lastDate = await readDate(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => readDate(page)).not.toBe(lastDate);
    const previous = await readDate(page);
    await expect(legend(page)).toContainText(previous);
    const previousClose = /close ([\d,]+\.\d+)/.exec((await reading(page).textContent()) ?? '')?.[1];
    await expect(legend(page)).toContainText(`C ${previousClose}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => readDate(page)).toBe(lastDate);

    // Home: the first bar, scrolled into view; it has no bar before it.
    await page.keyboard.press('Home');
    await expect(reading(page)).toContainText('first bar');
    await expect.poll(() => visibleFrom(page)).toBeLessThan(5);
    // A screen forward moves as many bars as are in view, and the view follows.
    const from = await visibleFrom(page);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expect.poll(() => visibleFrom(page)).toBeGreaterThan(from + 10);
    await expect(reading(page)).toContainText('change');

    // Shift+arrows pan, and the cursor keys never enter history.
    const before = await visibleFrom(page);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => visibleFrom(page)).toBeLessThan(before - 1);
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);

    // X puts a cross-line where the cursor stands.
    await page.keyboard.press('End');
    await page.keyboard.press('x');
    await expect(panes(page).first()).toHaveAttribute('data-annotation-count', '1');

    // Leaving the pane takes the cursor away.
    await page.keyboard.press('F6');
    await expect(reading(page)).toHaveText('');
  });
});

/** A workspace of an analytic chart of `kind` beside a watchlist: the chart, drawn and focused. */
async function focusedAnalyticChart(page: Page, kind: string) {
  await openFresh(page, [kind, 'watchlist']);
  const pane = panes(page).first();
  await expect(pane.locator('.analytic-canvas')).toBeVisible();
  await expect(pane.getByText('Loading data...')).toHaveCount(0);
  await pane.focus();
  return pane;
}

test.describe('the data cursor of a focused analytic chart', () => {
  for (const kind of ['donut', 'pie', 'bar', 'histogram', 'area', 'xy-line', 'scatter', 'bubble']) {
    test(`steps through the items of a ${kind} chart, shows each one's tooltip and reads it`, async ({
      page,
    }) => {
      const pane = await focusedAnalyticChart(page, kind);
      const live = pane.getByRole('status', { name: 'Data cursor' });
      await page.keyboard.press('ArrowRight');
      await expect(live).toContainText(/, 1 of \d+: /);
      const tooltip = pane.getByRole('tooltip');
      await expect(tooltip).toBeVisible();
      const first = (await live.textContent()) ?? '';
      // The reading is the tooltip's title and lines.
      const title = (await tooltip.locator('strong').textContent()) ?? '';
      expect(first.startsWith(`${title}, 1 of `)).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect(live).toContainText(', 2 of ');
      expect(await live.textContent()).not.toBe(first);
      await page.keyboard.press('ArrowLeft');
      await expect(live).toHaveText(first);
      // Leaving the pane takes the cursor away; nothing entered history.
      await page.keyboard.press('F6');
      await expect(live).toHaveText('');
      expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
    });
  }

  test('reads a gauge as one item: its reading', async ({ page }) => {
    await openFresh(page, ['gauge', 'watchlist']);
    const pane = panes(page).first();
    await expect(pane.getByText('Loading data...')).toHaveCount(0);
    await pane.focus();
    await page.keyboard.press('ArrowRight');
    await expect(pane.getByRole('status', { name: 'Data cursor' })).toContainText(
      /, 1 of 1: Last [\d,.]+ \(/,
    );
  });
});

test("another symbol takes the data cursor away: the legend shows the new symbol's latest bar", async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  const pane = panes(page).first();
  await chartReady(pane);
  const latest = (await legend(page).textContent()) ?? '';
  expect(latest).toMatch(/^SPX/);

  // The cursor on SYN-100K's last minute bar (in March 2020, inside SPX's last year); then SPX
  // again, with the pane still focused.
  await chartMinuteBars(pane, 'SYN-100K');
  await pane.focus();
  await page.keyboard.press('End');
  await expect(reading(page)).toContainText(/^Mar \d{2}, 2020/);
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SPX');
  await expect(pane).toHaveAccessibleDescription(/^SPX, /);
  await chartReady(pane);
  // Before, the crosshair was placed again at the old bar's time, and the legend showed SPX's bar
  // of that day.
  await expect(legend(page)).toHaveText(latest);
});

/** Minutes between a span's start and end as the legend writes it (`Jun 08, 2021, 19:12 – Jun 10, 05:20`, in UTC). */
function spanMinutes(text: string): number {
  const m =
    /([A-Z][a-z]{2} \d{2}), (\d{4}), (\d{2}:\d{2}) – (?:([A-Z][a-z]{2} \d{2})(?:, (\d{4}))?, )?(\d{2}:\d{2})/.exec(
      text,
    );
  if (!m) throw new Error(`No span in "${text}"`);
  const [, day, year, clock, endDay = day, endYear = year, endClock] = m;
  const start = Date.parse(`${day}, ${year} ${clock} UTC`);
  const end = Date.parse(`${endDay}, ${endYear} ${endClock} UTC`);
  return (end - start) / 60_000;
}

test('zoomed out on merged bars, the legend, the tooltip, the data window and the cursor say what a bar covers', async ({
  page,
}) => {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartMinuteBars(pane, 'SYN-1M');
  // A million minutes open on a coarse level: each bar merges many.
  const canvas = pane.locator('.chart-canvas');
  const factor = Number(await canvas.getAttribute('data-factor-in-view'));
  expect(factor).toBeGreaterThan(1);
  // The pane's description counts the bars drawn, and says what each merges (fewer in a finer window
  // spliced in beside the view's level, if one is).
  const most = factor.toLocaleString('en-US');
  await expect(pane).toHaveAccessibleDescription(
    new RegExp(`^SYN-1M, 1-minute bars, .*, each merging (up to|[\\d,]+ to) ${most} 1-minute bars, `),
  );
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.4);
  await expect(legend(page)).toContainText(' – ');
  // A bar of the coarse level covers `factor` minutes: its span runs to the next bar's start.
  expect(spanMinutes((await legend(page).textContent()) ?? '')).toBe(factor);
  const tooltip = pane.getByRole('tooltip');
  await expect(tooltip).toContainText(' – ');
  expect(spanMinutes((await tooltip.textContent()) ?? '')).toBe(factor);
  // The crosshair's label on the time axis writes the span too: as wide as start and end together
  // (about 210 px; the start alone, about 125 px). Counted in its accent fill, left of the price axis.
  const [labelColumns = []] = await colourColumns(
    page,
    { x: box.x, y: box.y + box.height - 26, width: box.width - 90, height: 24 },
    [ACCENT],
    24,
  );
  expect(labelColumns.filter((n) => n >= 8).length).toBeGreaterThan(170);

  await runFromPalette(page, 'Show data window');
  const window_ = page.getByRole('complementary', { name: 'Data window' });
  await expect(window_.locator('.data-window-row', { hasText: 'Bars merged' })).toContainText(
    factor.toLocaleString('en-US'),
  );

  await pane.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(reading(page)).toContainText(
    /^[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2} to .+, [\d,]+ bars merged: open /,
  );
});

test("the latest merged bar counts the minutes it holds so far, not its level's factor", async ({ page }) => {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartMinuteBars(pane, 'SYN-1M');
  const factor = Number(await pane.locator('.chart-canvas').getAttribute('data-factor-in-view'));
  expect(factor).toBeGreaterThan(1);
  await pane.focus();
  await page.keyboard.press('End');
  await expect(reading(page)).toContainText(' bars merged: open ');
  const text = (await reading(page).textContent()) ?? '';
  const merged = Number(/, ([\d,]+) bars merged: /.exec(text)?.[1]?.replaceAll(',', ''));
  // A million minutes in groups of `factor` leave the last group part full (checked: 1,000,000 is no
  // multiple of it), and the feed adds a minute at a time to that group.
  expect(1_000_000 % factor).toBeGreaterThan(0);
  expect(merged).toBeGreaterThan(0);
  expect(merged).toBeLessThan(factor);
});

test('the data cursor keeps its bar when its chart is resized: the legend names that bar, not the one under its old pixel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, ['candlestick', 'candlestick', 'candlestick']);
  await chartReady(page);
  await panes(page).first().focus();
  await page.keyboard.press('End');
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => readDate(page)).not.toBe('');
  const date = await readDate(page);
  await expect(legend(page)).toContainText(date);

  // The chart grows to the whole workspace: the same bar is now at another pixel.
  await runFromPalette(page, 'Maximize pane');
  await expect(panes(page)).toHaveCount(1);
  await expect
    .poll(async () => (await page.locator('.chart-canvas').first().boundingBox())?.width ?? 0)
    .toBeGreaterThan(1000);
  // What the chart says after its resize has settled (it once said the bar under the old pixel).
  await page.waitForTimeout(500);
  await expect(legend(page)).toContainText(date);
  expect(await readDate(page)).toBe(date);
});

test('an analytic chart’s data cursor keeps its item when the chart is resized: the next arrow steps from it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pane = await focusedAnalyticChart(page, 'bubble');
  const live = reading(page);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(', 1 of ');
  const first = (await live.textContent()) ?? '';
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(', 2 of ');
  const second = (await live.textContent()) ?? '';

  // The chart grows to the whole workspace: a new layout, every item at another pixel.
  const before = (await pane.locator('.analytic-canvas').boundingBox())?.width ?? 0;
  await runFromPalette(page, 'Maximize pane');
  await expect(panes(page)).toHaveCount(1);
  await expect
    .poll(async () => (await pane.locator('.analytic-canvas').boundingBox())?.width ?? 0)
    .toBeGreaterThan(before * 1.5);
  await page.waitForTimeout(300);
  // Still on the second item, with its tooltip; one step back is the first (it once went to the last).
  await expect(live).toHaveText(second);
  await expect(pane.getByRole('tooltip')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(live).toHaveText(first);
});
