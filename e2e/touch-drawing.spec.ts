import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { chartBox, DRAWING_BLUE, drawingCount, drawingsOf, historyDepth, openChart } from './drawing-support';
import { colourRows, panes } from './support';

// A touch screen: taps, presses and drags come as the browser gets them from a finger (touch events and
// pointer events of type touch, and the browser's own gestures: scrolling, swipe back, long-press), so
// the chart library's touch panning and the browser's scrolling are part of what is tested.
test.use({ hasTouch: true });

interface Point {
  x: number;
  y: number;
}

/** One finger on the screen, through the browser's input (page.touchscreen only taps). */
class Finger {
  private constructor(private readonly cdp: CDPSession) {}

  static async of(page: Page): Promise<Finger> {
    return new Finger(await page.context().newCDPSession(page));
  }

  down(at: Point) {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at, id: 1 }] });
  }

  move(at: Point) {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ ...at, id: 1 }] });
  }

  up() {
    return this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /** Press at `from`, slide to `to` in steps, lift. */
  async drag(from: Point, to: Point, steps = 10) {
    await this.down(from);
    for (let i = 1; i <= steps; i++)
      await this.move({
        x: from.x + ((to.x - from.x) * i) / steps,
        y: from.y + ((to.y - from.y) * i) / steps,
      });
    await this.up();
  }
}

const paneMenu = (page: Page) => page.getByRole('menu', { name: 'Pane actions' });
const visibleFrom = (page: Page) => page.locator('.chart-canvas').first().getAttribute('data-visible-from');

/**
 * Where the drawing's blue is in a thin column of the chart's panes at page x: the page y of each pixel
 * row that has some. The time axis below is left out: a finger held still a moment (a slow machine
 * between two touch events) turns on the crosshair, whose time label there has the same blue.
 */
async function blueRowsAt(page: Page, x: number): Promise<number[]> {
  const box = await chartBox(page);
  const timeAxisTop = await page
    .locator('.chart-canvas')
    .first()
    .locator('table tr')
    .last()
    .evaluate((row) => row.getBoundingClientRect().top);
  const [rows = []] = await colourRows(
    page,
    { x: x - 1, y: box.y, width: 3, height: timeAxisTop - box.y },
    [DRAWING_BLUE],
    60,
  );
  return rows.flatMap((n, i) => (n > 0 ? [box.y + i] : []));
}

/**
 * The line from `a` to `b` is on the canvas: at a quarter, half and three quarters of the way, the
 * column's blue is at the line's height and nowhere else.
 */
async function expectLineDrawn(page: Page, a: Point, b: Point): Promise<void> {
  for (const t of [0.25, 0.5, 0.75]) {
    const x = a.x + (b.x - a.x) * t;
    const y = a.y + (b.y - a.y) * t;
    await expect
      .poll(async () => (await blueRowsAt(page, x)).length, `blue at ${t} of the line`)
      .toBeGreaterThan(0);
    const rows = await blueRowsAt(page, x);
    expect(Math.min(...rows)).toBeGreaterThan(y - 8);
    expect(Math.max(...rows)).toBeLessThan(y + 8);
  }
}

/**
 * The chart with the magnet off, so each point lands exactly under the finger (with it on, a point near
 * a bar's open, high, low or close takes that price, up to 12 px away).
 */
async function openChartWithoutMagnet(page: Page): Promise<void> {
  await openChart(page);
  const magnet = panes(page).first().getByRole('button', { name: 'Magnet' });
  await magnet.tap();
  await expect(magnet).toHaveAttribute('aria-pressed', 'false');
}

async function armTrendLine(page: Page): Promise<void> {
  const button = panes(page).first().getByRole('button', { name: 'Draw trend line' });
  await button.tap();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test('two taps place the two points of a trend line, one undo step; a drag then pans the chart', async ({
  page,
}) => {
  await openChartWithoutMagnet(page);
  const box = await chartBox(page);
  const a = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.2 };
  const b = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.5 };
  for (const t of [0.25, 0.5, 0.75]) expect(await blueRowsAt(page, a.x + (b.x - a.x) * t)).toEqual([]);

  await armTrendLine(page);
  await page.touchscreen.tap(a.x, a.y);
  // The first tap places a point: nothing is drawn yet.
  await page.waitForTimeout(300);
  expect(await drawingCount(page)).toBe('0');
  await page.touchscreen.tap(b.x, b.y);
  await expect.poll(() => drawingCount(page)).toBe('1');
  expect(await historyDepth(page)).toBe(1);
  const [line] = await drawingsOf(page);
  expect(line?.kind).toBe('trend-line');
  const [p0, p1] = line?.points ?? [];
  expect(p1?.time ?? 0).toBeGreaterThan(p0?.time ?? 0);
  expect(p0?.price ?? 0).toBeGreaterThan(p1?.price ?? 0);
  await expectLineDrawn(page, a, b);

  // The tool is done: a drag away from the line pans the chart, draws nothing and is not a step.
  const before = await visibleFrom(page);
  const finger = await Finger.of(page);
  // In the price pane, clear of the line (lower down is the divider of the chart's lower pane).
  const y = box.y + box.height * 0.7;
  await finger.drag({ x: box.x + box.width * 0.7, y }, { x: box.x + box.width * 0.3, y });
  await expect.poll(() => visibleFrom(page)).not.toBe(before);
  expect(Number(await visibleFrom(page))).toBeGreaterThan(Number(before));
  expect(await drawingCount(page)).toBe('1');
  expect(await historyDepth(page)).toBe(1);
});

test('press, drag and release draws a trend line, and a drag moves it, one step each; the chart and the page stay still', async ({
  page,
}) => {
  await openChartWithoutMagnet(page);
  const box = await chartBox(page);
  const url = page.url();
  // Left to right, as a swipe back through history would go if the browser took the gesture.
  const a = { x: box.x + box.width * 0.15, y: box.y + box.height * 0.55 };
  const b = { x: box.x + box.width * 0.65, y: box.y + box.height * 0.2 };
  const before = await visibleFrom(page);

  await armTrendLine(page);
  const finger = await Finger.of(page);
  await finger.drag(a, b);
  await expect.poll(() => drawingCount(page)).toBe('1');
  expect(await historyDepth(page)).toBe(1);
  const [p0, p1] = (await drawingsOf(page))[0]?.points ?? [];
  expect(p1?.time ?? 0).toBeGreaterThan(p0?.time ?? 0);
  expect(p1?.price ?? 0).toBeGreaterThan(p0?.price ?? 0);
  await expectLineDrawn(page, a, b);
  expect(await visibleFrom(page)).toBe(before);
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);

  // A finger on the line drags it (down, as a page scroll would go): one more step, the chart still.
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const down = 80;
  await finger.drag(mid, { x: mid.x, y: mid.y + down });
  await expect.poll(() => historyDepth(page)).toBe(2);
  const [q0, q1] = (await drawingsOf(page))[0]?.points ?? [];
  expect(q0?.time).toBe(p0?.time);
  expect(q1?.price ?? 0).toBeLessThan(p1?.price ?? 0);
  await expectLineDrawn(page, { x: a.x, y: a.y + down }, { x: b.x, y: b.y + down });
  expect(await visibleFrom(page)).toBe(before);
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
});

test('a long-press opens the pane menu and places nothing; its Drawing tools arm a tool that taps place', async ({
  page,
}) => {
  await openChartWithoutMagnet(page);
  const box = await chartBox(page);
  const finger = await Finger.of(page);
  const c = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.4 };

  // Held still: the pane menu, from which the tool is chosen by taps.
  await finger.down(c);
  await expect(paneMenu(page)).toBeVisible({ timeout: 2_000 });
  await finger.up();
  await paneMenu(page).getByRole('menuitem', { name: 'Drawing tools' }).tap();
  await page
    .getByRole('menu', { name: 'Drawing tools' })
    .getByRole('menuitem', { name: /^Trend line/ })
    .tap();
  await expect(paneMenu(page)).toBeHidden();
  await expect(panes(page).first().getByRole('button', { name: 'Draw trend line' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // With the tool armed, a long-press still opens the menu, and places no point.
  await finger.down({ x: box.x + box.width * 0.7, y: box.y + box.height * 0.7 });
  await expect(paneMenu(page)).toBeVisible({ timeout: 2_000 });
  await finger.up();
  await page.keyboard.press('Escape');
  await expect(paneMenu(page)).toBeHidden();
  expect(await drawingCount(page)).toBe('0');
  expect(await historyDepth(page)).toBe(0);

  // Had the long-press placed a point, this tap would finish the line.
  const d = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.3 };
  const e = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.6 };
  await page.touchscreen.tap(d.x, d.y);
  await page.waitForTimeout(300);
  expect(await drawingCount(page)).toBe('0');
  await page.touchscreen.tap(e.x, e.y);
  await expect.poll(() => drawingCount(page)).toBe('1');
  expect(await historyDepth(page)).toBe(1);
  await expectLineDrawn(page, d, e);
});

test('a finger held on a drawing opens the pane menu with it selected: its editor is a tap away, and nothing moved', async ({
  page,
}) => {
  await openChartWithoutMagnet(page);
  const box = await chartBox(page);
  const a = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.6 };
  const b = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.25 };
  await armTrendLine(page);
  await page.touchscreen.tap(a.x, a.y);
  await page.waitForTimeout(300);
  await page.touchscreen.tap(b.x, b.y);
  await expect.poll(() => drawingCount(page)).toBe('1');
  const drawn = (await drawingsOf(page))[0]?.points;
  const before = await visibleFrom(page);

  // Held still on the line: the menu, with the line's own commands enabled.
  const finger = await Finger.of(page);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  await finger.down(mid);
  await expect(paneMenu(page)).toBeVisible({ timeout: 2_000 });
  // The finger wanders a little before it lifts, as a finger does: the line stays put.
  await finger.move({ x: mid.x + 6, y: mid.y + 4 });
  await finger.up();
  const edit = paneMenu(page).getByRole('menuitem', { name: /^Edit annotation/ });
  await expect(edit).toBeEnabled();
  await edit.tap();
  const editor = page.getByRole('dialog', { name: 'Edit annotation' });
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  expect((await drawingsOf(page))[0]?.points).toEqual(drawn);
  expect(await historyDepth(page)).toBe(1);
  expect(await visibleFrom(page)).toBe(before);
});
