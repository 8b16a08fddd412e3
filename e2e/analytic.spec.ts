import { expect, test } from '@playwright/test';
import {
  canvasOf,
  colours,
  DOWN,
  drawn,
  notBlank,
  openAnalytic,
  over,
  PALETTE,
  plotBox,
  UP,
  WARNING,
} from './analytic-support';
import { colourCounts, documentOf, openDefault, panes, runFromPalette } from './support';

const EXPECTED: Record<string, { colours: string[]; least: number }> = {
  donut: { colours: PALETTE, least: 800 },
  pie: { colours: PALETTE, least: 800 },
  gauge: { colours: [DOWN, WARNING, UP], least: 800 },
  // The smallest bubble is 7 px across: a few dozen pixels, its rim antialiased.
  bubble: { colours: PALETTE.map((c) => over(c, 0.75)), least: 5 },
  scatter: { colours: PALETTE.slice(1).map((c) => over(c, 0.9)), least: 100 },
  bar: { colours: PALETTE, least: 300 },
  area: { colours: PALETTE.map((c) => over(c, 0.85)), least: 800 },
  'xy-line': { colours: PALETTE, least: 60 },
  histogram: { colours: [over(PALETTE[0] as string, 0.85)], least: 1500 },
};

/** Workspaces of at most six panes, so each keeps 300 x 300 in the test window. */
const BATCHES = [
  ['donut', 'pie', 'gauge', 'bubble', 'scatter', 'bar'],
  ['area', 'xy-line', 'histogram'],
];

test.describe('analytic panes', () => {
  for (const kinds of BATCHES) {
    for (const renderer of ['canvas', 'webgl'] as const) {
      test(`analytic kinds ${kinds.join(', ')} render with the ${renderer} renderer: not blank, in the theme's colours`, async ({
        page,
      }) => {
        await openAnalytic(page, kinds, { columns: 3, query: `?renderer=${renderer}` });
        const status = page.getByTestId('renderer-status');
        await expect(status).toHaveAttribute('data-renderer', renderer);
        await expect(status).toHaveText(renderer === 'webgl' ? 'Renderer: WebGL' : 'Renderer: Canvas');
        for (const kind of kinds) {
          await drawn(page, kind);
          await expect(canvasOf(page, kind)).toHaveAttribute('data-renderer', renderer);
          expect(await notBlank(page, kind), `${kind} painted pixels`).toBeGreaterThan(2000);
          const expected = EXPECTED[kind] as { colours: string[]; least: number };
          const counts = await colours(page, kind, expected.colours);
          counts.forEach((count, i) => {
            expect(count, `${kind}: pixels of ${expected.colours[i]}`).toBeGreaterThanOrEqual(expected.least);
          });
        }
      });
    }
  }
  test('tooltips show the hovered value', async ({ page }) => {
    await openAnalytic(page, ['donut', 'gauge', 'bubble']);
    for (const kind of ['donut', 'gauge', 'bubble']) await drawn(page, kind);
    const tooltip = page.getByRole('tooltip');

    // The donut's first slice (SPX) starts at twelve o'clock: a point just clockwise of it, on the ring.
    const donut = await plotBox(page, 'donut');
    const outer = Math.min(donut.width, donut.height) / 2 - 12;
    const angle = -Math.PI / 2 + 0.2;
    const ring = outer * 0.8;
    await page.mouse.move(
      donut.x + donut.width / 2 + Math.cos(angle) * ring,
      donut.y + donut.height / 2 + Math.sin(angle) * ring,
    );
    await expect(tooltip).toContainText('SPX');
    await expect(tooltip).toContainText(/\d+(\.\d)?% of the portfolio/);

    // The gauge's centre tells the reading: SPX's last close in the fixture.
    const gauge = page.locator('[data-pane-kind="gauge"]');
    await expect(gauge.getByText('2,874.56').first()).toBeVisible();
    const needle = await gauge.locator('.chart-label-headline').boundingBox();
    if (!needle) throw new Error('no gauge value label');
    await page.mouse.move(needle.x + needle.width / 2, needle.y - 30);
    await expect(tooltip).toContainText('Last 2,874.56 (+2.68%)');

    // A bubble, found by its label (written just right of it).
    const label = await page
      .locator('[data-pane-kind="bubble"] .chart-label', { hasText: /^GOOG$/ })
      .boundingBox();
    if (!label) throw new Error('no GOOG label');
    await page.mouse.move(label.x - 6, label.y + label.height / 2);
    await expect(tooltip).toContainText('GOOG');
    await expect(tooltip).toContainText(/Return \(% a year\): -?\d+\.\d%/);
    await expect(tooltip).toContainText(/Position: \$[\d,]+/);

    await page.mouse.move(1, 1);
    await expect(tooltip).toHaveCount(0);
  });
  test('a bar tooltip tells the bar and its value; stacking adds the stack total', async ({ page }) => {
    await openAnalytic(page, ['bar']);
    await drawn(page, 'bar');
    const box = await plotBox(page, 'bar');
    const tooltip = page.getByRole('tooltip');
    // Near the bottom of the plot, inside the first band: the first series' bar of the first year.
    const first = page.locator('[data-pane-kind="bar"] .chart-label', { hasText: /^20\d\d$/ }).first();
    const year = await first.boundingBox();
    if (!year) throw new Error('no category label');
    const grouped = { x: year.x + year.width / 2 - box.width * 0.04, y: year.y - 12 };
    await page.mouse.move(grouped.x, grouped.y);
    await expect(tooltip).toContainText(/· 20\d\d/);
    await expect(tooltip).toContainText(/\$[\d.]+K/);
    await expect(tooltip).not.toContainText('Stack total');

    const pane = page.locator('[data-pane-kind="bar"]');
    await pane.getByRole('combobox', { name: 'Bar layout' }).selectOption('stacked');
    await drawn(page, 'bar', 2);
    await page.mouse.move(year.x + year.width / 2, year.y - 12);
    await expect(tooltip).toContainText('Stack total');
  });
  test('histogram and stacked area tooltips tell the hovered bin and band', async ({ page }) => {
    await openAnalytic(page, ['histogram', 'area']);
    await drawn(page, 'histogram');
    await drawn(page, 'area');
    const tooltip = page.getByRole('tooltip');
    // The tallest bins of daily returns sit around zero, in the middle of the axis.
    const zero = await page
      .locator('[data-pane-kind="histogram"] .chart-label', { hasText: /^0$/ })
      .last()
      .boundingBox();
    if (!zero) throw new Error('no zero tick');
    const histogram = await plotBox(page, 'histogram');
    await page.mouse.move(zero.x + zero.width / 2, histogram.y + histogram.height / 2);
    await expect(tooltip).toContainText(/-?\d+\.\d\d% to -?\d+\.\d\d%/);
    await expect(tooltip).toContainText(/\d+ days \(\d+(\.\d)?%\)/);

    // Just above the bottom of the area plot is the first band (SPX), at some month.
    const area = await plotBox(page, 'area');
    const axis = await page.locator('[data-pane-kind="area"] .chart-label', { hasText: /^0$/ }).boundingBox();
    if (!axis) throw new Error('no zero tick');
    await page.mouse.move(area.x + area.width / 2, axis.y + axis.height / 2 - 6);
    await expect(tooltip).toContainText(/SPX · [A-Z][a-z]{2} \d{4}/);
    await expect(tooltip).toContainText(/Stack total \$[\d.]+K/);
  });
  test('scatter and bubble charts zoom with the wheel, pan with a drag, and reset', async ({ page }) => {
    await openAnalytic(page, ['scatter']);
    await drawn(page, 'scatter');
    const pane = page.locator('[data-pane-kind="scatter"]');
    const ticks = () => pane.locator('.chart-label').allTextContents();
    const before = await ticks();
    const box = await plotBox(page, 'scatter');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -200);
    await expect(pane.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
    await expect.poll(ticks).not.toEqual(before);
    const zoomed = await ticks();

    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    await expect.poll(ticks).not.toEqual(zoomed);
    // Zooming and panning are views, not edits.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
    // Nothing is drawn over the axes: the left margin stays the pane's surface.
    const [inMargin = 0] = await colourCounts(
      page,
      { x: box.x, y: box.y, width: 40, height: box.height - 50 },
      PALETTE.slice(1),
      60,
    );
    expect(inMargin).toBe(0);

    await pane.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(pane.getByRole('button', { name: 'Reset zoom' })).toHaveCount(0);
    await expect.poll(ticks).toEqual(before);
  });
  test('legend toggles hide series down to "No visible series", and undo brings them back', async ({
    page,
  }) => {
    await openAnalytic(page, ['donut']);
    await drawn(page, 'donut');
    const legend = page.getByRole('group', { name: 'Portfolio weights · Donut legend' });
    const [spxBefore = 0] = await colours(page, 'donut', [PALETTE[0] as string]);
    expect(spxBefore).toBeGreaterThan(800);

    const spx = legend.getByRole('checkbox', { name: 'SPX' });
    await spx.click();
    await expect(spx).not.toBeChecked();
    await drawn(page, 'donut', 2);
    await expect.poll(async () => (await colours(page, 'donut', [PALETTE[0] as string]))[0]).toBeLessThan(20);

    for (const name of ['AAPL', 'AMZN', 'GOOG', 'IBM', 'MSFT'])
      await legend.getByRole('checkbox', { name }).click();
    await expect(page.getByText('No visible series')).toBeVisible();
    await expect.poll(async () => Math.max(...(await colours(page, 'donut', PALETTE)))).toBeLessThan(20);

    await page.keyboard.press('Control+z');
    await expect(page.getByText('No visible series')).toHaveCount(0);
    await expect(legend.getByRole('checkbox', { name: 'MSFT' })).toBeChecked();
    await expect(legend.getByRole('checkbox', { name: 'SPX' })).not.toBeChecked();
    expect(Object.values((await documentOf(page)).panes)[0]).toMatchObject({ kind: 'donut' });
  });
  test('the gauge has a linear preset, chosen in its title bar as an undoable setting', async ({ page }) => {
    await openAnalytic(page, ['gauge']);
    await drawn(page, 'gauge');
    const box = await plotBox(page, 'gauge');
    const [radialUp = 0] = await colours(page, 'gauge', [UP]);
    const pane = page.locator('[data-pane-kind="gauge"]');
    await pane.getByRole('combobox', { name: 'Gauge preset' }).selectOption('linear');
    await drawn(page, 'gauge', 2);
    // The linear bar is a thin strip across the middle: far fewer band pixels, none near the top.
    await expect.poll(async () => (await colours(page, 'gauge', [UP]))[0]).toBeLessThan(radialUp / 2);
    const [topUp = 0] = await colourCounts(page, { ...box, height: box.height / 4 }, [UP]);
    expect(topUp).toBe(0);
    await page.keyboard.press('Control+z');
    await expect(pane.getByRole('combobox', { name: 'Gauge preset' })).toHaveValue('radial');
  });
  test('the default workspace shows a donut, a gauge and a bubble chart, each at least 300 x 300', async ({
    page,
  }) => {
    await openDefault(page);
    await expect(panes(page)).toHaveCount(5);
    for (const kind of ['donut', 'gauge', 'bubble']) {
      await drawn(page, kind);
      const box = await page.locator(`[data-pane-kind="${kind}"]`).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(300);
      expect(box?.height).toBeGreaterThanOrEqual(300);
    }
    for (const kind of ['candlestick', 'watchlist']) {
      const box = await page.locator(`[data-pane-kind="${kind}"]`).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(300);
      expect(box?.height).toBeGreaterThanOrEqual(300);
    }
  });
  test('each analytic kind is a "New pane" command', async ({ page }) => {
    await openAnalytic(page, ['gauge']);
    for (const [label, kind] of [
      ['Donut', 'donut'],
      ['Pie', 'pie'],
      ['Bubble', 'bubble'],
      ['Scatter', 'scatter'],
      ['Bar', 'bar'],
      ['Area', 'area'],
      ['XY line', 'xy-line'],
      ['Histogram', 'histogram'],
    ]) {
      await runFromPalette(page, `New pane: ${label}`);
      await expect(page.locator(`[data-pane-kind="${kind}"]`)).toHaveCount(1);
      await drawn(page, kind);
      // The new pane has the focus; closing it keeps room for the next one.
      await runFromPalette(page, 'Close pane');
      await expect(page.locator(`[data-pane-kind="${kind}"]`)).toHaveCount(0);
    }
    await expect(page.locator('[data-pane-kind="gauge"]')).toHaveCount(1);
  });
});
