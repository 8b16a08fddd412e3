import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Replay, SAMPLE, sampleWithBadMessages, startReplay } from './feed-support';
import { openFresh, panes, runFromPalette } from './support';

// One replay server port for the file: its tests take turns.
test.describe.configure({ mode: 'serial' });

let replay: Replay | null = null;
test.afterEach(async () => {
  await replay?.stop();
  replay = null;
});

/** Charts a feed symbol in the first pane through its symbol picker, and waits for it to go live. */
async function chartFeedSymbol(page: Page, symbol: string): Promise<Locator> {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
  await expect(pane).toHaveAttribute('aria-label', `${symbol} · Candlestick`);
  // The chart waits for the feed's first trade, then follows it.
  await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  return pane;
}

const numberAttribute = async (locator: Locator, name: string): Promise<number> =>
  Number((await locator.getAttribute(name)) ?? Number.NaN);

const indicator = (page: Page) => page.getByTestId('feed-status-indicator');

test.describe('real feed (replayed Binance streams)', () => {
  test('live bars form on a chart from the replayed feed', async ({ page }, testInfo) => {
    // 30x: a one-minute bar every 2 s.
    replay = await startReplay(SAMPLE, ['--speed', '30']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const chart = pane.locator('.chart-canvas');
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected');

    await page.mouse.move(0, 0);
    const legend = pane.getByTestId('legend-values');
    const firstLegend = await legend.textContent();
    const firstEnd = await numberAttribute(chart, 'data-visible-to');
    // The last bar moves, and new bars begin (the view, at the latest bar, moves right with them).
    await expect.poll(() => legend.textContent()).not.toBe(firstLegend);
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(5);
    await expect
      .poll(() => numberAttribute(chart, 'data-visible-to'), { timeout: 15_000 })
      .toBeGreaterThan(firstEnd + 2);
    await expect(pane.getByTestId('feed-notice')).toHaveCount(0);

    await page.screenshot({ path: testInfo.outputPath('feed-chart.png') });
  });

  test('a dropped connection reconnects, and the gap is named on the chart and in the feed status panel', async ({
    page,
  }) => {
    replay = await startReplay(SAMPLE, ['--speed', '20']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected');
    const steps = await page.evaluate(() => window.__workstation?.historyDepth());

    // The server goes down: the chart says the feed is lost rather than showing a flat market.
    await replay.stop();
    replay = null;
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: reconnecting/);
    await expect(pane.getByTestId('feed-notice')).toHaveText('Feed lost: reconnecting to Replay');

    // It comes back ten minutes of market later: reconnected, subscribed again, and the trades missed counted.
    replay = await startReplay(SAMPLE, ['--speed', '20', '--from', '600']);
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected', { timeout: 15_000 });
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(
      /^Gap in the feed: [\d,]+ trades missed between \d\d:\d\d:\d\d and \d\d:\d\d:\d\d UTC$/,
    );
    const updates = await numberAttribute(pane.locator('.chart-canvas'), 'data-live-updates');
    await expect
      .poll(() => numberAttribute(pane.locator('.chart-canvas'), 'data-live-updates'))
      .toBeGreaterThan(updates);

    await runFromPalette(page, 'Show feed status');
    const panel = page.getByRole('dialog', { name: 'Feed status' });
    await expect(panel.getByTestId('feed-state')).toHaveText('connected');
    await expect(panel.getByRole('list', { name: 'Gaps in Replay' }).getByRole('listitem')).toHaveText([
      /^BTCUSDT: [\d,]+ trades missed between/,
    ]);
    await expect(panel.getByText('Reconnects')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear feed notices' }).click();
    await expect(notice).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Gaps in Replay' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Feed state is session state: no undo step.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps);
  });

  test('malformed messages are counted by kind in the feed status panel, and the chart goes on', async ({
    page,
  }, testInfo) => {
    const file = sampleWithBadMessages(testInfo.outputPath('with-bad-messages.jsonl'));
    replay = await startReplay(file, ['--speed', '20']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const chart = pane.locator('.chart-canvas');
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: connected, \d+ bad$/, {
      timeout: 15_000,
    });

    await indicator(page).click();
    const panel = page.getByRole('dialog', { name: 'Feed status' });
    const kinds = panel.getByRole('list', { name: 'Bad messages from Replay' }).getByRole('listitem');
    await expect(kinds).toHaveText([/^not JSON: \d+$/, /^invalid trade: \d+$/]);
    await expect(panel.getByText(/^Latest: /)).toBeVisible();
    await page.keyboard.press('Escape');

    const updates = await numberAttribute(chart, 'data-live-updates');
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(updates);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
