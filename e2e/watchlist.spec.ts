import { expect, type Locator, type Page, test } from '@playwright/test';
import { documentOf, openFresh, paneIds, panes, runFromPalette } from './support';

const UNSORTED = ['SPX', 'AAPL', 'AMZN', 'GOOG', 'IBM', 'MSFT'];
/** By the change of the last monthly (stocks.csv) or daily (S&P 500) close. */
const BY_CHANGE_PERCENT_DESCENDING = ['AAPL', 'AMZN', 'GOOG', 'SPX', 'MSFT', 'IBM'];
/** The last 60 daily closes of the S&P 500: 3,325.54 on 2020-01-23 to 2,874.56 on 2020-04-17. */
const SPX_TREND = 'SPX trend, down 13.6% over 60 trading days';

function watchlistIn(scope: Page | Locator): Locator {
  return scope.getByRole('grid', { name: 'Watchlist' });
}

/** Data rows (the header row has column headers, not cells). */
function dataRows(grid: Locator): Locator {
  return grid.getByRole('row').filter({ has: grid.page().getByRole('gridcell') });
}

function rowOf(grid: Locator, symbol: string): Locator {
  return dataRows(grid).filter({
    has: grid.page().getByRole('gridcell', { name: symbol, exact: true }),
  });
}

/** Symbols in the order the grid shows them. */
async function rowSymbols(grid: Locator): Promise<string[]> {
  return dataRows(grid).evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
}

async function symbolOf(page: Page, paneId: string): Promise<string | undefined> {
  return (await documentOf(page)).panes[paneId]?.symbol;
}

async function historyDepth(page: Page): Promise<number> {
  return page.evaluate(() => window.__workstation?.historyDepth() ?? -1);
}

test.describe('watchlist: quotes from the data worker, sorting, selection and linking', () => {
  test('quotes come from a Web Worker and match the fixtures', async ({ page }) => {
    await openFresh(page);
    const grid = watchlistIn(page);
    await expect(grid).toBeVisible();
    await expect
      .poll(() => page.workers().map((w) => new URL(w.url()).pathname))
      .toEqual([expect.stringMatching(/data-engine/)]);

    // The S&P 500 closed at 2,874.56 on 2020-04-17, up 75.01 from 2,799.55.
    await expect(rowOf(grid, 'SPX').getByRole('gridcell')).toHaveText([
      'SPX',
      'S&P 500',
      '2,874.56',
      '+75.01',
      '+2.68%',
      SPX_TREND,
    ]);
    // The 60 closes of IBM are monthly (stocks.csv): 70.77 in April 2005 to 125.55 in March 2010.
    await expect(rowOf(grid, 'IBM').getByRole('gridcell')).toHaveText([
      'IBM',
      'IBM',
      '125.55',
      '-1.61',
      '-1.27%',
      'IBM trend, up 77.4% over 60 months',
    ]);
    expect(await rowSymbols(grid)).toEqual(UNSORTED);
    await expect(page.getByText('Loading data...')).toHaveCount(0);
  });

  test('clicking a column header sorts, clicking again flips, and undo restores the order', async ({
    page,
  }) => {
    await openFresh(page);
    const grid = watchlistIn(page);
    const header = grid.getByRole('columnheader', { name: 'Change %' });
    await expect(rowOf(grid, 'SPX')).toBeVisible();
    await expect(header).toHaveAttribute('aria-sort', 'none');

    await header.getByRole('button', { name: 'Change %' }).click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(dataRows(grid).first().getByRole('gridcell').nth(4)).toHaveText('+8.99%');
    await expect.poll(() => rowSymbols(grid)).toEqual(BY_CHANGE_PERCENT_DESCENDING);

    await header.getByRole('button', { name: 'Change %' }).click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => rowSymbols(grid)).toEqual([...BY_CHANGE_PERCENT_DESCENDING].reverse());

    await page.keyboard.press('Control+z');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => rowSymbols(grid)).toEqual(BY_CHANGE_PERCENT_DESCENDING);
    await page.keyboard.press('Control+z');
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => rowSymbols(grid)).toEqual(UNSORTED);

    // Sorting is part of the pane: another column takes over.
    await grid.getByRole('button', { name: 'Symbol' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => rowSymbols(grid)).toEqual([...UNSORTED].sort());
  });

  test('rows are selected by keyboard and mouse; a burst of arrow keys is one undo step', async ({
    page,
  }) => {
    await openFresh(page);
    const [paneId = ''] = await paneIds(page);
    const grid = watchlistIn(page);
    const spx = rowOf(grid, 'SPX');
    await expect(spx).toHaveAttribute('aria-selected', 'true');
    expect(await symbolOf(page, paneId)).toBe('SPX');

    // Keyboard: the selected row is the grid's tab stop; ArrowDown selects the next row.
    await spx.focus();
    await page.keyboard.press('ArrowDown');
    await expect(rowOf(grid, 'AAPL')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(grid, 'AAPL')).toBeFocused();
    await expect(spx).toHaveAttribute('aria-selected', 'false');
    expect(await symbolOf(page, paneId)).toBe('AAPL');

    // Mouse.
    await rowOf(grid, 'IBM').click();
    await expect(rowOf(grid, 'IBM')).toHaveAttribute('aria-selected', 'true');
    await expect(grid.locator('[aria-selected="true"]')).toHaveCount(1);
    expect(await symbolOf(page, paneId)).toBe('IBM');

    // A recorded step (a sort) in between, so the burst cannot join the selections above.
    await grid.getByRole('button', { name: 'Symbol' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Symbol order: AAPL AMZN GOOG IBM MSFT SPX.
    await rowOf(grid, 'AAPL').click();
    await expect(rowOf(grid, 'AAPL')).toHaveAttribute('aria-selected', 'true');
    await grid.getByRole('button', { name: 'Symbol' }).click(); // flips to descending: a recorded step
    await expect(grid.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect.poll(() => rowSymbols(grid)).toEqual(['SPX', 'MSFT', 'IBM', 'GOOG', 'AMZN', 'AAPL']);

    const depth = await historyDepth(page);
    await rowOf(grid, 'AAPL').focus();
    await page.keyboard.press('Home');
    await expect(rowOf(grid, 'SPX')).toBeFocused();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await expect(rowOf(grid, 'AMZN')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(grid, 'AMZN')).toBeFocused();
    expect(await symbolOf(page, paneId)).toBe('AMZN');
    expect(await historyDepth(page)).toBe(depth + 1);

    await page.keyboard.press('Control+z');
    await expect(rowOf(grid, 'AAPL')).toHaveAttribute('aria-selected', 'true');
    expect(await symbolOf(page, paneId)).toBe('AAPL');
    expect(await historyDepth(page)).toBe(depth);
    // The sort is still in place: the whole burst (Home included) was the one step undone.
    await expect(grid.getByRole('columnheader', { name: 'Symbol' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test("a live symbol's quote ticks in the watchlist, with no chart on it, and its sparkline follows", async ({
    page,
  }) => {
    await openFresh(page);
    const grid = watchlistIn(page);
    await runFromPalette(page, 'Add symbol to watchlist…');
    const dialog = page.getByRole('dialog', { name: 'Add symbol to watchlist' });
    await dialog.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const row = rowOf(grid, 'SYN-100K');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    const last = row.getByRole('gridcell').nth(2);
    const change = row.getByRole('gridcell').nth(3);
    const first = await last.textContent();
    // The simulated feed moves it a few times a second; history (SPX) stays as it was.
    const spx = await rowOf(grid, 'SPX').getByRole('gridcell').nth(2).textContent();
    await expect.poll(() => last.textContent(), { timeout: 10_000 }).not.toBe(first);
    await expect.poll(() => last.textContent(), { timeout: 10_000 }).not.toBe(await last.textContent());
    await expect.poll(() => change.textContent(), { timeout: 10_000 }).not.toBe(await change.textContent());
    expect(await rowOf(grid, 'SPX').getByRole('gridcell').nth(2).textContent()).toBe(spx);
    // The trend is told of its minute bars (SPX's of trading days).
    await expect(row.getByRole('gridcell').last()).toHaveAccessibleName(
      /^SYN-100K trend, .* over 60 minutes$/,
    );
    await expect(rowOf(grid, 'SPX').getByRole('gridcell').last()).toHaveAccessibleName(
      /over 60 trading days$/,
    );
  });

  test('linked watchlists share the selected symbol', async ({ page }) => {
    await openFresh(page);
    const [firstId = ''] = await paneIds(page);
    await page
      .locator(`[data-pane-id="${firstId}"]`)
      .getByRole('combobox', { name: 'Link group' })
      .selectOption({ label: 'Red' });
    expect((await documentOf(page)).panes[firstId]?.linkGroup).toBe('red');
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    const [, secondId = ''] = await paneIds(page);
    const first = page.locator(`[data-pane-id="${firstId}"]`);
    const second = page.locator(`[data-pane-id="${secondId}"]`);
    const firstGrid = watchlistIn(first);
    const secondGrid = watchlistIn(second);
    await expect(first.getByRole('combobox', { name: 'Link group' })).toHaveValue('red');
    const secondLink = second.getByRole('combobox', { name: 'Link group' });
    await expect(secondLink).toHaveValue('');

    // Not linked yet: selecting in one leaves the other alone.
    await rowOf(firstGrid, 'GOOG').click();
    await expect(rowOf(firstGrid, 'GOOG')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(secondGrid, 'SPX')).toHaveAttribute('aria-selected', 'true');

    await secondLink.selectOption({ label: 'Red' });
    await expect(secondLink).toHaveValue('red');
    // Joining a group adopts its symbol.
    await expect(rowOf(secondGrid, 'GOOG')).toHaveAttribute('aria-selected', 'true');

    await rowOf(firstGrid, 'MSFT').click();
    await expect(rowOf(firstGrid, 'MSFT')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(secondGrid, 'MSFT')).toHaveAttribute('aria-selected', 'true');

    await rowOf(secondGrid, 'AMZN').focus();
    await page.keyboard.press('ArrowDown');
    await expect(rowOf(secondGrid, 'GOOG')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(firstGrid, 'GOOG')).toHaveAttribute('aria-selected', 'true');
    await expect(secondGrid.locator('[aria-selected="true"]')).toHaveCount(1);
    await expect(firstGrid.locator('[aria-selected="true"]')).toHaveCount(1);

    // Unlinking stops the echo.
    await secondLink.selectOption({ label: 'No link' });
    await rowOf(secondGrid, 'IBM').click();
    await expect(rowOf(secondGrid, 'IBM')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(firstGrid, 'GOOG')).toHaveAttribute('aria-selected', 'true');
  });

  test('when the worker crashes a new one starts, and new panes get their quotes through it', async ({
    page,
  }) => {
    await openFresh(page);
    await expect(rowOf(watchlistIn(page), 'SPX')).toContainText('2,874.56');
    const before = await page.evaluate(() => window.__engine?.workerGeneration ?? 0);
    expect(before).toBe(1);
    const firstWorker = page.workers()[0];

    await page.evaluate(() => window.__engine?.crash());
    await expect
      .poll(() => page.evaluate(() => window.__engine?.workerGeneration ?? 0))
      .toBeGreaterThan(before);

    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    const [, newId] = await paneIds(page);
    const newGrid = watchlistIn(page.locator(`[data-pane-id="${newId}"]`));
    await expect(rowOf(newGrid, 'SPX').getByRole('gridcell')).toHaveText([
      'SPX',
      'S&P 500',
      '2,874.56',
      '+75.01',
      '+2.68%',
      SPX_TREND,
    ]);
    await expect.poll(() => page.workers().length).toBe(1);
    expect(page.workers()[0]).not.toBe(firstWorker);
    // The pane that was open during the crash still shows its quotes.
    await expect(rowOf(watchlistIn(panes(page).first()), 'SPX')).toContainText('2,874.56');
  });

  test('a narrow watchlist never scrolls sideways: the name gives way, then the change in price, then the name column', async ({
    page,
  }) => {
    await openFresh(page);
    const grid = watchlistIn(page);
    const headers = () => grid.getByRole('columnheader').allInnerTexts();
    const overflow = () =>
      grid.evaluate((table) => table.scrollWidth - (table.closest('.pane-body')?.clientWidth ?? 0));
    const spx = rowOf(grid, 'SPX').getByRole('gridcell');

    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(headers).toEqual(['Symbol', 'Name', 'Last', 'Change', 'Change %', 'Trend']);
    expect(await overflow()).toBeLessThanOrEqual(0);

    // About 390 px of pane: the change in price goes, its percentage and the trend stay.
    await page.setViewportSize({ width: 400, height: 800 });
    await expect.poll(headers).toEqual(['Symbol', 'Name', 'Last', 'Change %', 'Trend']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expect(spx).toHaveText(['SPX', 'S&P 500', '2,874.56', '+2.68%', SPX_TREND]);

    // The narrowest a pane gets: no name either, and still no sideways scroll.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(headers).toEqual(['Symbol', 'Last', 'Change %', 'Trend']);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expect(spx).toHaveText(['SPX', '2,874.56', '+2.68%', SPX_TREND]);
  });
});
