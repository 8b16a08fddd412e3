import { expect, type Page, test } from '@playwright/test';
import {
  chartReady,
  chooseFile,
  openFresh,
  openWithSavedWorkspace,
  panes,
  runFromPalette,
  workspaceOf,
} from './support';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test.describe('two tabs of one workspace', () => {
  test('edited in turn: both edits survive, each tab shows both within a second, and a reload has both', async ({
    page,
    context,
  }) => {
    await openFresh(page, ['watchlist']);
    const other = await context.newPage();
    await other.goto('/');
    await expect(panes(other)).toHaveCount(1);

    // Tab A splits a pane; tab B shows it without a reload.
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    await expect(panes(other)).toHaveCount(2, { timeout: 1500 });

    // Tab B changes the theme; tab A follows, and keeps its split.
    await runFromPalette(other, 'Theme: Vivid Dark');
    await expect.poll(() => theme(page), { timeout: 1500 }).toBe('vivid-dark');
    await expect(panes(page)).toHaveCount(2);

    // Undo in A takes back A's split only: the other tab's theme stays, in both tabs.
    await page.keyboard.press('Control+z');
    await expect(panes(page)).toHaveCount(1);
    await expect(panes(other)).toHaveCount(1, { timeout: 1500 });
    expect(await theme(page)).toBe('vivid-dark');

    // A new tab, and a reload, find both tabs' work.
    await runFromPalette(page, 'Split pane down');
    await expect(panes(other)).toHaveCount(2, { timeout: 1500 });
    const third = await context.newPage();
    await third.goto('/');
    await expect(panes(third)).toHaveCount(2);
    expect(await theme(third)).toBe('vivid-dark');
    await other.reload();
    await expect(panes(other)).toHaveCount(2);
    expect(await theme(other)).toBe('vivid-dark');
  });

  test('a CSV imported in one tab charts in the other and joins its symbol lists; a removal reaches it too', async ({
    page,
    context,
  }) => {
    // Two tabs, an import, two charts in each and a removal: up to 25 s beside the other worker.
    test.setTimeout(60_000);
    await openWithSavedWorkspace(page, workspaceOf(['candlestick', 'candlestick']));
    await chartReady(panes(page).first());
    const other = await context.newPage();
    await other.goto('/');
    await chartReady(panes(other).first());

    const text = [
      'Date,Open,High,Low,Close,Volume',
      '2024-01-02,1.08345,1.08400,1.08300,1.08350,100',
      '2024-01-03,1.08350,1.08450,1.08320,1.08420,120',
      '2024-01-04,1.08420,1.08500,1.08400,1.08471,90',
    ].join('\n');
    await panes(page).first().click();
    await chooseFile(page, () => runFromPalette(page, 'Import CSV'), { name: 'EURUSD_D1.csv', text });
    await page
      .getByRole('dialog', { name: 'Import CSV' })
      .getByRole('button', { name: 'Import', exact: true })
      .click();
    await expect(panes(page).first()).toHaveAttribute('aria-label', 'EURUSD-D1 · Candlestick');

    // The other tab follows the workspace to the new symbol. Its data engine started before the import:
    // it finds the series in the browser's storage, not "no series of that name".
    const pane = panes(other).first();
    await expect(pane).toHaveAttribute('aria-label', 'EURUSD-D1 · Candlestick', { timeout: 1500 });
    await chartReady(pane);
    await expect(pane.getByText(/No data for EURUSD-D1/)).toHaveCount(0);
    await expect(pane.getByTestId('legend-values')).toContainText('C 1.08471');
    // Its other pane, still on SPX, offers the new symbol without a reload.
    const symbolOptions = () =>
      panes(other).nth(1).getByRole('combobox', { name: 'Symbol' }).locator('option').allTextContents();
    await expect.poll(symbolOptions, { timeout: 1500 }).toContain('EURUSD-D1');

    // Removed in the first tab: the second's chart of it says so and its lists drop it, as the first's do.
    await runFromPalette(page, 'Remove imported symbol');
    const dialog = page.getByRole('dialog', { name: 'Remove imported symbol' });
    await dialog.getByRole('button', { name: 'Remove EURUSD-D1', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, remove EURUSD-D1' }).click();
    await expect(dialog).toContainText('No imported symbols.');
    await expect(pane.getByRole('alert').filter({ hasText: /^No data for EURUSD-D1/ })).toBeVisible({
      timeout: 1500,
    });
    await expect.poll(symbolOptions, { timeout: 1500 }).not.toContain('EURUSD-D1');
  });
});
