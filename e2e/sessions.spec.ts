import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chartMinuteBars,
  chartReady,
  colourColumns,
  colourCounts,
  openFresh,
  panes,
  pixelAt,
  runFromPalette,
} from './support';

async function chartBox(page: Page) {
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  // The pointer away from the plot: no crosshair.
  await page.mouse.move(box.x + box.width + 40, box.y - 40);
  return box;
}

/** The chart's background colour, read where nothing is drawn: over the price axis, at its top. */
async function chartBackground(page: Page): Promise<string> {
  const box = await chartBox(page);
  const [r, g, b] = await pixelAt(page, box.x + box.width - 30, box.y + 2);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** How many pixels of a strip across the top of the plot have exactly the background colour. */
async function backgroundPixels(page: Page, background: string): Promise<number> {
  const box = await chartBox(page);
  const strip = { x: box.x + 2, y: box.y + 4, width: box.width - 100, height: 6 };
  const [count = 0] = await colourCounts(page, strip, [background], 0);
  return count;
}

/**
 * Per column of a strip across the plot, how many of its pixels have exactly the background colour.
 * The strip lies under the legend and above the candles (lightweight-charts keeps the top fifth of
 * the price scale clear of them), where only shading, breaks and grid lines are drawn.
 */
async function backgroundColumns(page: Page, background: string): Promise<number[]> {
  const box = await chartBox(page);
  const strip = { x: box.x + 2, y: box.y + Math.round(box.height * 0.14), width: box.width - 100, height: 6 };
  const [columns = []] = await colourColumns(page, strip, [background], 0);
  return columns;
}

/** Widths of the runs of columns with no background pixel (shaded), widest first. */
function shadedRuns(columns: number[]): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const count of [...columns, 1]) {
    if (count === 0) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  return runs.sort((a, b) => b - a);
}

/** A chart of SYN-100K's last month in 15-minute bars, in New York time. */
async function lastMonthOfSyn100k(page: Page): Promise<Locator> {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartReady(pane);
  await chartMinuteBars(pane, 'SYN-100K');
  await runFromPalette(page, 'Time zone: New York');
  await pane.getByRole('combobox', { name: 'Interval' }).selectOption('15m');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 15-minute bars, /);
  await pane.getByRole('button', { name: 'Show 1M' }).click();
  return pane;
}

test('an intraday chart shades, marks or leaves out the hours its symbol does not trade, and counts hours from the open', async ({
  page,
}, info) => {
  // A month of minute bars, resampled three times and read by pixels: up to 30 s beside the other worker.
  test.setTimeout(60_000);
  const pane = await lastMonthOfSyn100k(page);

  // The simulated series ticks around the clock; its symbol keeps NYSE hours (6.5 of 24 a weekday).
  const background = await chartBackground(page);
  const plain = await backgroundPixels(page, background);
  await pane.focus();
  await runFromPalette(page, 'Out-of-session bars: shade');
  await expect.poll(() => backgroundPixels(page, background)).toBeLessThan(plain * 0.5);
  const shaded = await backgroundPixels(page, background);
  expect(shaded).toBeGreaterThan(plain * 0.1);
  const path = info.outputPath('sessions-shaded.png');
  await page.screenshot({ path });
  await info.attach('out-of-session shading', { path, contentType: 'image/png' });

  // Hidden: only in-session bars are left, and hourly bars start at the 09:30 open.
  await runFromPalette(page, 'Out-of-session bars: hide');
  await pane.getByRole('combobox', { name: 'Interval' }).selectOption('1h');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 1-hour bars, /);
  const unbroken = await backgroundColumns(page, background);
  await pane.focus();
  await runFromPalette(page, 'Show session breaks');
  // A dashed line at each session open: a month of weekdays puts about 20 in view, a column each.
  await expect
    .poll(async () => {
      const broken = await backgroundColumns(page, background);
      return broken.filter((count, x) => count < (unbroken[x] ?? 0)).length;
    })
    .toBeGreaterThanOrEqual(15);
  const breaks = info.outputPath('sessions-hidden-breaks.png');
  await page.screenshot({ path: breaks });
  await info.attach('in-session bars with breaks', { path: breaks, contentType: 'image/png' });
  await pane.focus();
  await runFromPalette(page, 'Show data table');
  const table = page.getByRole('dialog', { name: 'Data table: SYN-100K' }).getByRole('table');
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  const times = await table.getByRole('rowheader').allTextContents();
  expect(times.length).toBeGreaterThan(10);
  const clocks = new Set(times.map((t) => t.slice(-5)));
  expect([...clocks].sort()).toEqual(['09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30']);
  await page.keyboard.press('Escape');

  // Each change was one step: undo the interval, the breaks and the hiding, and every bar is back.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 15-minute bars, /);
  await page.keyboard.press('Control+z');
  await expect.poll(() => backgroundPixels(page, background)).toBeGreaterThan(plain * 0.8);
});

test('an intraday chart keeps an exchange holiday closed: no bar on Presidents Day, shaded whole', async ({
  page,
}, info) => {
  // A month of minute bars, resampled three times and read by pixels: up to 30 s beside the other worker.
  test.setTimeout(60_000);
  // SYN-100K's minutes run from 2020-01-01 to 2020-03-10: its last month holds Monday 2020-02-17,
  // Washington's Birthday, when the NYSE (whose hours the simulated symbols keep) is closed.
  const pane = await lastMonthOfSyn100k(page);
  await pane.focus();
  await runFromPalette(page, 'Out-of-session bars: shade');
  // Shaded whole: the long weekend's band (Friday 16:00 to Tuesday 09:30, 89.5 hours) is wider than
  // any other weekend's (65.5 hours) by the holiday, about 1.37 times; with the Monday's trading hours
  // left clear it would be no wider. The series ticks around the clock, so width follows time.
  const background = await chartBackground(page);
  await expect
    .poll(async () => {
      const [longest = 0, weekend = 1] = shadedRuns(await backgroundColumns(page, background));
      return Math.round((longest / weekend) * 100) / 100;
    })
    .toBeGreaterThan(1.25);
  const [longest = 0, weekend = 1] = shadedRuns(await backgroundColumns(page, background));
  expect(longest / weekend).toBeLessThan(1.5);
  const shaded = info.outputPath('holiday-shaded.png');
  await page.screenshot({ path: shaded });
  await info.attach('Presidents Day 2020 shaded whole', { path: shaded, contentType: 'image/png' });

  // In hourly bars the 16:00 close falls between two bars: the bands still cover only the closed
  // hours (lightweight-charts places whole bar indexes only; ours puts a time between bars between them).
  await pane.getByRole('combobox', { name: 'Interval' }).selectOption('1h');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 1-hour bars, /);
  await pane.getByRole('button', { name: 'Show 1M' }).click();
  await runFromPalette(page, 'Out-of-session bars: show');
  const plain = await backgroundPixels(page, background);
  await pane.focus();
  await runFromPalette(page, 'Out-of-session bars: shade');
  await expect.poll(() => backgroundPixels(page, background)).toBeLessThan(plain * 0.6);
  expect(await backgroundPixels(page, background)).toBeGreaterThan(plain * 0.15);
  const hourly = info.outputPath('hourly-shaded.png');
  await page.screenshot({ path: hourly });
  await info.attach('hourly bars shaded', { path: hourly, contentType: 'image/png' });

  // Hidden, in hourly bars: the data table of the bars in view has the days around the holiday and
  // none of it.
  await runFromPalette(page, 'Out-of-session bars: hide');
  await pane.getByRole('combobox', { name: 'Interval' }).selectOption('1h');
  await expect(pane).toHaveAccessibleDescription(/^SYN-100K, 1-hour bars, /);
  await pane.getByRole('button', { name: 'Show 1M' }).click();
  await chartBox(page);
  const hidden = info.outputPath('holiday-hidden.png');
  await page.screenshot({ path: hidden });
  await info.attach('Presidents Day 2020 left out', { path: hidden, contentType: 'image/png' });
  await pane.focus();
  await runFromPalette(page, 'Show data table');
  const dialog = page.getByRole('dialog', { name: 'Data table: SYN-100K' });
  const summary = (await dialog.getByText(/ bars, times in /).textContent()) ?? '';
  const count = Number(/, (\d+) bars/.exec(summary)?.[1]);
  expect(count).toBeGreaterThan(100);
  // Every row, read by paging down the table as a person does (only rows near the view are in the page).
  const region = dialog.getByRole('region', { name: 'Bars in view' });
  await region.focus();
  const times = new Set<string>();
  await expect
    .poll(
      async () => {
        for (const time of await region.getByRole('rowheader').allTextContents()) times.add(time);
        if (times.size < count) await page.keyboard.press('PageDown');
        return times.size;
      },
      { intervals: [100], timeout: 20_000 },
    )
    .toBe(count);
  const perDay = new Map<string, number>();
  for (const time of times) perDay.set(time.slice(0, 12), (perDay.get(time.slice(0, 12)) ?? 0) + 1);
  // The Friday before and the Tuesday after have their seven hourly bars (09:30 to 15:30); Monday none.
  expect(perDay.get('Feb 14, 2020')).toBe(7);
  expect(perDay.get('Feb 18, 2020')).toBe(7);
  expect(perDay.has('Feb 17, 2020')).toBe(false);
  await page.keyboard.press('Escape');
});
