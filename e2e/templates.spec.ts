import { expect, test } from '@playwright/test';
import { chartReady, documentOf, focusedPane, openFresh, panes, runFromPalette } from './support';

interface ChartPane {
  kind: string;
  symbol: string;
  settings: { studies?: string[]; logScale?: boolean; compare?: string[]; ownInterval?: boolean };
}

const paneOf = async (page: import('@playwright/test').Page, id: string) =>
  (await documentOf(page)).panes[id] as unknown as ChartPane;

test('a pane saved as a template gives a new pane the same type, studies and scale; undoable, and kept on reload', async ({
  page,
}) => {
  // Studies, a template, a new pane, undo and a reload: up to 25 s beside the other worker.
  test.setTimeout(60_000);
  await openFresh(page, ['candlestick', 'watchlist']);
  await chartReady(page);
  const source = panes(page).first();
  await source.focus();
  await runFromPalette(page, 'Chart type: Line');
  await runFromPalette(page, 'Add study: EMA 20');
  await runFromPalette(page, 'Add study: SMA 50');
  await runFromPalette(page, 'Toggle logarithmic price scale');
  const sourceId = (await source.getAttribute('data-pane-id')) as string;
  const setup = await paneOf(page, sourceId);
  expect(setup.kind).toBe('line');
  expect(setup.settings.studies).toEqual(['ema20', 'sma50']);

  await runFromPalette(page, 'Save pane as template…');
  const save = page.getByRole('dialog', { name: 'Save pane as template' });
  await save.getByRole('textbox', { name: 'Name' }).fill('Swing');
  await page.keyboard.press('Enter');
  await expect(save).toHaveCount(0);

  // A new candlestick pane of another symbol takes the template: type, studies and scale, not the symbol.
  await runFromPalette(page, 'New pane: Candlestick');
  await expect(panes(page)).toHaveCount(3);
  const target = focusedPane(page);
  const targetId = (await target.getAttribute('data-pane-id')) as string;
  await target.getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
  await runFromPalette(page, 'Apply template…');
  const dialog = page.getByRole('dialog', { name: 'Pane templates' });
  await dialog.getByRole('button', { name: 'Apply Swing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await paneOf(page, targetId)).kind).toBe('line');
  const applied = await paneOf(page, targetId);
  expect(applied.symbol).toBe('AAPL');
  // Its setup, that is: compared symbols and keeping its own interval stay the pane's own.
  const { compare: _compare, ownInterval: _ownInterval, ...shared } = setup.settings;
  expect(applied.settings).toEqual(shared);
  const legend = target.getByRole('group', { name: 'AAPL legend' });
  await expect(legend).toContainText('EMA 20');
  await expect(legend).toContainText('SMA 50');

  // One undo step.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await paneOf(page, targetId)).kind).toBe('candlestick');
  await page.keyboard.press('Control+y');
  await expect.poll(async () => (await paneOf(page, targetId)).kind).toBe('line');

  // A chart template does not fit a watchlist: offered, but disabled with the reason.
  await panes(page).nth(1).focus();
  await runFromPalette(page, 'Apply template…');
  const apply = dialog.getByRole('button', { name: 'Apply Swing' });
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  await expect(apply).toHaveAttribute('title', /template for financial panes/);
  await page.keyboard.press('Escape');

  await page.reload();
  await chartReady(page);
  await panes(page).first().focus();
  await runFromPalette(page, 'Apply template…');
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('Swing');
});
