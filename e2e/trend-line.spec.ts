import { expect, type Page, test } from '@playwright/test';
import { chartReady, colourCounts, documentOf, openFresh, panes, runFromPalette } from './support';

const LINE_BLUE = '#2962ff';

interface Drawing {
  id: string;
  kind: string;
  points?: { time: number; price: number }[];
  locked: boolean;
}

const drawings = async (page: Page) =>
  Object.values(
    ((await documentOf(page)) as unknown as { annotations: Record<string, Drawing> }).annotations,
  );
const count = (page: Page) => panes(page).first().getAttribute('data-annotation-count');

async function chartBox(page: Page) {
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  return box;
}

/** Blue pixels in a small square around a point of the page (the line passes through it). */
async function blueAround(page: Page, x: number, y: number, r = 6): Promise<number> {
  const [n = 0] = await colourCounts(
    page,
    { x: x - r, y: y - r, width: 2 * r, height: 2 * r },
    [LINE_BLUE],
    60,
  );
  return n;
}

test.describe('trend line', () => {
  test('drawn by two clicks and by press-drag-release; each is one undo step; it survives a reload', async ({
    page,
  }) => {
    await openFresh(page, ['line']);
    await chartReady(page);
    const box = await chartBox(page);
    const a = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.15 };
    const b = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.45 };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const background = await blueAround(page, mid.x, mid.y);

    await panes(page).first().getByRole('button', { name: 'Draw trend line' }).click();
    await page.mouse.click(a.x, a.y);
    // The preview's free end follows the pointer before the second click.
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.click(b.x, b.y);
    await expect.poll(() => count(page)).toBe('1');
    const [line] = await drawings(page);
    expect(line?.kind).toBe('trend-line');
    expect(line?.points).toHaveLength(2);
    const [p0, p1] = line?.points ?? [];
    expect((p1?.time ?? 0) - (p0?.time ?? 0)).toBeGreaterThan(0);
    expect(p0?.price ?? 0).toBeGreaterThan(p1?.price ?? 0);
    // The tool is done, the drawing is selected: moving the pointer away, the line is on the canvas.
    await page.mouse.move(box.x + 5, box.y + box.height - 5);
    await expect.poll(() => blueAround(page, mid.x, mid.y)).toBeGreaterThan(background + 8);
    await expect(panes(page).first().getByRole('button', { name: 'Draw trend line' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // Press, drag and release draws a second one.
    await panes(page).first().getByRole('button', { name: 'Draw trend line' }).click();
    await page.mouse.move(a.x, b.y);
    await page.mouse.down();
    await page.mouse.move(b.x, a.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => count(page)).toBe('2');
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(2);

    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('1');
    await page.keyboard.press('Control+y');
    await expect.poll(() => count(page)).toBe('2');

    const saved = (await drawings(page)).map((d) => d.points);
    await page.reload();
    await chartReady(page);
    await expect.poll(() => count(page)).toBe('2');
    expect((await drawings(page)).map((d) => d.points)).toEqual(saved);
    await expect.poll(() => blueAround(page, mid.x, mid.y)).toBeGreaterThan(background + 8);
  });

  test('drawn with the keyboard only: the tool waits at the cursor, arrows move it, Enter places, Escape cancels', async ({
    page,
  }) => {
    await openFresh(page, ['candlestick']);
    await chartReady(page);
    await panes(page).first().focus();
    await page.keyboard.press('End');

    // Escape part-way leaves nothing behind.
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Escape');
    expect(await count(page)).toBe('0');
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);

    await runFromPalette(page, 'Draw trend line');
    // Shift+arrows move the drawing cursor ten steps (they pan the chart when no drawing is placed).
    await page.keyboard.press('Shift+ArrowLeft');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+ArrowUp');
    // Arrows moved no data cursor and nudged nothing: the drawing is not in the document yet.
    expect(await count(page)).toBe('0');
    await page.keyboard.press('Enter');
    await expect.poll(() => count(page)).toBe('1');
    const [line] = await drawings(page);
    const [p0, p1] = line?.points ?? [];
    expect(line?.kind).toBe('trend-line');
    // Daily bars: 8 bars apart, rising by 20 price steps from 10 steps below the first cursor.
    expect(((p1?.time ?? 0) - (p0?.time ?? 0)) / 86_400).toBeGreaterThanOrEqual(8);
    expect(((p1?.time ?? 0) - (p0?.time ?? 0)) / 86_400).toBeLessThan(14);
    expect(p1?.price ?? 0).toBeGreaterThan(p0?.price ?? 0);
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(1);

    // Selected after drawing: arrows nudge the whole line (a burst is one step), Delete removes it.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    const [nudged] = await drawings(page);
    expect(nudged?.points?.[0]?.price ?? 0).toBeGreaterThan(p0?.price ?? 0);
    expect((nudged?.points?.[1]?.price ?? 0) - (nudged?.points?.[0]?.price ?? 0)).toBeCloseTo(
      (p1?.price ?? 0) - (p0?.price ?? 0),
      6,
    );
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(2);
    await page.keyboard.press('Delete');
    await expect.poll(() => count(page)).toBe('0');
    await page.keyboard.press('Control+z');
    await expect.poll(() => count(page)).toBe('1');
  });

  test('select it by a click, drag one anchor or the whole line, each drag one step', async ({ page }) => {
    await openFresh(page, ['line']);
    await chartReady(page);
    const box = await chartBox(page);
    const a = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.2 };
    const b = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.5 };
    // The magnet off: the anchors stay exactly where they are clicked, so the test knows where to grab.
    const magnet = panes(page).first().getByRole('button', { name: 'Magnet' });
    await expect(magnet).toHaveAttribute('aria-pressed', 'true');
    await magnet.click();
    await expect(magnet).toHaveAttribute('aria-pressed', 'false');
    await panes(page).first().getByRole('button', { name: 'Draw trend line' }).click();
    await page.mouse.click(a.x, a.y);
    await page.mouse.click(b.x, b.y);
    await expect.poll(() => count(page)).toBe('1');
    const [drawn] = await drawings(page);

    // The second anchor's handle, dragged down: only that point moves.
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await page.mouse.move(b.x + 40, b.y + 60, { steps: 6 });
    await page.mouse.up();
    const [reshaped] = await drawings(page);
    expect(reshaped?.points?.[0]).toEqual(drawn?.points?.[0]);
    expect(reshaped?.points?.[1]?.price ?? 0).toBeLessThan(drawn?.points?.[1]?.price ?? 0);

    // Deselect, then grab the line in its middle and move it: both anchors move by the same amount.
    await page.keyboard.press('Escape');
    const p0 = reshaped?.points?.[0];
    const p1 = reshaped?.points?.[1];
    const midLine = { x: (a.x + b.x + 40) / 2, y: (a.y + b.y + 60) / 2 };
    await page.mouse.move(midLine.x, midLine.y);
    await page.mouse.down();
    await page.mouse.move(midLine.x - 60, midLine.y - 30, { steps: 6 });
    await page.mouse.up();
    const [moved] = await drawings(page);
    const dt0 = (moved?.points?.[0]?.time ?? 0) - (p0?.time ?? 0);
    const dt1 = (moved?.points?.[1]?.time ?? 0) - (p1?.time ?? 0);
    expect(dt0).toBeLessThan(0);
    expect(Math.abs(dt1 - dt0)).toBeLessThan(7 * 86_400);
    expect((moved?.points?.[0]?.price ?? 0) - (p0?.price ?? 0)).toBeCloseTo(
      (moved?.points?.[1]?.price ?? 0) - (p1?.price ?? 0),
      6,
    );
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(3);
    await page.keyboard.press('Control+z');
    expect((await drawings(page))[0]?.points).toEqual(reshaped?.points);
    await page.keyboard.press('Control+z');
    expect((await drawings(page))[0]?.points).toEqual(drawn?.points);
  });
});
