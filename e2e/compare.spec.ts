import { expect, type Page, test } from '@playwright/test';
import {
  chartReady,
  colourColumns,
  colourRows,
  documentOf,
  openFresh,
  panes,
  runFromPalette,
} from './support';

const COMPARED = '#bd5aa7'; // the first compared symbol's (the palette's last)
const BASE = '#b2b5be'; // lightweight-charts' base line at 0 % in percentage mode

type Band = { x: number; y: number; width: number; height: number };

/**
 * Where the compared line begins, against the 0 % line: the compared line's mean row over its first
 * three columns in a band at the chart's left edge, and how far that is from the row of the base
 * line lightweight-charts draws at 0 % in percentage mode (its default colour, across the chart).
 * The chart's own line starts on it too, but the compared line, drawn later, covers it there.
 */
async function startRows(
  page: Page,
  band: Band,
  chart: Band,
): Promise<{ compared: number; gap: number } | null> {
  const [columns = []] = await colourColumns(page, band, [COMPARED], 30);
  const first = columns.findIndex((n) => n > 0);
  if (first < 0) return null;
  const [compared = []] = await colourRows(page, { ...band, x: band.x + first, width: 3 }, [COMPARED], 30);
  const [base = []] = await colourRows(page, { ...chart, y: band.y, height: band.height }, [BASE], 12);
  const total = compared.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const mean = compared.reduce((sum, n, row) => sum + n * row, 0) / total;
  const baseRow = base.indexOf(Math.max(...base));
  return { compared: mean, gap: Math.abs(baseRow - mean) };
}

test('a compared symbol is a line in percent that starts at 0 % at the first bar in view', async ({
  page,
}) => {
  await openFresh(page, ['line']);
  await chartReady(page);
  const pane = panes(page).first();
  const chart = pane.locator('.chart-canvas');
  // SPX's whole history: the view's last bar index, before comparing anything.
  await pane.getByRole('button', { name: 'Show all data' }).click();
  // Read once the chart has drawn the whole history (from bar 0): read before, it is the last year's
  // view, which ends at the last bar without the right offset the whole view has (5104, not 5107).
  await expect(chart).toHaveAttribute('data-visible-from', '0.0');
  const lastIndex = await chart.getAttribute('data-visible-to');
  await pane.focus();
  await runFromPalette(page, 'Compare symbol…');
  const dialog = page.getByRole('dialog', { name: 'Compare symbol' });
  await dialog.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
  await dialog.getByRole('button', { name: 'Compare' }).click();
  await expect(dialog).toHaveCount(0);
  const paneId = (await pane.getAttribute('data-pane-id')) as string;
  const settings = () =>
    documentOf(page).then(
      (d) =>
        (d.panes[paneId] as unknown as { settings: { compare?: string[]; compareScale?: string } }).settings,
    );
  await expect.poll(async () => (await settings()).compare).toEqual(['AAPL']);
  const legend = pane.getByRole('group', { name: 'SPX legend' });
  await expect(legend).toContainText('AAPL %');

  // AAPL's monthly closes run from 2000 to 2010: show SPX's whole history, from 2000.
  await pane.getByRole('button', { name: 'Show all data' }).click();
  // Laid on SPX's trading days, AAPL's closes (on the 1st of each month, a weekend now and then) add
  // no bar to the chart: its bar indexes, which drawings and the data cursor go by, are SPX's.
  await expect(chart).toHaveAttribute('data-visible-to', lastIndex ?? '');
  // Both lines start at 0 % at the left edge: at the same height there, within a few pixels.
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width + 40, box.y - 20);
  const band = { x: box.x + 1, y: box.y, width: 30, height: box.height };
  await expect.poll(async () => (await startRows(page, band, box))?.gap).toBeLessThan(6);
  const before = (await startRows(page, band, box))?.compared;

  // Zoomed in about the middle, the first bar in view is a later one (about mid-2003): both lines
  // are measured from it, so they meet again there.
  await pane.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.mouse.move(box.x + box.width + 40, box.y - 20);
  await expect.poll(async () => (await startRows(page, band, box))?.compared).not.toBe(before);
  await expect.poll(async () => (await startRows(page, band, box))?.gap).toBeLessThan(6);

  // Indexed to 100 instead of percent: the axis is drawn anew, the legend says so, one undo step.
  // The price axis: the chart's right 78 px.
  const axis = { x: box.x + box.width - 76, y: box.y, width: 74, height: box.height * 0.8 };
  const percentAxis = await page.screenshot({ clip: axis });
  await pane.focus();
  await runFromPalette(page, 'Compare indexed to 100');
  await expect(legend).toContainText('AAPL = 100');
  await expect.poll(async () => (await settings()).compareScale).toBe('indexed');
  await expect
    .poll(async () => Buffer.compare(await page.screenshot({ clip: axis }), percentAxis))
    .not.toBe(0);
  // The lines keep their shapes: still starting on the base line (at 100 now).
  await expect.poll(async () => (await startRows(page, band, box))?.gap).toBeLessThan(6);
  await page.keyboard.press('Control+z');
  await expect(legend).toContainText('AAPL %');

  // Stop comparing: one undo step brings it back.
  await legend.getByRole('button', { name: 'Stop comparing AAPL' }).click();
  await expect.poll(async () => (await settings()).compare).toEqual([]);
  await expect.poll(() => startRows(page, band, box)).toBeNull();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await settings()).compare).toEqual(['AAPL']);
});

test("the compare dialog gives each symbol's span of data and says when none of it is in view, as the legend does after", async ({
  page,
}) => {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await chartReady(pane);
  // SPX opens on its last year (2019 to 2020); AAPL's monthly closes end in March 2010.
  await pane.focus();
  await runFromPalette(page, 'Compare symbol…');
  const dialog = page.getByRole('dialog', { name: 'Compare symbol' });
  const symbol = dialog.getByRole('combobox', { name: 'Symbol' });
  // The dialog starts on a symbol that has bars in the view (the fixtures' monthly stocks end in 2010).
  await expect(symbol).toHaveAccessibleDescription(/^\S+ has bars from .*\.$/);
  await expect(symbol).not.toHaveAccessibleDescription(/none in the chart's view/);
  await symbol.selectOption('AAPL');
  await expect(symbol).toHaveAccessibleDescription(
    /^AAPL has bars from \w{3} \d\d, 2000 to Mar 01, 2010: none in the chart's view/,
  );
  // Compared all the same, its legend entry goes on saying its line is empty in the view.
  await dialog.getByRole('button', { name: 'Compare' }).click();
  const entry = pane.getByRole('group', { name: 'SPX legend' }).locator('.legend-compared');
  const empty = entry.getByText('no data in view');
  await expect(entry).toContainText('AAPL %');
  await expect(empty).toBeVisible();
  // Back to where AAPL has closes: the note goes; and comes back with a view after them.
  await pane.getByRole('button', { name: 'Show all data' }).click();
  await expect(empty).toHaveCount(0);
  await pane.getByRole('button', { name: 'Show 1Y' }).click();
  await expect(empty).toBeVisible();
  await entry.getByRole('button', { name: 'Stop comparing AAPL' }).click();
  await expect(entry).toHaveCount(0);

  // The whole history in view: the span overlaps it, and the note only gives the span.
  await pane.getByRole('button', { name: 'Show all data' }).click();
  await expect(dialog).toHaveCount(0);
  await pane.focus();
  await runFromPalette(page, 'Compare symbol…');
  await symbol.selectOption('AAPL');
  await expect(symbol).toHaveAccessibleDescription(/^AAPL has bars from \w{3} \d\d, 2000 to Mar 01, 2010\.$/);
});
