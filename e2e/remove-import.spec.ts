import { expect, type Locator, type Page, test } from '@playwright/test';
import { chartReady, chooseFile, openFresh, panes, runFromPalette } from './support';

const ACME = [
  'Date,Open,High,Low,Close,Volume',
  '2023-01-02,10,11,9,10.5,100',
  '2023-01-03,10.5,12,10,11.5,120',
  '2023-01-04,11.5,12.5,11,12,90',
].join('\n');

function removeDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Remove imported symbol' });
}

function symbolOptions(pane: Locator): Promise<string[]> {
  return pane.getByRole('combobox', { name: 'Symbol' }).locator('option').allTextContents();
}

/** The pane's "No data for ACME" message, checked to be on top of the chart (not hidden under it). */
async function expectNoData(pane: Locator) {
  const message = pane.getByRole('alert').filter({ hasText: /^No data for ACME/ });
  await expect(message).toBeVisible();
  const onTop = await message.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop, 'the message is drawn over the chart').toBe(true);
}

/** Imports `acme.csv` through `Import CSV` into the focused pane. */
async function importAcme(page: Page) {
  await chooseFile(page, () => runFromPalette(page, 'Import CSV'), { name: 'acme.csv', text: ACME });
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog.getByTestId('rows-kept')).toHaveText('3');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The palette's entry for `label`: whether it can be chosen, and the reason shown when it cannot. */
async function paletteEntry(page: Page, label: string): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill(label);
  return palette.getByRole('option', { name: new RegExp(`^${label}`) });
}

/** Symbols stored in the worker's IndexedDB database of imports. */
function storedImports(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('workstation-imports');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('series')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('series').objectStore('series').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test.describe('Remove imported symbol', () => {
  test('removes an import after a confirm step, outside the undo history, and for good', async ({ page }) => {
    await openFresh(page, ['candlestick', 'candlestick']);
    const [left, right] = [panes(page).nth(0), panes(page).nth(1)];
    await chartReady(left);
    await chartReady(right);

    // Nothing imported yet: the command is there, but cannot be chosen.
    const unavailable = await paletteEntry(page, 'Remove imported symbol');
    await expect(unavailable).toHaveAttribute('aria-disabled', 'true');
    await expect(unavailable).toContainText('No imported symbols');
    await page.keyboard.press('Escape');

    await left.click();
    await importAcme(page);
    await expect(left).toHaveAttribute('aria-label', 'ACME · Candlestick');
    await chartReady(left);
    await expect.poll(() => symbolOptions(right)).toContain('ACME');
    expect(await storedImports(page)).toEqual(['ACME']);

    await runFromPalette(page, 'Remove imported symbol');
    const dialog = removeDialog(page);
    await expect(dialog).toContainText('This cannot be undone');
    await expect(dialog.getByRole('list', { name: 'Imported symbols' })).toContainText('acme.csv · 3 rows');

    // The confirm step: keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Remove ACME', exact: true }).click();
    const confirm = dialog.getByRole('group', { name: 'Confirm removing ACME' });
    await expect(confirm).toContainText('Remove ACME? Its 3 rows from "acme.csv" are deleted');
    await expect(confirm.getByRole('button', { name: 'Keep ACME' })).toBeFocused();
    await page.screenshot({ path: 'test-results/remove-import-confirm.png' });
    await confirm.getByRole('button', { name: 'Keep ACME' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove ACME', exact: true })).toBeFocused();
    expect(await storedImports(page)).toEqual(['ACME']);

    await dialog.getByRole('button', { name: 'Remove ACME', exact: true }).click();
    await confirm.getByRole('button', { name: 'Yes, remove ACME' }).click();
    await expect(dialog).toContainText('No imported symbols.');
    await expect(page.getByText('Removed ACME from this browser.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The chart of it says there is no data; the other pane's picker no longer offers it.
    await expectNoData(left);
    await expect.poll(() => symbolOptions(right)).not.toContain('ACME');
    await page.screenshot({ path: 'test-results/remove-import-no-data.png' });
    expect(await storedImports(page)).toEqual([]);
    const gone = await paletteEntry(page, 'Remove imported symbol');
    await expect(gone).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    // Removal is not a workspace edit: undo steps back over the import's chart edit, not the removal.
    await page.keyboard.press('Control+z');
    await expect(left).toHaveAttribute('aria-label', 'SPX · Candlestick');
    await chartReady(left);
    await expect.poll(() => symbolOptions(left)).not.toContain('ACME');
    await page.keyboard.press('Control+Shift+z');
    await expect(left).toHaveAttribute('aria-label', 'ACME · Candlestick');
    await expectNoData(left);

    // A reload does not bring it back.
    await page.reload();
    const [leftAgain, rightAgain] = [panes(page).nth(0), panes(page).nth(1)];
    await chartReady(rightAgain);
    await expectNoData(leftAgain);
    expect(await symbolOptions(rightAgain)).not.toContain('ACME');
    expect(await storedImports(page)).toEqual([]);
  });

  test('importing the file again charts it in the pane that had no data', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    await pane.click();
    await importAcme(page);
    await expect(pane).toHaveAttribute('aria-label', 'ACME · Candlestick');

    await runFromPalette(page, 'Remove imported symbol');
    const dialog = removeDialog(page);
    await dialog.getByRole('button', { name: 'Remove ACME', exact: true }).click();
    await dialog.getByRole('button', { name: 'Yes, remove ACME' }).click();
    await expect(dialog).toContainText('No imported symbols.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectNoData(pane);

    // The name is free again: the same file gets it, and the pane showing it loads the new series.
    await pane.click();
    await importAcme(page);
    await expect(pane).toHaveAttribute('aria-label', 'ACME · Candlestick');
    await chartReady(pane);
    await expect(pane.getByText(/^No data for ACME/)).toHaveCount(0);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('group', { name: 'ACME legend' })).toContainText('C 12.00');
  });
});
