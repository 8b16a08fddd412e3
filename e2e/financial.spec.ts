import { expect, type Page, test } from '@playwright/test';
import {
  chartReady,
  colourCounts,
  documentOf,
  openDefault,
  openFresh,
  panes,
  runFromPalette,
  visibleBars,
} from './support';

const UP = '#2e9e6a';
const DOWN = '#d9434f';
const LINE = '#5090dc';

/** The main price area of the first chart (above the volume pane, left of the price axis). */
async function priceArea(page: Page) {
  const canvas = page.locator('.chart-canvas').first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no chart');
  return { x: box.x + 4, y: box.y + 4, width: box.width - 90, height: box.height * 0.6 };
}

test.describe('financial panes', () => {
  test('each of the seven chart types renders, and their pixels tell them apart', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    await page.locator('[data-pane-id]').first().getByRole('button', { name: 'Show 3M' }).click();
    const signature: Record<string, number[]> = {};
    const kinds = ['Candlestick', 'Hollow candlestick', 'OHLC', 'Line', 'Step line', 'HLC', 'High-low'];
    for (const kind of kinds) {
      if (kind !== 'Candlestick') await runFromPalette(page, `Chart type: ${kind}`);
      await expect(panes(page).first()).toHaveAttribute('aria-label', `SPX · ${kind}`);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(150);
      signature[kind] = await colourCounts(page, await priceArea(page), [UP, DOWN, LINE]);
    }
    const [cUp = 0, cDown = 0] = signature.Candlestick ?? [];
    const [hUp = 0, hDown = 0] = signature['Hollow candlestick'] ?? [];
    // Not blank: bars of both directions are drawn.
    for (const kind of ['Candlestick', 'Hollow candlestick', 'OHLC', 'HLC', 'High-low']) {
      const [up = 0, down = 0] = signature[kind] ?? [];
      expect(up, `${kind} up pixels`).toBeGreaterThan(150);
      expect(down, `${kind} down pixels`).toBeGreaterThan(100);
    }
    // Hollow candles leave up bodies empty: far fewer up-coloured pixels than filled candles.
    expect(hUp).toBeLessThan(cUp * 0.75);
    expect(hDown).toBeGreaterThan(0);
    expect(cDown).toBeGreaterThan(0);
    // Line kinds draw in the series colour, not in up/down colours.
    for (const kind of ['Line', 'Step line']) {
      const [up = 0, down = 0, line = 0] = signature[kind] ?? [];
      expect(line, `${kind} line pixels`).toBeGreaterThan(200);
      expect(up + down).toBeLessThan(line / 4);
    }
    // Bars with open ticks (OHLC) draw more than bars without (HLC), which draw more than high-low.
    const sum = (k: string) => (signature[k]?.[0] ?? 0) + (signature[k]?.[1] ?? 0);
    expect(sum('OHLC')).toBeGreaterThan(sum('HLC'));
    expect(new Set(kinds.map((k) => JSON.stringify(signature[k]))).size).toBe(kinds.length);
  });

  test('a chart opens on its last year and reports no other view on the way', async ({ page }) => {
    // Every value data-visible-from takes from navigation on: a refill's range in between (the new bars
    // at lightweight-charts' default spacing, never painted) would be read as the view.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { visibleFroms: string[] }).visibleFroms = seen;
      new MutationObserver((records) => {
        for (const r of records) seen.push((r.target as HTMLElement).dataset.visibleFrom ?? '');
      }).observe(document, { subtree: true, attributeFilter: ['data-visible-from'] });
    });
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const { from, to } = await visibleBars(page.locator('.chart-canvas').first());
    // SPX holds trading days: a year is about 252 of them, ending at the last bar.
    expect(to - from).toBeGreaterThan(245);
    expect(to - from).toBeLessThan(260);
    const seen = await page.evaluate(() => (window as unknown as { visibleFroms: string[] }).visibleFroms);
    expect(seen.filter((v) => v !== '')).toEqual([from.toFixed(1)]);
  });

  test('a chart-type switch is one undo step and keeps the visible range', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const canvas = page.locator('.chart-canvas').first();
    const before = await canvas.getAttribute('data-visible-from');
    await runFromPalette(page, 'Chart type: OHLC');
    await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'ohlc');
    await expect(canvas).toHaveAttribute('data-visible-from', before ?? '');
    await page.keyboard.press('Control+z');
    await expect(panes(page).first()).toHaveAttribute('aria-label', 'SPX · Candlestick');
  });

  test('the legend shows the last close of the S&P 500 fixture and toggles lead to "No visible series"', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const legend = page.getByRole('group', { name: 'SPX legend' });
    await expect(legend).toContainText('Apr 17, 2020');
    await expect(legend).toContainText('C 2,874.56');
    for (const name of ['SPX', 'MA 20', 'Volume']) {
      const box = legend.getByRole('checkbox', { name });
      await expect(box).toBeChecked();
      await box.click();
      await expect(box).not.toBeChecked();
    }
    await expect(page.getByText('No visible series')).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(page.getByText('No visible series')).toHaveCount(0);
  });

  test('keyboard zoom and pan change the view: + / -, arrows, Home and End', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const canvas = page.locator('.chart-canvas').first();
    const range = () => visibleBars(canvas);
    await page.keyboard.press('F6');
    await expect(panes(page).first()).toBeFocused();
    const start = await range();
    await page.keyboard.press('+');
    await expect.poll(async () => (await range()).width).toBeLessThan(start.width * 0.9);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(async () => (await range()).width).toBeGreaterThan(start.width * 1.05);
    const zoomed = await range();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => (await range()).from).toBeLessThan(zoomed.from - 1);
    // Home brings the first bars into view (the library keeps a bar or two of margin at the edge).
    await page.keyboard.press('Home');
    await expect.poll(async () => (await range()).from).toBeLessThan(5);
    await page.keyboard.press('End');
    await expect.poll(async () => (await range()).to).toBeGreaterThan(5000);
    // Chart keys never enter history.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
  });

  test('at the zoom-out limit, more presses of - change nothing and the next + zooms in at once', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const canvas = page.locator('.chart-canvas').first();
    const width = async () => (await visibleBars(canvas)).width;
    const frames = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.keyboard.press('F6');
    await expect(panes(page).first()).toBeFocused();
    // Out until the whole series is in view and the chart stops zooming out, then a few presses more.
    let limit = await width();
    for (let press = 0; press < 30; press++) {
      await page.keyboard.press('-');
      await frames();
      const now = await width();
      if (press > 3 && now === limit) break;
      limit = now;
    }
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('-');
      await frames();
    }
    expect(await width()).toBe(limit);
    await page.keyboard.press('+');
    await expect.poll(width).toBeLessThan(limit * 0.9);
  });

  test('the crosshair shows a tooltip and the legend follows the hovered bar', async ({ page }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const area = await priceArea(page);
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/O [\d,]+\.\d\d/);
    await expect(page.getByRole('group', { name: 'SPX legend' })).not.toContainText('Apr 17, 2020');
  });

  test('the tooltip opens away from the edges of the chart: never squeezed into wrapping, never off the chart', async ({
    page,
  }) => {
    // A narrow pane: its legend wraps, so the chart starts lower than in a wide one.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openFresh(page, ['candlestick', 'watchlist']);
    await chartReady(page);
    const canvas = panes(page).first().locator('.chart-canvas');
    const chart = await canvas.boundingBox();
    if (!chart) throw new Error('no chart');
    const tooltip = page.getByRole('tooltip');
    for (const [fx, fy] of [
      [0.1, 0.1],
      [0.8, 0.1],
      [0.1, 0.6],
      [0.8, 0.6],
    ] as const) {
      const x = chart.x + chart.width * fx;
      const y = chart.y + chart.height * fy;
      await page.mouse.move(x, y);
      await expect(tooltip).toBeVisible();
      const box = await tooltip.boundingBox();
      if (!box) throw new Error('no tooltip');
      // Three lines (time, O H, L C), each on one line.
      const lineHeight = await tooltip.evaluate(
        (el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 16,
      );
      expect(box.height, `tooltip at ${fx}, ${fy}`).toBeLessThan(lineHeight * 3 + 14);
      expect(box.x).toBeGreaterThanOrEqual(chart.x);
      expect(box.x + box.width).toBeLessThanOrEqual(chart.x + chart.width);
      expect(box.y).toBeGreaterThanOrEqual(chart.y);
      expect(box.y + box.height).toBeLessThanOrEqual(chart.y + chart.height);
      // Beside the pointer, not over it.
      expect(x < box.x || x > box.x + box.width || y < box.y || y > box.y + box.height).toBe(true);
    }
  });

  test('hovering bars of other months changes no width of the legend, so the chart never resizes', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    const area = await priceArea(page);
    const legend = panes(page).first().getByTestId('legend-values');
    const canvas = panes(page).first().locator('.chart-canvas');
    const widths = new Set<number>();
    const heights = new Set<number>();
    const dates = new Set<string>();
    for (let i = 1; i <= 12; i++) {
      const before = (await legend.textContent()) ?? '';
      await page.mouse.move(area.x + (area.width * i) / 13, area.y + area.height / 2);
      await expect(legend).not.toHaveText(before);
      dates.add((await legend.textContent())?.match(/[A-Z][a-z]{2} \d\d, \d{4}/)?.[0] ?? '');
      widths.add(Math.round(((await legend.boundingBox())?.width ?? 0) * 10));
      heights.add(Math.round((await canvas.boundingBox())?.height ?? 0));
    }
    expect(dates.size).toBe(12);
    expect([...widths]).toHaveLength(1);
    expect([...heights]).toHaveLength(1);
  });

  test('from the render where the symbol changes, the pane says it is loading, never the old bars under the new name', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    const pane = panes(page).first();
    await chartReady(pane);
    // Each batch of DOM changes (one React commit) is checked as it lands: once the legend names the
    // new symbol, the "Loading data..." overlay or the new bars must be there with it.
    await pane.evaluate((root) => {
      const seen: string[] = [];
      (window as unknown as { __commits: string[] }).__commits = seen;
      new MutationObserver(() => {
        const name = root.querySelector('[data-testid="legend-values"] strong')?.textContent;
        if (name !== 'IBM') return;
        const loading = root.textContent?.includes('Loading data...') ?? false;
        const values = root.querySelector('[data-testid="legend-values"]')?.textContent ?? '';
        seen.push(loading ? 'loading' : values.includes('Mar 01, 2010') ? 'new bars' : `old bars: ${values}`);
      }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('IBM');
    await chartReady(pane);
    await expect(pane.getByTestId('legend-values')).toContainText('IBM');
    const commits = await page.evaluate(() => (window as unknown as { __commits: string[] }).__commits);
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.filter((c) => c.startsWith('old bars'))).toEqual([]);
  });

  test("the default workspace: a candlestick of the first feed's symbol with volume, linked to the watchlist", async ({
    page,
  }) => {
    await openDefault(page);
    // The e2e build's feed (e2e/fixtures/feeds.e2e.json): its first symbol, live once trades come.
    const chart = page.getByRole('region', { name: 'BTCUSDT · Candlestick' });
    await expect(chart).toHaveAttribute('data-pane-kind', 'candlestick');
    await expect(chart).toHaveAttribute('data-annotation-count', '0');
    await expect(chart.getByRole('checkbox', { name: 'Volume' })).toBeChecked();
    await page.getByRole('grid', { name: 'Watchlist' }).getByRole('row', { name: /^IBM/ }).click();
    await expect(page.getByRole('region', { name: 'IBM · Candlestick' })).toBeVisible();
    const linked = Object.values((await documentOf(page)).panes).filter((p) => p.linkGroup === 'red');
    expect(linked.map((p) => p.symbol)).toEqual(['IBM', 'IBM']);
  });
});

test("a symbol of closes only (IBM's monthly prices) is drawn as a line in a candlestick pane, its readouts give the close alone and it has no volume", async ({
  page,
}, info) => {
  await openDefault(page);
  const chart = panes(page).first();
  // The e2e build's default chart is its feed's symbol, with no server here: the shipped history.
  await chart.getByRole('combobox', { name: 'Symbol' }).selectOption('SPX');
  await expect(chart).toHaveAttribute('aria-label', 'SPX · Candlestick');
  await chartReady(chart);
  const legend = chart.getByTestId('legend-values');
  await expect(legend).toContainText(/O [\d,.]+\s*H [\d,.]+\s*L [\d,.]+\s*C [\d,.]+\s*V/);
  await page.getByRole('grid', { name: 'Watchlist' }).getByRole('row', { name: /^IBM/ }).click();
  await expect(chart).toHaveAttribute('aria-label', 'IBM · Candlestick');
  const ibm = chart;
  await chartReady(ibm);
  await expect(legend).toContainText('Mar 01, 2010');
  await expect(legend).toContainText('closes only');
  await expect(chart).toHaveAccessibleDescription(/^IBM, monthly closes, .* \(\d+ closes\): first close /);
  await expect(legend).toContainText(/C 125\.55/);
  await expect(legend).not.toContainText(/\bO \d/);
  await expect(legend).not.toContainText(/\bV \d/);
  await expect(ibm.getByRole('checkbox', { name: 'Volume' })).toHaveCount(0);
  // No volume pane either (lightweight-charts lays its panes out as table rows, a separator between
  // two, over the time axis'): the prices take the whole height, with no empty volume axis below.
  const chartRows = ibm.locator('.chart-canvas tr');
  await expect(chartRows).toHaveCount(2);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  // A line in the series colour, not flat candles in the up and down colours.
  const [up = 0, down = 0, line = 0] = await colourCounts(page, await priceArea(page), [UP, DOWN, LINE]);
  await page.screenshot({ path: info.outputPath('closes-only.png') });
  expect(line, 'line pixels').toBeGreaterThan(200);
  expect(up + down).toBeLessThan(line / 4);
  // The tooltip and the keyboard's data cursor read the close alone too.
  const box = await ibm.locator('.chart-canvas').boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const tooltip = ibm.getByRole('tooltip');
  await expect(tooltip).toContainText(/C [\d,.]+/);
  await expect(tooltip).not.toContainText(/O [\d,.]+/);
  await page.mouse.move(0, 0);
  await ibm.focus();
  await page.keyboard.press('End');
  await expect(ibm.getByRole('status', { name: 'Data cursor' })).toHaveText(
    /^Mar 01, 2010: close 125\.55, change /,
  );
  await page.keyboard.press('Escape');
  // With its price and average hidden nothing is left to see: it has no volume to show.
  const ibmLegend = ibm.getByRole('group', { name: 'IBM legend' });
  await ibmLegend.getByRole('checkbox', { name: 'IBM' }).click();
  await ibmLegend.getByRole('checkbox', { name: 'MA 20' }).click();
  await expect(ibm.getByText('No visible series')).toBeVisible();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expect(ibm.getByText('No visible series')).toHaveCount(0);
  // Back to SPX: candles, the five values and the volume again.
  await page.getByRole('grid', { name: 'Watchlist' }).getByRole('row', { name: /^SPX/ }).click();
  await expect(chart).toHaveAttribute('aria-label', 'SPX · Candlestick');
  await chartReady(chart);
  await expect(legend).toContainText(/O [\d,.]+\s*H [\d,.]+\s*L [\d,.]+\s*C [\d,.]+\s*V/);
  await expect(legend).not.toContainText('closes only');
  await expect(chart.getByRole('checkbox', { name: 'Volume' })).toBeChecked();
  await expect(chartRows).toHaveCount(4);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  const [upAgain = 0, downAgain = 0] = await colourCounts(page, await priceArea(page), [UP, DOWN, LINE]);
  expect(upAgain).toBeGreaterThan(150);
  expect(downAgain).toBeGreaterThan(100);
  // A hidden price series stays hidden when the chart is drawn another way.
  await chart.getByRole('group', { name: 'SPX legend' }).getByRole('checkbox', { name: 'SPX' }).click();
  await chart.focus();
  await runFromPalette(page, 'Chart type: OHLC');
  await expect(chart).toHaveAttribute('aria-label', 'SPX · OHLC');
  await page.mouse.move(0, 0);
  await page.waitForTimeout(150);
  const [upHidden = 0, downHidden = 0] = await colourCounts(page, await priceArea(page), [UP, DOWN, LINE]);
  expect(upHidden + downHidden).toBeLessThan(20);
});

test.describe('linked financial panes', () => {
  test('a crosshair moved in one linked pane moves in the other; visible ranges follow', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openFresh(page, ['candlestick', 'candlestick']);
    await chartReady(page);
    const [first, second] = [panes(page).nth(0), panes(page).nth(1)];
    for (const pane of [first, second]) {
      await pane.getByRole('combobox', { name: 'Link group' }).selectOption({ label: 'Blue' });
    }
    const box = await page.locator('.chart-canvas').first().boundingBox();
    if (!box) throw new Error('no chart');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3);
    const own = page.locator('.chart-canvas').nth(0);
    const other = page.locator('.chart-canvas').nth(1);
    await expect(own).toHaveAttribute('data-crosshair-time', /\d+/);
    const time = await own.getAttribute('data-crosshair-time');
    await expect(other).toHaveAttribute('data-crosshair-time', time ?? '');

    await first.getByRole('button', { name: 'Show 3M' }).click();
    await expect
      .poll(
        async () =>
          Number(await other.getAttribute('data-visible-to')) -
          Number(await other.getAttribute('data-visible-from')),
      )
      .toBeLessThan(80);
    expect(warnings.filter((w) => w.includes('Chained update limit'))).toEqual([]);
  });
});
