import { expect, type Page, test } from '@playwright/test';
import { chartReady, openWithSavedWorkspace, panes } from './support';

/** A saved workspace of `cols` x `rows` chart panes, the first two in the red link group. */
function grid(cols: number, rows: number, theme = 'default'): string {
  const ids = Array.from({ length: cols * rows }, (_, i) => `p${i + 1}`);
  const kinds = ['candlestick', 'hollow-candlestick', 'line', 'ohlc', 'step-line', 'hlc', 'high-low'];
  const symbols = ['SPX', 'SYN-100K', 'AAPL', 'SPX', 'MSFT', 'SYN-1M', 'IBM'];
  const panes = Object.fromEntries(
    ids.map((id, i) => [
      id,
      { id, kind: kinds[i % 7], symbol: symbols[i % 7], linkGroup: i < 2 ? 'red' : null, settings: {} },
    ]),
  );
  const layout = {
    type: 'split',
    direction: 'column',
    children: Array.from({ length: rows }, (_, r) => ({
      type: 'split',
      direction: 'row',
      children: ids.slice(r * cols, r * cols + cols),
    })),
  };
  return JSON.stringify({ version: 1, layout, panes, annotations: {}, theme, maximizedPaneId: null });
}

/** Per chart pane: its size, its plot's share of it, its toolbar's rows, and controls with no name a person sees. */
function measure(page: Page) {
  return panes(page).evaluateAll((els) =>
    els.map((pane) => {
      const box = pane.getBoundingClientRect();
      const plot = pane.querySelector('.chart-canvas')?.getBoundingClientRect();
      const toolbar = pane.querySelector('.chart-toolbar') as HTMLElement | null;
      // Rows of the toolbar's shown controls: a control starting lower than the last row's top by more
      // than half a control's height starts a row (controls of one row differ by a pixel or two).
      const tops = [...(toolbar?.children ?? [])]
        .filter((c) => c.getClientRects().length > 0)
        .map((c) => c.getBoundingClientRect().top)
        .sort((a, b) => a - b);
      let rows = 0;
      let rowTop = Number.NEGATIVE_INFINITY;
      for (const top of tops) {
        if (top > rowTop + 10) {
          rows += 1;
          rowTop = top;
        }
      }
      const shown = [...pane.querySelectorAll('button, select')].filter(
        (c) => c.getClientRects().length > 0 && !c.closest('.chart-legend'),
      ) as HTMLElement[];
      // A name to see: the control's own text (a select's chosen option), or its tooltip.
      const unnamed = shown
        .filter((c) => {
          const text = c instanceof HTMLSelectElement ? (c.selectedOptions[0]?.text ?? '') : c.innerText;
          return text.trim() === '' && !c.title;
        })
        .map((c) => c.getAttribute('aria-label') ?? c.outerHTML.slice(0, 60));
      // A select as narrow as its arrow shows no name.
      const slivers = shown
        .filter((c) => c instanceof HTMLSelectElement && c.getBoundingClientRect().width < 44)
        .filter((c) => !c.closest('.link-chip'))
        .map((c) => c.getAttribute('aria-label'));
      const title = pane.querySelector('.pane-title') as HTMLElement | null;
      const titleCut = title !== null && title.offsetWidth > 1 && title.scrollWidth > title.clientWidth;
      return {
        name: pane.getAttribute('aria-label'),
        width: Math.round(box.width),
        height: Math.round(box.height),
        share: plot ? (plot.width * plot.height) / (box.width * box.height) : 0,
        rows,
        unnamed,
        slivers,
        titleCut,
      };
    }),
  );
}

for (const { viewport, cols, rows } of [
  { viewport: { width: 1232, height: 700 }, cols: 4, rows: 2 },
  { viewport: { width: 1280, height: 800 }, cols: 4, rows: 2 },
  { viewport: { width: 1280, height: 800 }, cols: 2, rows: 2 },
  { viewport: { width: 1280, height: 800 }, cols: 1, rows: 1 },
]) {
  test(`${cols} x ${rows} charts at ${viewport.width} x ${viewport.height}: the plot holds 80 % of each pane, its controls one named row`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await openWithSavedWorkspace(page, grid(cols, rows));
    await expect(panes(page)).toHaveCount(cols * rows);
    await chartReady(panes(page).last());
    const all = await measure(page);
    await page.screenshot({ path: testInfo.outputPath(`charts-${cols}x${rows}.png`) });
    for (const pane of all) {
      // Down to the least a chart pane may be (300 x 300 px of chart).
      expect(pane.width, pane.name ?? '').toBeGreaterThanOrEqual(299);
      expect(pane.share, `${pane.name} at ${pane.width} x ${pane.height}`).toBeGreaterThanOrEqual(0.8);
      expect(pane.rows, `${pane.name}: toolbar rows`).toBe(1);
      expect(pane.unnamed, `${pane.name}: controls without a name`).toEqual([]);
      expect(pane.slivers, `${pane.name}: pickers cut to their arrow`).toEqual([]);
      expect(pane.titleCut, `${pane.name}: title cut short`).toBe(false);
    }
  });
}

test('a narrow chart folds its tools into More chart tools, whose menu has every one of them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1232, height: 700 });
  await openWithSavedWorkspace(page, grid(4, 2));
  const pane = panes(page).first();
  await chartReady(pane);
  const toolbar = pane.getByRole('toolbar', { name: 'Chart tools' });
  // Folded at 300 px: Log and the study picker are not on the row.
  await expect(toolbar.getByRole('button', { name: 'Log scale' })).toBeHidden();
  await expect(toolbar.getByRole('combobox', { name: 'Add study' })).toBeHidden();
  // The link chip says its group.
  await expect(pane.locator('.link-chip')).toHaveAttribute('title', /^Link group: Red\b/);
  await toolbar.getByRole('button', { name: 'More chart tools' }).click();
  const menu = page.getByRole('menu', { name: 'Pane actions' });
  await expect(menu).toBeVisible();
  for (const name of ['Interval', 'Range', 'Add study', 'Drawing tools'])
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /^Toggle logarithmic price scale/ })).toBeVisible();
  // A study from the menu: on the chart, and its legend entry.
  await menu.getByRole('menuitem', { name: /^Add study/ }).click();
  await page.getByRole('menu', { name: 'Add study' }).getByRole('menuitem', { name: /^RSI/ }).click();
  await expect(pane.getByRole('group', { name: /legend$/ })).toContainText('RSI');
});
