import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chartReady,
  chooseFile,
  colourCounts,
  documentOf,
  downloadFrom,
  openFresh,
  openWithSavedWorkspace,
  panes,
  runFromPalette,
  storedItem,
  workspaceOf,
} from './support';

const UP = '#2e9e6a';
const DOWN = '#d9434f';
const DAY_MS = 86_400_000;

/** Daily OHLCV bars from 2023-01-02, the last close being `lastClose` (a real file's shape). */
function barsCsv(count: number, lastClose: number, { zeroAt = -1 } = {}): string {
  const lines = ['Date,Open,High,Low,Close,Volume'];
  const start = Date.UTC(2023, 0, 2);
  for (let i = 0; i < count; i++) {
    let close = i === count - 1 ? lastClose : 100 + 12 * Math.sin(i / 7) + (i % 5);
    let open = close + (i % 2 === 0 ? 1.5 : -1.5);
    if (i === zeroAt) {
      close = 0;
      open = 1;
    }
    const high = Math.max(open, close) + 1;
    const low = Math.max(0, Math.min(open, close) - 1);
    const date = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    lines.push(
      `${date},${open.toFixed(2)},${high.toFixed(2)},${low.toFixed(2)},${close.toFixed(2)},${1000 + 10 * i}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * One-minute EUR/USD bars as MetaTrader exports them: no header, `;`, `YYYYMMDD HHMMSS`, prices to
 * five decimals (a tenth of a pip).
 */
function eurusdMinutes(count: number): string {
  const lines: string[] = [];
  const start = Date.UTC(2024, 0, 2);
  let close = 1.08345;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Number((open + Math.sin(i / 9) * 0.0004 + (((i * 7919) % 13) - 6) * 0.00003).toFixed(5));
    const high = Math.max(open, close) + 0.00021;
    const low = Math.min(open, close) - 0.00017;
    const at = new Date(start + i * 60_000).toISOString();
    const stamp = `${at.slice(0, 10).replaceAll('-', '')} ${at.slice(11, 19).replaceAll(':', '')}`;
    lines.push(
      [stamp, open, high, low, close].map((v) => (typeof v === 'number' ? v.toFixed(5) : v)).join(';') +
        `;${100 + i}`,
    );
  }
  return lines.join('\n');
}

/** Row 3 is not a number, row 5 has high below low, row 7 repeats row 6's date. */
const BAD_ROWS = [
  'Date,Open,High,Low,Close,Volume',
  '2021-01-04,10,11,9,10.5,100',
  '2021-01-05,10.5,x,10,11,100',
  '2021-01-06,11,12,10.5,11.5,100',
  '2021-01-07,11.5,10,12,11,100',
  '2021-01-08,11,12,10.8,11.8,100',
  '2021-01-08,11.8,12.5,11.5,12.25,100',
].join('\n');

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

function importDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Import CSV' });
}

/** Answers the picker that `open` makes appear with one in-memory file. */
async function pickFile(page: Page, open: () => Promise<void>, name: string, content: string | Buffer) {
  await chooseFile(page, open, { name, text: content });
  await expect(importDialog(page)).toBeVisible();
}

/** A file dropped from the desktop onto `target` (a synthetic drag with a real DataTransfer). */
async function dropFile(target: Locator, name: string, content: string) {
  await target.evaluate(
    (element, { name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'text/csv' }));
      const fire = (type: string) =>
        element.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
      fire('dragenter');
      fire('dragover');
      fire('drop');
    },
    { name, content },
  );
}

/**
 * The symbols a chart offers, once the list is whole: the e2e build's history source
 * (e2e/fixtures/feeds.e2e.json) answers after the shipped symbols are listed, and its ABRA comes with
 * the rest of its symbols.
 */
async function symbolOptions(pane: Locator): Promise<string[]> {
  const options = pane.getByRole('combobox', { name: 'Symbol' }).locator('option');
  await expect(options.filter({ hasText: /^ABRA$/ })).toHaveCount(1);
  return options.allTextContents();
}

test.describe('Import CSV', () => {
  test('a CSV with bad rows shows those rows, and cancel changes nothing', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    const before = await documentOf(page);
    const symbolsBefore = await symbolOptions(pane);

    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'prices.csv', BAD_ROWS);
    const dialog = importDialog(page);
    await expect(dialog.getByRole('progressbar', { name: 'Reading the file' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(dialog.getByText('prices.csv', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('rows-read')).toHaveText('6');
    await expect(dialog.getByTestId('rows-kept')).toHaveText('3');
    await expect(dialog.getByTestId('problem-count')).toHaveText('3');
    await expect(dialog).toContainText('Date → time, Open, High, Low, Close, Volume');
    await expect(dialog).toContainText('YYYY-MM-DD');
    const kinds = dialog.getByRole('list', { name: 'Problems by kind' });
    await expect(kinds).toContainText('1 not a number');
    await expect(kinds).toContainText('1 high below low');
    await expect(kinds).toContainText('1 duplicate time');

    const rows = dialog.getByRole('table', { name: 'Problems by row' }).locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByRole('cell')).toHaveText(['3', 'High', "high 'x' is not a number"]);
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText('5');
    await expect(rows.nth(1)).toContainText('high 10 is below low 12');
    await expect(rows.nth(2).getByRole('cell').first()).toHaveText('7');
    await expect(rows.nth(2)).toContainText('repeats row 6');

    const repair = dialog.getByRole('region', { name: 'Proposed repair' });
    await expect(repair).toContainText('Skip 2 rows that cannot be read: rows 3, 5.');
    await expect(repair).toContainText('keep the last one in the file (1 row dropped)');
    await expect(dialog.getByRole('button', { name: 'Apply repair and import' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/csv-import-report.png' });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await documentOf(page)).toEqual(before);
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    // The worker dropped the import: no new symbol, even after the list is fetched again.
    await page.reload();
    await chartReady(panes(page).first());
    expect(await symbolOptions(panes(page).first())).toEqual(symbolsBefore);
  });

  test('a TradingView export keeps a bar whose volume is NaN, at 0, and says so by row', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(panes(page).first());
    const start = Date.UTC(2024, 0, 2, 14, 30) / 1000;
    const rows = Array.from({ length: 40 }, (_, i) => {
      const open = 4700 + i;
      const volume = i === 6 ? 'NaN' : String(3_000_000 + i);
      return [start + i * 86_400, open, open + 9, open - 11, open + 2, 'NaN', volume, 'NaN'].join(',');
    });
    const text = ['time,open,high,low,close,Basis,Volume,Volume MA', ...rows].join('\n');
    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'SP_SPX, 1D.csv', text);
    const dialog = importDialog(page);
    await expect(dialog.getByTestId('rows-kept')).toHaveText('40');
    await expect(dialog.getByRole('list', { name: 'Problems by kind' })).toContainText(
      '1 no volume (kept with 0)',
    );
    const problem = dialog.getByRole('table', { name: 'Problems by row' }).locator('tbody tr');
    await expect(problem.first().getByRole('cell')).toHaveText([
      '8',
      'Volume',
      "volume 'NaN' is not a number; the bar is kept with a volume of 0",
    ]);
    await page.screenshot({ path: 'test-results/csv-import-no-volume.png' });
    await dialog
      .getByRole('button', { name: /import/i })
      .last()
      .click();
    await expect(dialog).toBeHidden();
    const pane = panes(page).first();
    await chartReady(pane);
    await expect(pane).toHaveAccessibleDescription(/\(40 bars\)/);
  });

  test('a file exported here reads back under a readable name, which the dialog lets the user change', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    await pane.focus();
    const exported = await downloadFrom(page, () => runFromPalette(page, 'Export visible data as CSV'));
    // `spx-2026-12-05T02-03-48.csv`: the time of day it was written is no part of a ticker.
    expect(exported.name).toMatch(/^spx-\d{4}-\d\d-\d\dT[\d-]+\.csv$/);
    await pickFile(page, () => runFromPalette(page, 'Import CSV'), exported.name, exported.text);
    const dialog = importDialog(page);
    const name = dialog.getByRole('textbox', { name: /^Symbol/ });
    await expect(name).toHaveValue(/^SPX-\d{4}-\d\d-\d\d$/);
    // A name in use is refused, saying so; the dialog stays for another.
    await name.fill('spx');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The import failed: SPX is a symbol already: choose another name.',
    );
    await name.fill('spx-backtest');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(pane).toHaveAttribute('aria-label', 'SPX-BACKTEST · Candlestick');
    expect(await symbolOptions(pane)).toContain('SPX-BACKTEST');
  });

  test('a good CSV imports and charts, as one undo step, and a reload keeps it charted', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);

    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'acme daily.csv', barsCsv(120, 123.45));
    const dialog = importDialog(page);
    await expect(dialog.getByTestId('rows-kept')).toHaveText('120');
    await expect(dialog.getByText('The file needs no repair.')).toBeVisible();
    await expect(dialog).toContainText('2023-01-02 to 2023-05-01');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(pane).toHaveAttribute('aria-label', 'ACME-DAILY · Candlestick');
    await chartReady(pane);
    // Away from the chart, the legend shows the last bar (not the one under the crosshair).
    await page.mouse.move(0, 0);
    const legend = page.getByRole('group', { name: 'ACME-DAILY legend' });
    await expect(legend).toContainText('May 01, 2023');
    await expect(legend).toContainText('C 123.45');
    const box = await pane.locator('.chart-canvas').boundingBox();
    if (!box) throw new Error('no chart');
    const [up = 0, down = 0] = await colourCounts(
      page,
      { x: box.x + 4, y: box.y + 4, width: box.width - 90, height: box.height * 0.6 },
      [UP, DOWN],
    );
    expect(up, 'up candles drawn').toBeGreaterThan(100);
    expect(down, 'down candles drawn').toBeGreaterThan(100);
    expect(await symbolOptions(pane)).toContain('ACME-DAILY');

    // One step: undo charts SPX again, redo the import; the imported series stays available.
    await page.keyboard.press('Control+z');
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    await page.keyboard.press('Control+Shift+z');
    await expect(pane).toHaveAttribute('aria-label', 'ACME-DAILY · Candlestick');

    await expect
      .poll(async () => (await storedItem(page, 'workstation.workspace')) ?? '')
      .toContain('"symbol":"ACME-DAILY"');
    await page.reload();
    const restored = panes(page).first();
    await expect(restored).toHaveAttribute('aria-label', 'ACME-DAILY · Candlestick');
    await chartReady(restored);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('group', { name: 'ACME-DAILY legend' })).toContainText('C 123.45');
    expect(Object.values((await documentOf(page)).panes).map((p) => p.symbol)).toEqual(['ACME-DAILY']);
  });

  test('a forex file keeps its five decimals in the legend, the tooltip, the description, the data window and the watchlist', async ({
    page,
  }, info) => {
    await openFresh(page, ['candlestick', 'watchlist']);
    const [pane, list] = [panes(page).nth(0), panes(page).nth(1)];
    await chartReady(pane);
    const file = eurusdMinutes(600);
    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'EURUSD_M1.csv', file);
    const dialog = importDialog(page);
    await expect(dialog.getByTestId('rows-kept')).toHaveText('600');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(pane).toHaveAttribute('aria-label', 'EURUSD-M1 · Candlestick');
    await chartReady(pane);

    const fiveDecimals = /^1\.0\d{4}$/;
    await page.mouse.move(0, 0);
    const legend = pane.getByTestId('legend-values');
    for (const value of ['O', 'H', 'L', 'C']) {
      await expect(legend).toContainText(new RegExp(`${value} 1\\.0\\d{4}(?!\\d)`));
    }
    await expect(pane).toHaveAccessibleDescription(/first close 1\.0\d{4}, last close 1\.0\d{4}/);

    const box = await pane.locator('.chart-canvas').boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await expect(page.getByRole('tooltip')).toContainText(/O 1\.0\d{4} H 1\.0\d{4}(?!\d)/);

    await runFromPalette(page, 'Show data window');
    const section = page.getByRole('complementary', { name: 'Data window' }).getByRole('region', {
      name: 'EURUSD-M1 · Candlestick',
    });
    for (const label of ['Open', 'High', 'Low', 'Close', 'MA 20']) {
      await expect(
        section
          .locator('.data-window-row')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd'),
      ).toHaveText(fiveDecimals);
    }
    // MACD is in price units (a difference of averages): its values keep the decimals too, where at
    // two they all read 0.00.
    await pane.focus();
    await runFromPalette(page, 'Add study: MACD 12, 26, 9');
    for (const label of ['MACD', 'Signal']) {
      await expect(
        section
          .locator('.data-window-row')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd'),
      ).toHaveText(/^-?0\.\d{5}$/);
    }

    // An alert set from the chart starts at its last close, to the pip's tenth (1.0896, not 1.08964, before).
    const lastClose = Number(file.trim().split('\n').at(-1)?.split(';')[4]);
    await page.mouse.move(0, 0);
    await pane.focus();
    await page.keyboard.press('Alt+A');
    const create = page.getByRole('dialog', { name: 'Create alert' });
    await expect(create.getByRole('spinbutton', { name: 'Price' })).toHaveValue(String(lastClose));
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    // The watchlist quotes it at five decimals too.
    await list.focus();
    await runFromPalette(page, 'Add symbol to watchlist…');
    const adding = page.getByRole('dialog', { name: 'Add symbol to watchlist' });
    await adding.getByRole('combobox', { name: 'Symbol' }).selectOption('EURUSD-M1');
    await adding.getByRole('button', { name: 'Add' }).click();
    const row = list
      .getByRole('grid', { name: 'Watchlist' })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: 'EURUSD-M1', exact: true }) });
    await expect(row.getByRole('gridcell').nth(2)).toHaveText(fiveDecimals);
    await expect(row.getByRole('gridcell').nth(3)).toHaveText(/^[+-]?0\.\d{5}$/);

    // The price axis, drawn by lightweight-charts at the series' precision, is in the picture kept.
    const shot = await pane.screenshot();
    await info.attach('eurusd-five-decimals', { body: shot, contentType: 'image/png' });
  });

  test('a file dropped on a financial pane imports into that pane only', async ({ page }) => {
    await openFresh(page, ['candlestick', 'line']);
    const [left, right] = [panes(page).nth(0), panes(page).nth(1)];
    await chartReady(right);
    const canvas = right.locator('.chart-canvas');
    await canvas.evaluate((element) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'x.csv'));
      element.dispatchEvent(
        new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
    });
    await expect(right.getByText('Drop the CSV file to import it into this chart')).toBeVisible();
    await dropFile(canvas, 'dropped.csv', barsCsv(40, 77.5));
    const dialog = importDialog(page);
    await expect(dialog.getByTestId('rows-kept')).toHaveText('40');
    await expect(right.getByText('Drop the CSV file to import it into this chart')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(right).toHaveAttribute('aria-label', 'DROPPED · Line');
    await expect(left).toHaveAttribute('aria-label', 'SPX · Candlestick');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('group', { name: 'DROPPED legend' })).toContainText('C 77.50');
  });

  test('from a pane that is not a chart, the toolbar button opens the import in a new candlestick pane', async ({
    page,
  }) => {
    await openFresh(page, ['watchlist']);
    const before = await documentOf(page);
    await pickFile(
      page,
      () =>
        page
          .getByRole('toolbar', { name: 'Workspace tools' })
          .getByRole('button', { name: 'Import CSV' })
          .click(),
      'SPX.csv',
      barsCsv(30, 50),
    );
    const dialog = importDialog(page);
    // SPX is taken: the import never replaces a series the user has.
    await expect(dialog.getByRole('textbox', { name: /^Symbol/ })).toHaveValue('SPX-2');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(panes(page)).toHaveCount(2);
    const added = page.locator('[role="region"][data-pane-kind="candlestick"]');
    await expect(added).toHaveAttribute('aria-label', 'SPX-2 · Candlestick');
    await expect(added).toHaveAttribute('data-focused', 'true');
    await chartReady(added);
    await page.keyboard.press('Control+z');
    await expect(panes(page)).toHaveCount(1);
    expect(await documentOf(page)).toEqual(before);
  });

  test('a file that is not CSV gets a message, not a crash', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    const before = await documentOf(page);

    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'chart.png', PNG);
    const dialog = importDialog(page);
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('This file cannot be imported.');
    await expect(alert).toContainText('This file is a PNG image, not CSV text.');
    await expect(dialog.getByRole('button', { name: /Import/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/csv-import-not-csv.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await pickFile(
      page,
      () => runFromPalette(page, 'Import CSV'),
      'notes.txt',
      'Dear diary,\nNothing happened.\n',
    );
    await expect(dialog.getByRole('alert')).toContainText('No column of dates or times was found.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(await documentOf(page)).toEqual(before);
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    expect(errors).toEqual([]);
  });

  test('the log-scale warning appears for an imported series that reaches zero', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    // From the pane's context menu this time.
    await pane.locator('.chart-canvas').click({ button: 'right' });
    await pickFile(
      page,
      () =>
        page
          .getByRole('menu', { name: 'Pane actions' })
          .getByRole('menuitem', { name: 'Import CSV' })
          .click(),
      'zero.csv',
      barsCsv(60, 20, { zeroAt: 30 }),
    );
    await importDialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await expect(pane).toHaveAttribute('aria-label', 'ZERO · Candlestick');
    await chartReady(pane);

    await pane.getByRole('button', { name: 'Log scale' }).click();
    await expect(pane.getByRole('button', { name: 'Log scale' })).toHaveAttribute('aria-pressed', 'true');
    await expect(pane.getByText('Log scale unavailable: prices reach zero')).toBeVisible();
    await expect
      .poll(() => warnings.find((w) => w.startsWith('Logarithmic price axis is not possible')))
      .toContain('a log axis cannot contain zero or negative values');
  });

  test('a restarted data engine serves the imported series again', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    await pickFile(page, () => runFromPalette(page, 'Import CSV'), 'kept.csv', barsCsv(25, 42));
    await importDialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await expect(pane).toHaveAttribute('aria-label', 'KEPT · Candlestick');

    const generation = await page.evaluate(() => window.__engine?.workerGeneration ?? 0);
    await page.evaluate(() => window.__engine?.crash());
    await expect.poll(() => page.evaluate(() => window.__engine?.workerGeneration ?? 0)).toBe(generation + 1);
    const symbol = pane.getByRole('combobox', { name: 'Symbol' });
    await symbol.selectOption('SPX');
    await expect(pane).toHaveAttribute('aria-label', 'SPX · Candlestick');
    await symbol.selectOption('KEPT');
    await chartReady(pane);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('group', { name: 'KEPT legend' })).toContainText('C 42.00');
  });

  test('a workspace whose imported data is gone shows a message in the pane', async ({ page }) => {
    await openWithSavedWorkspace(
      page,
      workspaceOf(['candlestick']).replace('"symbol":"SPX"', '"symbol":"GONE"'),
    );
    const pane = panes(page).first();
    await expect(pane).toHaveAttribute('aria-label', 'GONE · Candlestick');
    await expect(pane.getByRole('alert')).toContainText('No data for GONE');
    await expect(pane.getByRole('alert')).toContainText('import the file again');
  });
});
