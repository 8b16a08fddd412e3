import { expect, test } from '@playwright/test';
import { drawByKeys, drawingsOf } from './drawing-support';
import { chartReady, focusedPane, openFresh, panes, runFromPalette } from './support';

test.describe('the object tree (annotations panel)', () => {
  test("lists the focused chart's drawings and the workspace's; shows, locks, zooms to and deletes them by keyboard", async ({
    page,
  }) => {
    await openFresh(page, ['candlestick', 'line']);
    await chartReady(page);
    await panes(page).nth(1).getByRole('combobox', { name: 'Symbol' }).selectOption('AAPL');
    await chartReady(panes(page).nth(1));

    // A trend line far back on SPX (scrolled out of view afterwards), a cross-line on AAPL.
    await drawByKeys(page, 'Draw trend line', [{ left: 120 }, { left: 100, up: 10 }]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await panes(page).nth(1).focus();
    await runFromPalette(page, 'Add cross-line');
    await page.keyboard.press('Escape');

    await runFromPalette(page, 'Show annotations panel');
    const panel = page.getByRole('complementary', { name: 'Annotations panel' });
    const here = panel.getByRole('list', { name: 'Annotations' });
    const all = panel.getByRole('list', { name: 'All drawings' });
    // The focused pane is AAPL's: its list has the cross-line; the workspace list has both, by symbol.
    await expect(here.getByRole('listitem')).toHaveCount(1);
    await expect(here.getByRole('listitem')).toContainText('Cross-line');
    await expect(all.getByRole('listitem')).toHaveCount(2);
    await expect(all.getByRole('listitem').nth(0)).toContainText('Cross-line · AAPL');
    await expect(all.getByRole('listitem').nth(1)).toContainText('Trend line · SPX');

    // Zoom to the trend line: the SPX chart takes focus, scrolls to it, and it is selected.
    const chart = page.locator('.chart-canvas').first();
    const latestTo = Number(await chart.getAttribute('data-visible-to'));
    const trend = all.getByRole('listitem').nth(1);
    await trend.getByRole('button', { name: /^Zoom to Trend line/ }).focus();
    await page.keyboard.press('Enter');
    await expect(focusedPane(page)).toHaveAttribute('data-pane-id', 'p1');
    const [line] = (await drawingsOf(page)).filter((d) => d.kind === 'trend-line');
    // The view (bar indexes) now ends well before the latest bars, around the line 100 to 120 bars back.
    await expect
      .poll(async () => Number(await chart.getAttribute('data-visible-to')))
      .toBeLessThan(latestTo - 60);
    const from = Number(await chart.getAttribute('data-visible-from'));
    expect(from).toBeLessThan(latestTo - 120);
    await expect(trend.getByRole('button', { name: /^Trend line/ })).toHaveAttribute('aria-pressed', 'true');
    expect(line?.points).toHaveLength(2);

    // Lock it from the list with the keyboard: Delete then does nothing; hide it; both are steps.
    await trend.getByRole('checkbox', { name: /^Locked: Trend line/ }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await drawingsOf(page)).find((d) => d.kind === 'trend-line')?.locked)
      .toBe(true);
    await expect(trend.getByRole('button', { name: /^Delete Trend line/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await trend.getByRole('checkbox', { name: /^Visible: Trend line/ }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await drawingsOf(page)).find((d) => d.kind === 'trend-line')?.hidden)
      .toBe(true);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await drawingsOf(page)).find((d) => d.kind === 'trend-line')?.locked)
      .toBe(false);

    // Delete the AAPL cross-line from the workspace list.
    await all.getByRole('button', { name: /^Delete Cross-line/ }).focus();
    await page.keyboard.press('Enter');
    await expect(all.getByRole('listitem')).toHaveCount(1);
  });
});

test("at 1280 x 800 a drawing's row is its name and one line of toggles and buttons, none broken over two lines", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openFresh(page, ['candlestick']);
  await chartReady(page);
  await panes(page).first().focus();
  await runFromPalette(page, 'Add horizontal line');
  await page.keyboard.press('Escape');
  await runFromPalette(page, 'Show annotations panel');
  const row = page
    .getByRole('complementary', { name: 'Annotations panel' })
    .getByRole('list', { name: 'Annotations' })
    .getByRole('listitem');
  await expect(row).toHaveCount(1);
  const controls = [
    row.getByRole('checkbox', { name: /^Visible: / }),
    row.getByRole('checkbox', { name: /^Locked: / }),
    row.getByRole('button', { name: /^Zoom to / }),
    row.getByRole('button', { name: /^Edit / }),
    row.getByRole('button', { name: /^Delete / }),
  ];
  const boxes = await Promise.all(controls.map((c) => c.boundingBox()));
  const tops = boxes.map((b) => Math.round((b?.y ?? 0) + (b?.height ?? 0) / 2));
  // All on one line (their middles level), and each button one line of text high.
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
  for (const box of boxes.slice(2)) expect(box?.height ?? 99).toBeLessThan(30);
});
