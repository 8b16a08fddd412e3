import { expect, type Page, test } from '@playwright/test';
import { chartReady, chooseFile, openFresh, panes, runFromPalette } from './support';

/**
 * An export with no header whose columns are date, close, high, low, open, volume: the first guess
 * reads them as open, high, low, close. The user fixes the columns in the report; the next file of
 * that shape is read their way without asking.
 */
function swappedExport(days: number, from = Date.UTC(2022, 0, 3)): string {
  const lines: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(from + i * 86_400_000).toISOString().slice(0, 10);
    const open = 100 + i;
    const close = open + 0.5;
    lines.push(
      `${date},${close.toFixed(2)},${(close + 1).toFixed(2)},${(open - 1).toFixed(2)},${open.toFixed(2)},${1000 + i}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function importFile(page: Page, name: string, text: string) {
  await chooseFile(page, () => runFromPalette(page, 'Import CSV'), { name, text });
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(dialog.getByTestId('rows-read')).toBeVisible();
  return dialog;
}

test.describe('the import mapping editor', () => {
  test('fixes a file whose columns were guessed wrong, and remembers it for the next file of that shape', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(panes(page).first());

    const dialog = await importFile(page, 'broker-a.csv', swappedExport(30));
    const editor = dialog.getByRole('group', { name: 'How the file is read' });
    await expect(editor.getByRole('checkbox', { name: 'First row is a header' })).not.toBeChecked();
    // The first guess: column 2 (the close) read as the open.
    await expect(dialog).toContainText('First bar2022-01-03 · O 100.5 H 101.5 L 99 C 100 V 1,000');

    await editor.getByRole('combobox', { name: 'Open' }).selectOption({ label: 'column 5' });
    await editor.getByRole('combobox', { name: 'Close' }).selectOption({ label: 'column 2' });
    await expect(dialog).toContainText('First bar2022-01-03 · O 100 H 101.5 L 99 C 100.5 V 1,000');
    await expect(dialog).toContainText('Last bar2022-02-01 · O 129 H 130.5 L 128 C 129.5 V 1,029');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden();
    // Away from the chart, the legend shows the last bar: its close is the file's close column.
    await page.mouse.move(5, 5);
    const legend = panes(page).first().getByTestId('legend-values');
    await expect(legend).toContainText('BROKER-A');
    await expect(legend).toContainText('C 129.50');

    // The same platform's next export: read the user's way at once, and said so.
    const again = await importFile(page, 'broker-a-2.csv', swappedExport(10, Date.UTC(2022, 1, 2)));
    await expect(again).toContainText('Read as you set it for an earlier file of this shape.');
    await expect(again).toContainText('First bar2022-02-02 · O 100 H 101.5 L 99 C 100.5 V 1,000');
  });

  test('asks how ambiguous dates are written instead of guessing, and imports once answered', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    const rows = Array.from({ length: 9 }, (_, i) => `0${i + 1}/03/2021,10,11,9,10.5,100`);
    const dialog = await importFile(
      page,
      'ambiguous.csv',
      `Date,Open,High,Low,Close,Volume\n${rows.join('\n')}\n`,
    );
    await expect(dialog.getByRole('alert')).toContainText('Choose how the dates are written');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    const editor = dialog.getByRole('group', { name: 'How the file is read' });
    await editor
      .getByRole('combobox', { name: 'Dates fit either order: which is it?' })
      .selectOption('day-first');
    await expect(dialog).toContainText('DD/MM/YYYY');
    await expect(dialog).toContainText('First bar2021-03-01');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled();
  });
});
