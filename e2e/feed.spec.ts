import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeSerious, COLOUR_RULES } from './axe-support';
import {
  chartFeedSymbol,
  endReplay,
  historyStatus,
  holdReplayPort,
  klineRecording,
  type Replay,
  SAMPLE,
  sampleWithBadMessages,
  sampleWithFinerTicks,
  startReplay,
} from './feed-support';
import {
  barsInView,
  colourColumns,
  openDefault,
  openFresh,
  paneDescription,
  panes,
  runFromPalette,
} from './support';

/** The default theme's up and down candle colours. */
const CANDLE_UP = '#2e9e6a';
const CANDLE_DOWN = '#d9434f';

// One replay server port for the file: its tests take turns.
test.describe.configure({ mode: 'serial' });

let replay: Replay | null = null;
test.afterEach(async () => {
  await endReplay(replay);
  replay = null;
});

/** Runs of columns holding candle pixels in a pane's price plot: each a candle body (and its wick). */
async function candleRunsOf(
  page: Page,
  pane: Locator,
): Promise<{ runs: { from: number; to: number }[]; width: number }> {
  const chart = pane.locator('.chart-canvas');
  const box = (await chart.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
  // Left of the price axis, below the legend (its swatch is in the up colour) and above the volume.
  const legend = (await pane.locator('.chart-legend').boundingBox()) ?? { y: box.y, height: 0 };
  const top = legend.y + legend.height - box.y;
  const clip = { x: box.x, y: box.y + top, width: box.width - 80, height: box.height * 0.62 - top };
  const [up = [], down = []] = await colourColumns(page, clip, [CANDLE_UP, CANDLE_DOWN], 30);
  const runs: { from: number; to: number }[] = [];
  up.forEach((n, x) => {
    // The latest price's dotted line crosses every column: a pixel or two of its colour.
    if (n + (down[x] ?? 0) < 3) return;
    const last = runs.at(-1);
    if (last && last.to === x - 1) last.to = x;
    else runs.push({ from: x, to: x });
  });
  return { runs, width: clip.width };
}

const numberAttribute = async (locator: Locator, name: string): Promise<number> =>
  Number((await locator.getAttribute(name)) ?? Number.NaN);

/**
 * UTC ms of the first time written in `text` ("Dec 30, 2024, 15:50"): a pane description's view start,
 * a legend's bar.
 */
function firstTime(text: string): number {
  const m = /([A-Z][a-z]{2}) (\d{2}), (\d{4}), (\d{2}):(\d{2})/.exec(text);
  if (!m) return Number.NaN;
  const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(m[1] ?? '') / 3;
  return Date.UTC(Number(m[3]), month, Number(m[2]), Number(m[4]), Number(m[5]));
}

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
    const firstCandles = (await candleRunsOf(page, pane)).runs.length;
    // The last bar moves, and new bars begin (the view, at the latest bar, moves right with them).
    await expect.poll(() => legend.textContent()).not.toBe(firstLegend);
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(5);
    await expect
      .poll(() => numberAttribute(chart, 'data-visible-to'), { timeout: 15_000 })
      .toBeGreaterThan(firstEnd + 2);
    // Formed on the chart: more candles drawn in the plot than when it went live.
    await expect.poll(async () => (await candleRunsOf(page, pane)).runs.length).toBeGreaterThan(firstCandles);
    await expect(pane.getByTestId('feed-notice')).toHaveCount(0);
    // Fractional coins traded: the volume at the symbol's lot step (0.00001 BTC), never rounded to 0 or 1.
    await expect(legend).toContainText(/V \d[\d,]*\.\d{5}$/);
    // The price axis writes prices as the legend does, with thousands separators.
    const paneId = (await pane.getAttribute('data-pane-id')) ?? '';
    expect(await page.evaluate((id) => window.__workstation?.priceAxisText(id, 93250), paneId)).toBe(
      '93,250.00',
    );

    await page.screenshot({ path: testInfo.outputPath('feed-chart.png') });
  });

  test("a feed symbol opens on its history from the feed's history service, the live bars going on after it", async ({
    page,
  }, testInfo) => {
    replay = await startReplay(SAMPLE, ['--speed', '30']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const legend = pane.getByTestId('legend-values');
    const status = () => historyStatus(page);
    // The first view holds 5,000 minutes before the feed's first trade (the replay starts on Monday
    // 14:30 UTC), as the feed's status says. It shows them all, the first bar too, but the user has
    // not moved toward it: no page is asked for yet.
    await expect
      .poll(status, { timeout: 20_000 })
      .toMatch(/^BTCUSDT: 5,000 bars of history from 2025-01-03 03:1\d UTC$/);
    await page.waitForTimeout(1500);
    expect(await status()).toMatch(/^BTCUSDT: 5,000 bars/);
    await pane.focus();
    await page.keyboard.press('End');
    await expect(legend).toContainText(/^BTCUSDTJan 06, 2025, 14:[3-5]\d/);
    await page.keyboard.press('Escape');
    await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true');
    await page.screenshot({ path: testInfo.outputPath('feed-history.png') });
  });

  test('a feed symbol pages its history in as the view nears its first bar, and stays live', async ({
    page,
  }) => {
    replay = await startReplay(SAMPLE, ['--speed', '30']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const status = () => historyStatus(page);
    // The bars of history held and the first one's time, as Show feed status tells them.
    const held = async (): Promise<{ bars: number; from: number }> => {
      const m = /^BTCUSDT: ([\d,]+) bars of history from (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)/.exec(
        await status(),
      );
      if (!m) return { bars: 0, from: Number.NaN };
      const [, bars = '', y, mo, d, h, mi] = m;
      const from = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
      return { bars: Number(bars.replaceAll(',', '')), from };
    };
    await expect.poll(status, { timeout: 20_000 }).toMatch(/^BTCUSDT: 5,000 bars of history from 2025-01-03/);
    const chart = pane.locator('.chart-canvas');
    await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
    // The window made wider: at the same spacing the chart shows space before the first bar, which
    // nobody asked for, so no page is (the view is judged 200 ms after it holds).
    const size = page.viewportSize() ?? { width: 1400, height: 900 };
    const from = await numberAttribute(chart, 'data-visible-from');
    await page.setViewportSize({ width: size.width + 400, height: size.height });
    await expect
      .poll(() => numberAttribute(chart, 'data-visible-from'))
      .toBeLessThan(Math.min(from, 0) - 100);
    await page.waitForTimeout(1000);
    await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
    expect(await status()).toMatch(/^BTCUSDT: 5,000 bars of history from 2025-01-03/);
    // Dragged back past the first bar of the first view (which shows them all): the user moved toward
    // it, so the page before it is asked for, and the pane loads again holding it, its view kept. (A
    // drag still going when the page is in may ask for the next one too, as a user's would.)
    const box = await pane.locator('.chart-canvas').boundingBox();
    if (!box) throw new Error('The chart has no box');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await held()).bars, { timeout: 20_000 }).toBeGreaterThanOrEqual(10_000);
    // Loaded again: the new first bar's edge watched from the view kept.
    await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
    const paged = await held();
    // Five thousand minutes a page: the first one reaches back to Dec 30.
    expect(paged.from).toBeLessThanOrEqual(Date.UTC(2024, 11, 30, 16));
    // Zoomed out to all of it: the new first bar in view, the next page.
    await pane.getByRole('button', { name: 'Show All' }).click();
    await expect
      .poll(async () => (await held()).bars, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(paged.bars + 5_000);
    // Loaded again with the page, the view is the one Show All gave (from the first bar it had),
    // never narrowed to what a plot shows unmerged (the last few hundred minutes).
    await expect(pane.getByText('Loading data...')).toHaveCount(0);
    await expect(chart).toHaveAttribute('data-earlier-history', 'watching');
    await expect
      .poll(async () => firstTime(await paneDescription(pane)))
      .toBeLessThanOrEqual(paged.from + 3_600_000);
    // The chart holds them: its first bar, by the data cursor.
    const all = await held();
    await pane.focus();
    await page.keyboard.press('Home');
    await expect
      .poll(async () =>
        Math.abs(firstTime((await pane.getByTestId('legend-values').textContent()) ?? '') - all.from),
      )
      .toBeLessThanOrEqual(120_000);
    await page.keyboard.press('Escape');
    await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  });

  test("a feed symbol's few bars are drawn at the default spacing, piled up from the right, at any interval", async ({
    page,
  }, testInfo) => {
    // 60x: a new one-minute bar every second; a history service with no past (a symbol that began
    // trading today), so the chart holds the feed's few bars alone.
    replay = await startReplay(SAMPLE, ['--speed', '60', '--history-days', '0']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const chart = pane.locator('.chart-canvas');
    await page.mouse.move(0, 0);
    const candleRuns = () => candleRunsOf(page, pane);
    const check = async (when: string) => {
      const { runs, width } = await candleRuns();
      const widest = Math.max(...runs.map((r) => r.to - r.from + 1));
      // lightweight-charts' default 6 px a bar: bodies 4 px wide, never a bar stretched over the plot.
      expect(widest, `${when}: widest candle`).toBeLessThanOrEqual(7);
      // The few bars sit against the right edge (the latest keeps 3 bars of room), the left is empty.
      expect(runs.at(-1)?.to ?? 0, `${when}: latest candle`).toBeGreaterThan(width - 40);
      expect(runs[0]?.from ?? 0, `${when}: first candle`).toBeGreaterThan(width / 2);
    };
    await expect.poll(async () => (await candleRuns()).runs.length).toBeGreaterThanOrEqual(2);
    await check('opened');
    // The interval typed on the chart: the same bars at 1m, the view kept from the first bar.
    await chart.click();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(pane.getByRole('combobox', { name: 'Interval' })).toHaveValue('1m');
    await page.mouse.move(0, 0);
    const before = (await candleRuns()).runs.length;
    await check('at 1m');
    // New bars pile up from the right at the same spacing.
    await expect
      .poll(async () => (await candleRuns()).runs.length, { timeout: 15_000 })
      .toBeGreaterThan(before + 2);
    await check('bars later');
    await page.screenshot({ path: testInfo.outputPath('feed-bar-spacing.png') });
  });

  test("a newcomer's workspace charts the first feed's symbol live, not a history chart beside an idle feed", async ({
    page,
  }) => {
    replay = await startReplay(SAMPLE, ['--speed', '30']);
    await openDefault(page);
    const chart = panes(page).first();
    await expect(chart).toHaveAttribute('aria-label', 'BTCUSDT · Candlestick');
    await expect(chart.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected');
    const updates = await numberAttribute(chart.locator('.chart-canvas'), 'data-live-updates');
    await expect
      .poll(() => numberAttribute(chart.locator('.chart-canvas'), 'data-live-updates'))
      .toBeGreaterThan(updates);
  });

  test('a feed symbol whose first trades are round shows the finer prices that come later, live', async ({
    page,
  }, testInfo) => {
    // No past from the history service: the chart starts from the feed's round first trades.
    replay = await startReplay(sampleWithFinerTicks(testInfo.outputPath('finer-ticks.jsonl'), 400), [
      '--speed',
      '30',
      '--history-days',
      '0',
    ]);
    const pane = await chartFeedSymbol(page, 'ETHUSDT');
    await page.mouse.move(0, 0);
    const legend = pane.getByTestId('legend-values');
    // Charted from whole-dollar trades: cents, as any price is written at least.
    await expect(legend).toContainText(/C [\d,]+\.\d{2}(?!\d)/);
    const paneId = (await pane.getAttribute('data-pane-id')) ?? '';
    const axisText = () => page.evaluate((id) => window.__workstation?.priceAxisText(id, 2450.5), paneId);
    expect(await axisText()).toBe('2,450.50');
    // Then trades at a tenth of a cent: the legend, and the axis with it, write three decimals.
    await expect(legend).toContainText(/C [\d,]+\.\d{2}5(?!\d)/, { timeout: 20_000 });
    await expect.poll(axisText).toBe('2,450.500');
    await page.screenshot({ path: testInfo.outputPath('feed-finer-ticks.png') });
  });

  test('live bars form in two intervals: a 1-minute and a 5-minute chart of one symbol', async ({
    page,
  }, testInfo) => {
    // Waits for live bars of two intervals to form in real time: up to 25 s beside the other worker.
    test.setTimeout(60_000);
    // 60x: a one-minute bar every second, a five-minute one every 5 s.
    replay = await startReplay(SAMPLE, ['--speed', '60']);
    await openFresh(page, ['candlestick', 'candlestick']);
    const one = panes(page).nth(0);
    const five = panes(page).nth(1);
    for (const pane of [one, five])
      await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('BTCUSDT');
    await five.getByRole('combobox', { name: 'Interval' }).selectOption('5m');
    await expect(five).toHaveAccessibleDescription(/^BTCUSDT, 5-minute bars, /, { timeout: 20_000 });
    for (const pane of [one, five]) {
      await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
    }

    // The latest bar of each, as its legend shows it (nothing is hovered).
    await page.mouse.move(0, 0);
    const latest = async (pane: Locator) => {
      const text = (await pane.getByTestId('legend-values').textContent()) ?? '';
      const match = /(\w{3} \d\d, \d{4}, \d\d:\d\d)O ([\d,.]+)H ([\d,.]+)L ([\d,.]+)C ([\d,.]+)V/.exec(text);
      if (!match) throw new Error(`Unexpected legend: ${text}`);
      const [, time, ...prices] = match;
      const [open, high, low, close] = prices.map((p) => Number(p.replaceAll(',', '')));
      return { time: Date.parse(`${time} UTC`) / 1000, open, high, low, close };
    };
    // A new five-minute bar begins on the 5-minute chart, and the 1-minute one moves on past it.
    const opened = (await latest(five)).time;
    await expect.poll(async () => (await latest(five)).time, { timeout: 30_000 }).toBeGreaterThan(opened);
    await expect
      .poll(async () => (await latest(one)).time, { timeout: 10_000 })
      .toBeGreaterThan((await latest(five)).time);

    // Held still, the two agree: the 5-minute bar holds the latest minute's close and spans its range.
    await runFromPalette(page, 'Pause live feed');
    await expect
      .poll(async () => {
        const before = [await latest(one), await latest(five)];
        await page.waitForTimeout(400);
        return JSON.stringify([await latest(one), await latest(five)]) === JSON.stringify(before);
      })
      .toBe(true);
    const minute = await latest(one);
    const bar = await latest(five);
    expect(bar.time % 300).toBe(0);
    expect(minute.time - bar.time).toBeGreaterThanOrEqual(60);
    expect(minute.time - bar.time).toBeLessThan(300);
    expect(bar.close).toBe(minute.close);
    expect(bar.high).toBeGreaterThanOrEqual(minute.high ?? Number.NaN);
    expect(bar.low).toBeLessThanOrEqual(minute.low ?? Number.NaN);
    await page.screenshot({ path: testInfo.outputPath('two-intervals.png') });
  });

  test('a feed of bars: its klines make the chart, and bars the connection lost are named as a gap', async ({
    page,
  }, testInfo) => {
    const start = Date.UTC(2025, 0, 6, 14, 30);
    // The klines of 14:34 and 14:35 never arrive.
    const recording = klineRecording(testInfo.outputPath('klines.jsonl'), {
      missing: [start + 4 * 60_000, start + 5 * 60_000],
    });
    replay = await startReplay(recording, ['--speed', '60']);
    const pane = await chartFeedSymbol(page, 'SOLUSDT');
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay bars: connected');
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(
      'Gap in the feed: 2 bars missed between 14:33:00 and 14:36:00 UTC (3 min)',
      {
        timeout: 20_000,
      },
    );
    // The chart goes on with the bars that come.
    const chart = pane.locator('.chart-canvas');
    const updates = await numberAttribute(chart, 'data-live-updates');
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(updates);
    await page.screenshot({ path: testInfo.outputPath('feed-of-bars-gap.png') });

    await runFromPalette(page, 'Show feed status');
    const panel = page.getByRole('dialog', { name: 'Feed status' });
    await expect(panel.getByRole('list', { name: 'Gaps in Replay bars' }).getByRole('listitem')).toHaveText([
      'SOLUSDT: 2 bars missed between 14:33:00 and 14:36:00 UTC (3 min)',
    ]);
  });

  test("a feed of bars: a symbol whose bars stop while another's come is shown stale on its chart alone", async ({
    page,
  }) => {
    const start = Date.UTC(2025, 0, 6, 14, 30);
    const recording = klineRecording(test.info().outputPath('klines.jsonl'), {
      solusdtEndsAt: start + 6 * 60_000,
    });
    replay = await startReplay(recording, ['--speed', '30']);
    await openFresh(page, ['candlestick', 'candlestick']);
    const [sol, ada] = [panes(page).first(), panes(page).nth(1)];
    for (const [pane, symbol] of [
      [sol, 'SOLUSDT'],
      [ada, 'ADAUSDT'],
    ] as const) {
      await pane.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
      await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
    }
    // SOLUSDT's klines end at 14:36 of the recording (12 s in at 30x); ADAUSDT's go on to 14:50.
    await expect(sol.getByTestId('feed-notice')).toHaveText(
      /^Feed stale: no bar of SOLUSDT from Replay bars since \d\d:\d\d:\d\d UTC$/,
      { timeout: 25_000 },
    );
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay bars: connected, 1 symbol stale');
    await expect(ada.getByTestId('feed-notice')).toHaveCount(0);
    const updates = await numberAttribute(ada.locator('.chart-canvas'), 'data-live-updates');
    await expect
      .poll(() => numberAttribute(ada.locator('.chart-canvas'), 'data-live-updates'))
      .toBeGreaterThan(updates);
    await runFromPalette(page, 'Show feed status');
    const panel = page.getByRole('dialog', { name: 'Feed status' });
    await expect(
      panel.getByRole('list', { name: 'Stale symbols of Replay bars' }).getByRole('listitem'),
    ).toHaveText([/^SOLUSDT: no bar since \d\d:\d\d:\d\d UTC$/]);
    await page.screenshot({ path: test.info().outputPath('feed-of-bars-stale-symbol.png') });
  });

  test('a dropped connection reconnects, and the gap is named on the chart and in the feed status panel', async ({
    page,
  }) => {
    replay = await startReplay(SAMPLE, ['--speed', '20']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected');
    // One status per source, each saying what it feeds: no simulator pill for a real feed's chart.
    await expect(page.getByTestId('live-feed-indicator')).toHaveCount(0);
    const steps = await page.evaluate(() => window.__workstation?.historyDepth());

    // The server goes down: the chart says the feed is lost rather than showing a flat market.
    await replay.stop();
    replay = null;
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: reconnecting/);
    await expect(page.getByTestId('live-feed-indicator')).toHaveCount(0);
    await expect(pane.getByTestId('feed-notice')).toHaveText('Feed lost: reconnecting to Replay');
    // Said in the warning's colour, readable in a light theme too (the warning tone itself is not).
    expect(await axeSerious(page, page.locator('.status-bar'), COLOUR_RULES)).toEqual([]);

    // It comes back ten minutes of market later: reconnected, subscribed again, and the trades missed counted.
    replay = await startReplay(SAMPLE, ['--speed', '20', '--from', '600']);
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected', { timeout: 15_000 });
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(
      /^Gap in the feed: [\d,]+ trades missed between \d\d:\d\d:\d\d and \d\d:\d\d:\d\d UTC \(\d+ min( \d+ s)?\)$/,
    );
    const updates = await numberAttribute(pane.locator('.chart-canvas'), 'data-live-updates');
    await expect
      .poll(() => numberAttribute(pane.locator('.chart-canvas'), 'data-live-updates'))
      .toBeGreaterThan(updates);

    await runFromPalette(page, 'Show feed status');
    const panel = page.getByRole('dialog', { name: 'Feed status' });
    // The e2e build has two feeds; this one's section.
    const replayFeed = panel.getByRole('region', { name: 'Replay', exact: true });
    await expect(replayFeed.getByTestId('feed-state')).toHaveText('connected');
    await expect(panel.getByRole('region', { name: 'Replay bars' }).getByTestId('feed-state')).toHaveText(
      'not connected (no live pane)',
    );
    await expect(panel.getByRole('list', { name: 'Gaps in Replay' }).getByRole('listitem')).toHaveText([
      /^BTCUSDT: [\d,]+ trades missed between/,
    ]);
    await expect(replayFeed.getByText('Reconnects')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear feed notices' }).click();
    await expect(notice).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Gaps in Replay' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // Feed state is session state: no undo step.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(steps);
  });

  test('a server that restarts with its trades numbered anew: the chart moves again and the restart is told with its span', async ({
    page,
  }, testInfo) => {
    replay = await startReplay(SAMPLE, ['--speed', '20']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    const chart = pane.locator('.chart-canvas');
    await replay.stop();
    replay = null;
    await expect(pane.getByTestId('feed-notice')).toHaveText('Feed lost: reconnecting to Replay');

    // Back ten minutes of market later, in a new session: its trade ids begin at 1 again.
    replay = await startReplay(SAMPLE, ['--speed', '20', '--from', '600', '--first-id', '1']);
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(
      /^Feed restarted: Replay began its BTCUSDT sequence anew; no trade between (\d\d:\d\d:\d\d) and (\d\d:\d\d:\d\d) UTC \((\d+) min( \d+ s)?\)$/,
      { timeout: 15_000 },
    );
    // The span told is the one between the two times told, about the ten minutes skipped.
    const [, from, to, minutes] =
      /between (\S+) and (\S+) UTC \((\d+) min/.exec((await notice.textContent()) ?? '') ?? [];
    const seconds = (clock = '') => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
    expect(Math.floor((seconds(to) - seconds(from)) / 60)).toBe(Number(minutes));
    expect(Number(minutes)).toBeGreaterThanOrEqual(8);
    // The new session's trades are taken: the chart moves, nothing is refused.
    const updates = await numberAttribute(chart, 'data-live-updates');
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(updates + 3);
    await expect(indicator(page)).toHaveAccessibleName('Feed Replay: connected');
    await page.screenshot({ path: testInfo.outputPath('feed-restarted.png') });
  });

  test('a feed whose messages come but are all refused is stale on the chart, which says why', async ({
    page,
  }) => {
    replay = await startReplay(SAMPLE, ['--speed', '20', '--from', '600']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    await replay.stop();
    // The same server from the start of its recording: trades the chart already had, sent again.
    replay = await startReplay(SAMPLE, ['--speed', '20']);
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(
      /^Feed stale: no usable data from Replay since \d\d:\d\d:\d\d UTC; its messages are refused \(latest: out-of-order: BTCUSDT trade \d+ again\)$/,
      { timeout: 15_000 },
    );
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: stale, [\d,]+ bad$/);
    // Messages keep coming all the while: refused ones do not make the feed current.
    await page.waitForTimeout(2000);
    await expect(notice).toHaveText(/^Feed stale: no usable data/);
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
    // The panel follows the feed while open: its count of messages received moves on.
    const received = panel.getByRole('region', { name: 'Replay', exact: true }).getByTestId('feed-messages');
    const count = async () => Number((await received.textContent())?.replaceAll(',', ''));
    const seen = await count();
    expect(seen).toBeGreaterThan(0);
    await expect.poll(count, { timeout: 5000 }).toBeGreaterThan(seen);
    await page.keyboard.press('Escape');

    const updates = await numberAttribute(chart, 'data-live-updates');
    await expect.poll(() => numberAttribute(chart, 'data-live-updates')).toBeGreaterThan(updates);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a compared live symbol moves with its own feed: the data window's close for it is its latest", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // 60x: the sample's twenty minutes in twenty seconds; ETH trades many times a second.
    replay = await startReplay(SAMPLE, ['--speed', '60']);
    await openFresh(page, ['candlestick', 'candlestick']);
    const [btc, eth] = [panes(page).nth(0), panes(page).nth(1)];
    await btc.getByRole('combobox', { name: 'Symbol' }).selectOption('BTCUSDT');
    await eth.getByRole('combobox', { name: 'Symbol' }).selectOption('ETHUSDT');
    for (const pane of [btc, eth])
      await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
    await btc.focus();
    await runFromPalette(page, 'Compare symbol…');
    const dialog = page.getByRole('dialog', { name: 'Compare symbol' });
    const symbol = dialog.getByRole('combobox', { name: 'Symbol' });
    await symbol.selectOption('ETHUSDT');
    // The range of its bars: the history service's 5,000 minutes before the feed's first bar (Friday
    // night), then the bars the feed made so far (the sample's Monday afternoon), in UTC.
    await expect(symbol).toHaveAccessibleDescription(
      /^ETHUSDT has bars from Jan 03, 2025, 03:1\d to Jan 06, 2025, 14:\d\d\.$/,
    );
    await dialog.getByRole('button', { name: 'Compare' }).click();
    await expect(dialog).toHaveCount(0);
    const legend = btc.getByRole('group', { name: 'BTCUSDT legend' });
    await expect(legend).toContainText('ETHUSDT %');
    await expect(legend).not.toContainText('no data in view');
    await btc.focus();
    await runFromPalette(page, 'Show data window');
    await page.mouse.move(0, 0);

    // Nothing hovered: BTC's latest bar, and ETH's close at it, which is the ETH chart's latest close.
    const section = page.getByRole('complementary', { name: 'Data window' }).getByRole('region', {
      name: 'BTCUSDT · Candlestick',
    });
    const compared = section
      .locator('.data-window-row')
      .filter({ has: page.getByText('ETHUSDT', { exact: true }) })
      .locator('dd');
    const ethClose = async () =>
      ((await eth.getByTestId('legend-values').textContent()) ?? '').match(/C ([\d,]+\.\d+)/)?.[1];
    await expect(compared).toHaveText(/^[\d,]+\.\d\d$/);
    const first = await compared.textContent();
    // ETH trades on: the compared close moves on with it and, once the sample has played out (both
    // charts at their last bar), it is the ETH chart's own last close.
    await expect.poll(() => compared.textContent(), { timeout: 20_000 }).not.toBe(first);
    // The played-out feed goes stale (ETH trades many times a second: 3 s of silence is the end), then
    // reconnects and goes stale again: "stale" lasts seconds, "reconnecting" too short to be sure to see.
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: (stale|reconnecting)/, {
      timeout: 30_000,
    });
    await expect.poll(async () => (await compared.textContent()) === (await ethClose())).toBe(true);
  });

  test('a watchlist shows a feed symbol that has not traded as waiting, the others as they were, then its price once it trades', async ({
    page,
  }, testInfo) => {
    // The feed's retries wait longer each time (up to 30 s) while no server answers.
    test.setTimeout(90_000);
    // No server yet: the feed cannot connect, so BTCUSDT has no trade.
    await holdReplayPort();
    await openFresh(page);
    const grid = page.getByRole('grid', { name: 'Watchlist' });
    const rowOf = (symbol: string) =>
      grid.getByRole('row').filter({ has: page.getByRole('gridcell', { name: symbol, exact: true }) });
    await expect(rowOf('SPX')).toContainText('2,874.56');
    await runFromPalette(page, 'Add symbol to watchlist…');
    const dialog = page.getByRole('dialog', { name: 'Add symbol to watchlist' });
    await dialog.getByRole('combobox', { name: 'Symbol' }).selectOption('BTCUSDT');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const btc = rowOf('BTCUSDT');
    const last = btc.getByRole('gridcell').nth(2);
    await expect(last).toHaveText('Waiting for feed');
    await expect(btc.getByRole('gridcell').nth(3)).toHaveAccessibleName('none yet');
    // The list itself is fine: no error in place of it, and the other symbols keep their quotes.
    await expect(grid.getByRole('row')).toHaveCount(8);
    await expect(rowOf('SPX')).toContainText('2,874.56');
    await page.screenshot({ path: testInfo.outputPath('watchlist-waiting.png') });

    // The feed comes up: the connection's next attempt subscribes the watched symbol, and it trades.
    replay = await startReplay(SAMPLE, ['--speed', '30']);
    await expect(last).toHaveText(/^[\d,]+\.\d\d$/, { timeout: 60_000 });
    await expect(btc.getByRole('gridcell').nth(3)).toHaveText(/^[+\-−]?[\d,]+\.\d\d$/);
    await page.screenshot({ path: testInfo.outputPath('watchlist-trading.png') });
  });

  test('a feed that falls silent is shown as stale on the chart and in the status bar, not as a flat market', async ({
    page,
  }, testInfo) => {
    // The last 20 s of the sample at 4x: five seconds of trades, then silence (the server stays up).
    // They start when the page subscribes, however long a busy machine took to open it.
    replay = await startReplay(SAMPLE, ['--speed', '4', '--from', '1180', '--wait-for-subscriber']);
    const pane = await chartFeedSymbol(page, 'BTCUSDT');
    await expect(pane.getByTestId('feed-notice')).toHaveCount(0);
    // The e2e feed calls 3 s without a message stale.
    const notice = pane.getByTestId('feed-notice');
    await expect(notice).toHaveText(/^Feed stale: no usable data from Replay since \d\d:\d\d:\d\d UTC$/, {
      timeout: 15_000,
    });
    await expect(indicator(page)).toHaveAccessibleName(/^Feed Replay: stale/);
    // The chart keeps the bars it had: no flat bars are made up while no trade comes.
    await page.mouse.move(0, 0);
    const bars = await barsInView(pane);
    const legend = await pane.getByTestId('legend-values').textContent();
    await page.waitForTimeout(3000);
    expect(await barsInView(pane)).toBe(bars);
    expect(await pane.getByTestId('legend-values').textContent()).toBe(legend);
    await expect(notice).toHaveText(/^Feed (stale|lost)/);
    await page.screenshot({ path: testInfo.outputPath('feed-stale.png') });
  });
});
