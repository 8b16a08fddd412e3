import { expect, type Locator, test } from '@playwright/test';
import { barsInView, chartReady, focusedPane, openFresh, panes, runFromPalette } from './support';

/** Height of the plot (the chart canvas host) of a pane. */
async function plotHeight(pane: Locator): Promise<number> {
  return (await pane.locator('.chart-canvas').boundingBox())?.height ?? 0;
}

test('range presets: the toolbar buttons, the palette, and one picker in a narrow pane that keeps the plot tall', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, ['candlestick', 'watchlist']);
  const wide = panes(page).first();
  await chartReady(wide);

  // A wide chart: the seven buttons, no picker. A month of daily bars is about 21.
  await expect(wide.getByRole('combobox', { name: 'Range' })).toBeHidden();
  await wide.getByRole('button', { name: 'Show 1M' }).click();
  await expect.poll(() => barsInView(wide)).toBeLessThan(25);
  expect(await barsInView(wide)).toBeGreaterThan(17);
  const wideToolbar = (await wide.getByRole('toolbar', { name: 'Chart tools' }).boundingBox())?.height ?? 0;

  // The palette runs the same presets on the focused chart.
  await wide.click({ position: { x: 200, y: 260 } });
  await runFromPalette(page, 'Show last year');
  await expect.poll(() => barsInView(wide)).toBeGreaterThan(240);
  expect(await barsInView(wide)).toBeLessThan(265);

  // Split: each chart is now under 600 px wide and shows the picker instead of the buttons and the
  // four tool buttons; every tool is still in the Draw picker.
  await runFromPalette(page, 'Split pane right');
  const narrow = focusedPane(page);
  await chartReady(narrow);
  expect((await narrow.boundingBox())?.width ?? 0).toBeLessThan(600);
  await expect(narrow.getByRole('button', { name: 'Show 1Y' })).toBeHidden();
  await expect(narrow.getByRole('button', { name: 'Draw trend line' })).toBeHidden();
  await expect(narrow.getByRole('combobox', { name: 'Drawing tool' })).toBeVisible();
  const picker = narrow.getByRole('combobox', { name: 'Range' });
  await expect(picker).toBeVisible();

  // The toolbar takes no more height than the wide pane's (two rows), so the plot stays tall.
  const narrowToolbar =
    (await narrow.getByRole('toolbar', { name: 'Chart tools' }).boundingBox())?.height ?? 0;
  expect(narrowToolbar).toBeLessThanOrEqual(wideToolbar + 1);
  expect(await plotHeight(narrow)).toBeGreaterThan(190);

  // Picking a range acts on that pane and leaves the picker on its prompt.
  await picker.selectOption('3M');
  await expect.poll(() => barsInView(narrow)).toBeLessThan(70);
  expect(await barsInView(narrow)).toBeGreaterThan(58);
  await expect(picker).toHaveValue('');
  await picker.selectOption('All');
  await expect.poll(() => barsInView(narrow)).toBeGreaterThan(5000);
});

test('a narrow chart: the legend keeps its values on one row (the bar time is left to the axis) and the Draw picker shows an armed tool whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, ['candlestick', 'candlestick', 'candlestick']);
  const narrow = panes(page).first();
  await chartReady(narrow);
  expect((await narrow.boundingBox())?.width ?? 0).toBeLessThan(460);
  const values = narrow.getByTestId('legend-values');
  await expect(values).toContainText('C 2,874.56');
  // The time and the volume are in the legend's text (for the width they reserve), not shown: the axis
  // label and the volume pane say them.
  await expect(values.getByText('Apr 17, 2020')).toHaveCount(1);
  await expect(values.getByText('Apr 17, 2020')).toBeHidden();
  await expect(values.getByText('V 5.79B')).toBeHidden();
  // One row of 12 px text, not the two it wrapped to with the time.
  expect((await values.boundingBox())?.height ?? 0).toBeLessThan(24);

  const picker = narrow.getByRole('combobox', { name: 'Drawing tool' });
  await picker.selectOption('Date and price range');
  const fits = await picker.evaluate((select: HTMLSelectElement) => {
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const style = getComputedStyle(select);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.textContent ?? '';
    return { text, textWidth: context.measureText(text).width, width: select.clientWidth };
  });
  expect(fits.text).toBe('Date and price range');
  expect(fits.width).toBeGreaterThan(fits.textWidth);

  // A wide chart keeps the time in its legend.
  await picker.selectOption('');
  await expect(focusedPane(page)).toHaveAttribute(
    'data-pane-id',
    (await narrow.getAttribute('data-pane-id')) ?? '',
  );
  await runFromPalette(page, 'Maximize pane');
  await expect(
    focusedPane(page)
      .getByTestId('legend-values')
      .getByText(/^\w{3} \d{2}, \d{4}$/),
  ).toBeVisible();
});
