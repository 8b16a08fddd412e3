import { expect, test } from '@playwright/test';
import { chartReady, openFresh, panes, runFromPalette } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

test('a narrowed chart header keeps its pickers whole: the title, which repeats them, gives way first', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  const pane = panes(page).first();
  await chartReady(pane);
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-100K');
  await chartReady(pane);
  const symbol = pane.getByRole('combobox', { name: 'Symbol' });
  const type = pane.getByRole('combobox', { name: 'Chart type' });
  const widths = async () => [
    (await symbol.boundingBox())?.width ?? 0,
    (await type.boundingBox())?.width ?? 0,
  ];
  const wide = await widths();
  // The alerts panel takes a column of the window: the chart pane is about 490 px wide.
  await runFromPalette(page, 'Show alerts');
  await expect(page.getByRole('complementary', { name: 'Alerts' })).toBeVisible();
  await expect.poll(async () => (await pane.boundingBox())?.width ?? 0).toBeLessThan(520);
  // Within 2 px; before, the symbol picker shrank to 74 of 99 px and read "SYN-1".
  const narrow = await widths();
  narrow.forEach((width, i) => {
    expect(width).toBeGreaterThan((wide[i] as number) - 2);
  });
  const title = pane.getByRole('heading', { level: 2 });
  expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

  // A narrower window: the pane is about 340 px. The title is left to screen readers and splitting to
  // the pane menu, so both pickers still read whole.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => (await pane.boundingBox())?.width ?? 0).toBeLessThan(360);
  expect((await symbol.boundingBox())?.width ?? 0).toBeGreaterThan((wide[0] as number) - 2);
  expect((await type.boundingBox())?.width ?? 0).toBeGreaterThan((wide[1] as number) - 2);
  await expect(title).toHaveAccessibleName('SYN-100K · Candlestick');
  await expect(pane.getByRole('button', { name: 'Split pane right' })).toBeHidden();
});
