import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { DRAWING_BLUE } from './drawing-support';
import {
  chartMinuteBars,
  chartReady,
  colourCounts,
  openWithSavedWorkspace,
  panes,
  pngColourCounts,
  runFromPalette,
  workspaceOf,
} from './support';

/** Keeps a picture in the test's output folder (test-results/), to be looked at. */
async function keep(info: TestInfo, name: string, bytes: Buffer): Promise<void> {
  const path = info.outputPath(`${name}.png`);
  await writeFile(path, bytes);
  await info.attach(name, { path, contentType: 'image/png' });
}

/** Runs a palette command that downloads a file; returns its name and bytes. */
async function download(page: Page, command: string): Promise<{ name: string; bytes: Buffer }> {
  const pending = page.waitForEvent('download');
  await runFromPalette(page, command);
  const file = await pending;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) as string) };
}

/**
 * The share of pixels of `actual` (from row `top` down) that match `expected` pixel for pixel within
 * `tolerance` (sum of the channel differences), the two being the same size below that row.
 */
function matchingShare(page: Page, expected: Buffer, actual: Buffer, top: number, tolerance = 24) {
  return page.evaluate(
    async ({ a, b, top, tolerance }) => {
      const pixels = async (b64: string) => {
        const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const want = await pixels(a);
      const got = await pixels(b);
      let same = 0;
      for (let y = 0; y < want.height; y++) {
        for (let x = 0; x < want.width; x++) {
          const i = (y * want.width + x) * 4;
          const j = ((y + top) * got.width + x) * 4;
          let d = 0;
          for (let k = 0; k < 3; k++)
            d += Math.abs((want.data[i + k] as number) - (got.data[j + k] as number));
          if (d <= tolerance) same++;
        }
      }
      return same / (want.width * want.height);
    },
    { a: expected.toString('base64'), b: actual.toString('base64'), top, tolerance },
  );
}

const themeColour = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test.describe('export', () => {
  test('a chart exported as PNG decodes with the pixels the pane shows, under its caption', async ({
    page,
  }, info) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    const up = await themeColour(page, '--color-up');
    const down = await themeColour(page, '--color-down');
    const holder = page.locator('.chart-canvas').first();
    const box = await holder.boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width + 50, box.y - 40);
    const [onScreenUp = 0, onScreenDown = 0] = await colourCounts(page, box, [up, down]);
    expect(onScreenUp).toBeGreaterThan(500);

    await panes(page).first().focus();
    const png = await download(page, 'Export pane as PNG');
    await keep(info, 'exported-pane', png.bytes);
    const image = await pngColourCounts(page, png.bytes, [up, down]);
    expect(image.width).toBe(Math.round(box.width));
    expect(image.height).toBe(Math.round(box.height) + 28);
    // Below the caption, the picture is what the pane shows, pixel for pixel.
    const onScreen = await page.screenshot({ clip: box });
    expect(await matchingShare(page, onScreen, png.bytes, 28)).toBeGreaterThan(0.97);
    // And it is the chart (candles of both colours), not a blank of the background.
    const [exportedUp = 0, exportedDown = 0] = image.counts;
    expect(exportedUp).toBeGreaterThan(onScreenUp / 2);
    expect(exportedDown).toBeGreaterThan(onScreenDown / 2);
  });

  test('a selected drawing exports as it is drawn, without its handles and axis labels', async ({
    page,
  }, info) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    const pane = panes(page).first();
    const box = await page.locator('.chart-canvas').first().boundingBox();
    if (!box) throw new Error('no chart');
    await pane.getByRole('button', { name: 'Draw trend line' }).click();
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.2);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await expect(pane).toHaveAttribute('data-annotation-count', '1');
    await page.mouse.move(box.x + box.width + 50, box.y - 40);
    // Selected on screen: its handles and its anchors' labels on both axes are drawn in its blue.
    const [onScreenSelected = 0] = await colourCounts(page, box, [DRAWING_BLUE], 80);

    await pane.focus();
    const selected = await download(page, 'Export pane as PNG');
    await keep(info, 'exported-selected-drawing', selected.bytes);
    // On screen, the drawing is still selected after the export.
    await expect
      .poll(async () => (await colourCounts(page, box, [DRAWING_BLUE], 80))[0])
      .toBeGreaterThan(onScreenSelected - 100);
    await runFromPalette(page, 'Deselect annotation');
    await expect
      .poll(async () => (await colourCounts(page, box, [DRAWING_BLUE], 80))[0])
      .toBeLessThan(onScreenSelected - 300);
    const unselected = await download(page, 'Export pane as PNG');
    const [withSelection = 0] = (await pngColourCounts(page, selected.bytes, [DRAWING_BLUE], 80)).counts;
    const [without = 0] = (await pngColourCounts(page, unselected.bytes, [DRAWING_BLUE], 80)).counts;
    // The line is in both pictures, and nothing of the selection: its two labels on each axis and its
    // handles are thousands of blue pixels.
    expect(without).toBeGreaterThan(200);
    expect(Math.abs(withSelection - without)).toBeLessThan(20);
  });

  test('the workspace exports as one PNG of every pane where it is', async ({ page }, info) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick', 'donut']));
    await chartReady(page);
    const area = await page.getByRole('main', { name: 'Workspace' }).boundingBox();
    if (!area) throw new Error('no workspace');
    const up = await themeColour(page, '--color-up');
    const png = await download(page, 'Export workspace as PNG');
    expect(png.name).toMatch(/^workspace-.*\.png$/);
    await keep(info, 'exported-workspace', png.bytes);
    const image = await pngColourCounts(page, png.bytes, [up]);
    expect(image.width).toBe(Math.round(area.width));
    expect(image.height).toBe(Math.round(area.height) + 28);
    expect(image.counts[0]).toBeGreaterThan(200);
  });

  test('a symbol of closes only exports its time and close, as its chart and data table show it', async ({
    page,
  }) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    const pane = panes(page).first();
    await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('IBM');
    await expect(pane).toHaveAttribute('aria-label', 'IBM · Candlestick');
    await chartReady(pane);
    await pane.focus();
    const csv = await download(page, 'Export visible data as CSV');
    expect(csv.name).toMatch(/^ibm-.*\.csv$/);
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('time,close');
    expect(lines.at(-1)).toBe('2010-03-01,125.55');
    await runFromPalette(page, 'Show data table');
    await expect(page.getByRole('dialog', { name: 'Data table: IBM' })).toContainText(
      'IBM, monthly closes in view',
    );
    const table = page.getByRole('dialog', { name: 'Data table: IBM' }).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Close', 'Change']);
  });

  test("a chart's bars in view export as CSV, the rows the data table lists", async ({ page }) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    await panes(page).first().focus();
    const csv = await download(page, 'Export visible data as CSV');
    expect(csv.name).toMatch(/^spx-.*\.csv$/);
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('time,open,high,low,close,volume');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d,[\d.]+,[\d.]+,[\d.]+,[\d.]+,\d+$/);

    await runFromPalette(page, 'Show data table');
    const table = page.getByRole('dialog', { name: 'Data table: SPX' }).getByRole('table');
    // aria-rowcount counts the header row too, as the CSV does.
    await expect(table).toHaveAttribute('aria-rowcount', String(lines.length));
  });

  test('zoomed out on merged bars, the CSV has the single bars of the range in view, not the merged ones', async ({
    page,
  }) => {
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    const pane = panes(page).first();
    await chartMinuteBars(pane, 'SYN-100K');
    // All of SYN-100K in view: the chart shows merged bars (a coarse level).
    await pane.getByRole('button', { name: 'Show all data' }).click();
    const factor = Number(await pane.locator('.chart-canvas').getAttribute('data-factor-in-view'));
    expect(factor).toBeGreaterThan(1);
    await pane.focus();
    const csv = await download(page, 'Export visible data as CSV');
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('time,open,high,low,close,volume');
    const times = lines.slice(1).map((line) => Date.parse(line.slice(0, line.indexOf(','))) / 1000);
    // One row a minute, the minutes of the whole series (100,000 and those the feed added since).
    expect(times[1] - times[0]).toBe(60);
    expect(times.every((t, i) => i === 0 || t - (times[i - 1] as number) === 60)).toBe(true);
    expect(lines.length - 1).toBeGreaterThanOrEqual(100_000);
  });

  test('ten million bars in view export as merged rows, each saying how many bars it holds', async ({
    page,
  }) => {
    // Loads ten million bars and writes a million rows: up to 30 s beside the other worker.
    test.setTimeout(60_000);
    await openWithSavedWorkspace(page, workspaceOf(['candlestick']));
    await chartReady(page);
    const pane = panes(page).first();
    await chartMinuteBars(pane, 'SYN-10M');
    await pane.getByRole('button', { name: 'Show all data' }).click();
    await pane.focus();
    const csv = await download(page, 'Export visible data as CSV');

    // Ten million bars: more than an export's million rows, so each row merges several and says how
    // many (the last one what is left): ten million in all, and the minutes the feed added.
    await expect(page.getByText(/holds more than 1,000,000 bars: each row merges several/)).toBeVisible();
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('time,open,high,low,close,volume,bars');
    const counts = lines.slice(1).map((line) => Number(line.slice(line.lastIndexOf(',') + 1)));
    const factor = counts[0] as number;
    expect(factor).toBeGreaterThan(10);
    expect(lines.length - 1).toBeLessThanOrEqual(1_000_000);
    expect(counts.slice(0, -1).every((n) => n === factor)).toBe(true);
    expect(counts.at(-1)).toBeLessThanOrEqual(factor);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10_000_000);
    expect(lines[1]).toMatch(new RegExp(`^2020-01-01T00:00:00\\+00:00(,[\\d.]+){5},${factor}$`));
  });
});
