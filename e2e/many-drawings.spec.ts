import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { chartBox } from './drawing-support';
import {
  chartReady,
  colourColumns,
  colourRows,
  openWithSavedWorkspace,
  panes,
  pngColourCounts,
} from './support';

const COLOURS = ['#2962ff', '#e91e63'];

/**
 * 150 drawings on SPX (trend lines across 2019 and 2020, and price levels), in a saved workspace: more
 * than the chart draws afresh when only the crosshair moved (it copies its last painting then).
 */
function workspaceWithDrawings(): string {
  const annotations: Record<string, unknown> = {};
  const day = 86_400;
  const start = Date.UTC(2019, 3, 1) / 1000;
  for (let i = 0; i < 150; i++) {
    const id = `d${i}`;
    const common = {
      id,
      paneId: 'p1',
      symbol: 'SPX',
      label: '',
      lineStyle: 'solid',
      lineWidth: 1,
      locked: false,
      hidden: false,
    };
    annotations[id] =
      i % 3 === 0
        ? { ...common, kind: 'horizontal-line', price: 2300 + i * 8, color: '#2962ff' }
        : {
            ...common,
            kind: 'trend-line',
            color: i % 2 ? '#e91e63' : '#2962ff',
            points: [
              { time: start + (i % 40) * 5 * day, price: 2400 + (i % 17) * 50 },
              { time: start + (200 + (i % 30) * 5) * day, price: 2600 + (i % 13) * 60 },
            ],
          };
  }
  const panes = { p1: { id: 'p1', kind: 'candlestick', symbol: 'SPX', linkGroup: null, settings: {} } };
  return JSON.stringify({
    version: 1,
    layout: 'p1',
    panes,
    annotations,
    theme: 'default',
    maximizedPaneId: null,
  });
}

/**
 * The workspace with its 150 drawings open, the pointer away, and how the drawings look once settled:
 * their colours row by row and column by column (tolerant of the faint antialiasing the chart's own
 * dotted price line varies by), two readings in a row alike.
 */
async function openSettled(page: Page) {
  await openWithSavedWorkspace(page, workspaceWithDrawings());
  const pane = panes(page).first();
  await chartReady(pane);
  await expect(pane).toHaveAttribute('data-annotation-count', '150');
  const box = await chartBox(page);
  const plot = { x: box.x + 2, y: box.y + 2, width: box.width - 90, height: box.height - 40 };
  await page.mouse.move(0, 0);
  const reading = async () => [
    ...(await colourRows(page, plot, COLOURS, 30)),
    ...(await colourColumns(page, plot, COLOURS, 30)),
  ];
  let painted: number[][] = [];
  await expect(async () => {
    painted = await reading();
    expect(await reading()).toEqual(painted);
  }).toPass();
  return { box, plot, reading, painted };
}

test('150 drawings: after the crosshair has moved over them and left, they are drawn exactly as before', async ({
  page,
}) => {
  const { plot, reading, painted } = await openSettled(page);
  expect(painted[0]?.filter((n) => n > 0).length).toBeGreaterThan(50);
  // The crosshair crosses the drawings (each move paints the chart's top layer again), then leaves.
  for (let i = 0; i <= 10; i++) {
    await page.mouse.move(plot.x + (plot.width * i) / 10, plot.y + plot.height * (0.2 + 0.06 * i));
  }
  await page.mouse.move(0, 0);
  await expect.poll(reading).toEqual(painted);
});

test('150 drawings scroll with the chart: dragged away and back they are drawn as before, and a level line is grabbed where it is drawn', async ({
  page,
}) => {
  const { box, plot, reading, painted } = await openSettled(page);

  // A drag on the time axis scrolls the chart (frame after frame: the drawings are copied, shifted,
  // from a painting with a margin) and comes back to where it started.
  const axisY = box.y + box.height - 12;
  const startX = box.x + box.width * 0.5;
  await page.mouse.move(startX, axisY);
  await page.mouse.down();
  for (let i = 1; i <= 15; i++) await page.mouse.move(startX + i * 12, axisY);
  const scrolled = await reading();
  for (let i = 14; i >= 0; i--) await page.mouse.move(startX + i * 12, axisY);
  await page.mouse.up();
  await page.mouse.move(0, 0);
  expect(scrolled).not.toEqual(painted);
  await expect.poll(reading).toEqual(painted);

  // The topmost blue level line (a horizontal line spans the plot), grabbed and dragged down.
  const [blueRows = []] = await colourRows(page, plot, COLOURS, 30);
  const row = blueRows.findIndex((n) => n > plot.width * 0.9);
  expect(row).toBeGreaterThanOrEqual(0);
  const lineY = plot.y + row + 0.5;
  const levels = async () =>
    page.evaluate(() => {
      const doc = window.__workstation?.document() as unknown as {
        annotations: Record<string, { kind: string; price?: number }>;
      };
      return Object.values(doc.annotations)
        .filter((a) => a.kind === 'horizontal-line')
        .map((a) => a.price ?? 0)
        .sort((a, b) => a - b);
    });
  const before = await levels();
  await page.mouse.move(plot.x + plot.width * 0.3, lineY);
  await page.mouse.down();
  await page.mouse.move(plot.x + plot.width * 0.3, lineY + 30, { steps: 5 });
  await page.mouse.up();
  const after = await levels();
  // One level moved down (a lower price), the other 49 stayed.
  expect(after.filter((p) => !before.includes(p))).toHaveLength(1);
  expect(Math.max(...before.filter((p) => !after.includes(p)))).toBeGreaterThan(
    Math.max(...after.filter((p) => !before.includes(p))),
  );
});

/**
 * The rows of the chart's plot where a blue level line runs across (at least 80 % of the width), read
 * from the chart's canvases in the frame after `wheelSteps` wheel zoom steps 20 ms apart, and again
 * once the gesture has settled; all in the page, so the first reading is of a frame inside the
 * gesture (where 150 drawings are drawn from a stretched copy of an earlier frame's painting).
 * A negative `deltaY` zooms in, a positive one out.
 */
async function levelRowsThroughAZoom(page: Page, wheelSteps: number, deltaY = -30) {
  return page.evaluate(
    async ([steps, dy]) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
      const host = document.querySelector('.chart-canvas') as HTMLElement;
      const canvases = [...host.querySelectorAll('canvas')];
      const pane = canvases.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      const layers = canvases.filter((c) => c.width === pane.width && c.height === pane.height);
      const rows = () => {
        const out = document.createElement('canvas');
        out.width = pane.width;
        out.height = pane.height;
        const ctx = out.getContext('2d') as CanvasRenderingContext2D;
        for (const layer of layers) ctx.drawImage(layer, 0, 0);
        const { data, width, height } = ctx.getImageData(0, 0, out.width, out.height);
        const across: number[] = [];
        const mask = new Uint8Array(width * height);
        for (let y = 0; y < height; y++) {
          let blue = 0;
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
            if (b - Math.max(r, g) > 50) {
              blue += 1;
              mask[y * width + x] = 1;
            }
          }
          if (blue > width * 0.8) across.push(y);
        }
        return { across, pixels: data, mask, width, height };
      };
      // The share of one reading's blue pixels with a blue pixel of the other within 2 px: the trend
      // lines as well as the level lines (a gross misplacement; a unit property checks the transform).
      const near = (a: ReturnType<typeof rows>, b: ReturnType<typeof rows>) => {
        let blue = 0;
        let matched = 0;
        for (let y = 0; y < a.height; y++) {
          for (let x = 0; x < a.width; x++) {
            if (!a.mask[y * a.width + x]) continue;
            blue += 1;
            search: for (let dy = -2; dy <= 2; dy++) {
              for (let dx = -2; dx <= 2; dx++) {
                const yy = y + dy;
                const xx = x + dx;
                if (yy >= 0 && yy < b.height && xx >= 0 && xx < b.width && b.mask[yy * b.width + xx]) {
                  matched += 1;
                  break search;
                }
              }
            }
          }
        }
        return blue === 0 ? 0 : matched / blue;
      };
      const box = pane.getBoundingClientRect();
      for (let i = 0; i < steps; i++) {
        pane.dispatchEvent(
          new WheelEvent('wheel', {
            deltaY: dy,
            clientX: box.left + box.width * 0.6,
            clientY: box.top + box.height * 0.5,
            bubbles: true,
            cancelable: true,
          }),
        );
        await sleep(20);
      }
      await frame();
      await frame();
      const during = rows();
      await sleep(600);
      await frame();
      await frame();
      const settled = rows();
      let differing = 0;
      for (let i = 0; i < during.pixels.length; i += 4) {
        if (during.pixels[i + 2] !== settled.pixels[i + 2]) differing += 1;
      }
      return {
        during: during.across,
        settled: settled.across,
        differing,
        duringNearSettled: near(during, settled),
        settledNearDuring: near(settled, during),
      };
    },
    [wheelSteps, deltaY] as const,
  );
}

/**
 * Every level line of the settled frame runs across the plot within 2 px of where the gesture's frame
 * drew it, and the other way round: nothing jumped, nothing went missing.
 */
function expectLevelLinesAlike(during: number[], settled: number[]): void {
  expect(settled.length).toBeGreaterThan(10);
  const near = (rows: number[], y: number) => rows.some((r) => Math.abs(r - y) <= 2);
  expect(settled.filter((y) => !near(during, y))).toEqual([]);
  expect(during.filter((y) => !near(settled, y))).toEqual([]);
}

test('150 drawings zoom with the chart: in the frames of a wheel zoom the level lines are where the settled frame draws them', async ({
  page,
}) => {
  await openSettled(page);
  const { during, settled, differing } = await levelRowsThroughAZoom(page, 4);
  // The gesture's frame was drawn from a stretched copy (not painted afresh): its pixels differ.
  expect(differing).toBeGreaterThan(0);
  expectLevelLinesAlike(during, settled);
});

test('150 drawings zoom out with the chart: frames drawn from a placement made ahead of the zoom out have the lines where the settled frame draws them', async ({
  page,
}) => {
  await openSettled(page);
  // Six steps out: the drawings are placed again inside the gesture, squeezed ahead of it (as if the
  // chart were further out already), and the frames after draw that placement enlarged.
  const reading = await levelRowsThroughAZoom(page, 6, 30);
  const { during, settled, differing } = reading;
  expect(differing).toBeGreaterThan(0);
  expectLevelLinesAlike(during, settled);
  // The trend lines too: nearly every blue pixel of either frame has one of the other's close by.
  expect(reading.duringNearSettled).toBeGreaterThan(0.97);
  expect(reading.settledNearDuring).toBeGreaterThan(0.97);
});

test('150 drawings exported as PNG, at rest and in the middle of a wheel zoom: the picture has them', async ({
  page,
}) => {
  await openSettled(page);
  // How many of a picture's pixels are the drawings' blue.
  const bluePixels = async (png: Buffer) =>
    (await pngColourCounts(page, png, ['#2962ff'], 80)).counts[0] ?? 0;
  const exportNow = async () => {
    const pending = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await pending;
    return readFile((await file.path()) as string);
  };
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const ready = async () => {
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('Export pane as PNG');
    await expect(palette.getByRole('option', { name: /^Export pane as PNG/ }).first()).toHaveAttribute(
      'aria-selected',
      'true',
    );
  };
  await ready();
  const atRest = await bluePixels(await exportNow());
  expect(atRest).toBeGreaterThan(5000);

  await ready();
  // Three wheel steps in, 20 ms apart: the frames draw the drawings from a stretched copy.
  await page.evaluate(async () => {
    const host = document.querySelector('.chart-canvas') as HTMLElement;
    const canvases = [...host.querySelectorAll('canvas')];
    const pane = canvases.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    const box = pane.getBoundingClientRect();
    for (let i = 0; i < 3; i++) {
      pane.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: -30,
          clientX: box.left + box.width * 0.6,
          clientY: box.top + box.height * 0.5,
          bubbles: true,
          cancelable: true,
        }),
      );
      await new Promise((done) => setTimeout(done, 20));
    }
    await new Promise((done) => requestAnimationFrame(done));
  });
  const midGesture = await bluePixels(await exportNow());
  // Zoomed in a little, the drawings cover about as much of the plot as at rest.
  expect(midGesture).toBeGreaterThan(atRest * 0.6);
});
