import { expect, type Page, test } from '@playwright/test';
import { drawn, openAnalytic, plotBox } from './analytic-support';
import { runFromPalette } from './support';

const CARTESIAN = ['scatter', 'bubble', 'bar', 'area', 'xy-line', 'histogram'];
/** Kinds that zoom both axes; the others zoom along x and fit y to what is in view. */
const BOTH_AXES = new Set(['scatter', 'bubble', 'xy-line']);

type Window = { x: [number, number]; y: [number, number] };

/** The data window the pane's axes show (`data-x-window` / `data-y-window` on its plot). */
async function windowOf(page: Page, kind: string): Promise<Window> {
  const plot = page.locator(`[data-pane-kind="${kind}"] .analytic-plot`);
  const read = async (axis: 'x' | 'y') =>
    ((await plot.getAttribute(`data-${axis}-window`)) ?? '').split(',').map(Number) as [number, number];
  return { x: await read('x'), y: await read('y') };
}

const span = ([a, b]: [number, number]) => b - a;
/** Equal within a millionth of the window (the attributes carry ten significant digits). */
const near = (a: number, b: number, scale: number) => Math.abs(a - b) <= Math.abs(scale) * 1e-6;

async function focusPane(page: Page, kind: string) {
  // The plot's top-left corner, in the axis margin: focuses the pane without starting a drag or a tooltip.
  await page.locator(`[data-pane-kind="${kind}"] .analytic-plot`).click({ position: { x: 4, y: 4 } });
  await expect(page.locator(`[data-pane-kind="${kind}"]`)).toHaveAttribute('data-focused', 'true');
}

test.describe('analytic zoom and pan by keyboard and mouse', () => {
  test('+ and - zoom, Shift+arrows pan, Home shows all data, on every cartesian kind', async ({ page }) => {
    await openAnalytic(page, CARTESIAN, { columns: 3 });
    for (const kind of CARTESIAN) {
      await drawn(page, kind);
      await focusPane(page, kind);
      const ticks = page.locator(`[data-pane-kind="${kind}"] .chart-label`);
      const full = await windowOf(page, kind);
      const fullTicks = await ticks.allTextContents();
      expect(span(full.x), `${kind} x window`).toBeGreaterThan(0);

      await page.keyboard.press('+');
      await expect
        .poll(async () => near(span((await windowOf(page, kind)).x), span(full.x) * 0.8, span(full.x)))
        .toBe(true);
      const zoomed = await windowOf(page, kind);
      if (BOTH_AXES.has(kind)) expect(near(span(zoomed.y), span(full.y) * 0.8, span(full.y))).toBe(true);
      // The axes tell the new domain too.
      await expect.poll(() => ticks.allTextContents()).not.toEqual(fullTicks);

      await page.keyboard.press('Shift+ArrowRight');
      await expect
        .poll(async () =>
          near((await windowOf(page, kind)).x[0], zoomed.x[0] + span(zoomed.x) * 0.1, span(full.x)),
        )
        .toBe(true);
      if (BOTH_AXES.has(kind)) {
        await page.keyboard.press('Shift+ArrowUp');
        await expect
          .poll(async () =>
            near((await windowOf(page, kind)).y[0], zoomed.y[0] + span(zoomed.y) * 0.1, span(full.y)),
          )
          .toBe(true);
      }

      await page.keyboard.press('-');
      await expect
        .poll(async () => near(span((await windowOf(page, kind)).x), span(full.x), span(full.x)))
        .toBe(true);

      await page.keyboard.press('Home');
      await expect.poll(() => windowOf(page, kind)).toEqual(full);
      await expect(
        page.locator(`[data-pane-kind="${kind}"]`).getByRole('button', { name: 'Reset zoom' }),
      ).toHaveCount(0);
    }
    // Views are not edits: nothing entered the undo history.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
  });

  test('the shared chart commands act on the focused analytic pane from the palette', async ({ page }) => {
    await openAnalytic(page, ['histogram']);
    await drawn(page, 'histogram');
    await focusPane(page, 'histogram');
    const full = await windowOf(page, 'histogram');
    await runFromPalette(page, 'Zoom chart in');
    await expect.poll(async () => span((await windowOf(page, 'histogram')).x)).toBeLessThan(span(full.x));
    await runFromPalette(page, 'Show all data');
    await expect.poll(() => windowOf(page, 'histogram')).toEqual(full);
  });

  test('bar, area, xy-line and histogram zoom with the wheel and pan with a drag', async ({ page }) => {
    const kinds = ['bar', 'area', 'xy-line', 'histogram'];
    await openAnalytic(page, kinds, { columns: 2 });
    for (const kind of kinds) {
      await drawn(page, kind);
      const full = await windowOf(page, kind);
      const box = await plotBox(page, kind);
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(0, -200);
      await expect.poll(async () => span((await windowOf(page, kind)).x)).toBeLessThan(span(full.x));
      const zoomed = await windowOf(page, kind);
      await page.mouse.down();
      await page.mouse.move(centre.x - 60, centre.y, { steps: 4 });
      await page.mouse.up();
      // Dragging left brings in what lies to the right.
      await expect.poll(async () => (await windowOf(page, kind)).x[0]).toBeGreaterThan(zoomed.x[0]);
      await page.locator(`[data-pane-kind="${kind}"]`).getByRole('button', { name: 'Reset zoom' }).click();
      await expect.poll(() => windowOf(page, kind)).toEqual(full);
    }
  });
});
