import { expect, type Page, test } from '@playwright/test';
import { chartBox } from './drawing-support';
import { chartReady, colourColumns, colourRows, openWithSavedWorkspace, panes } from './support';

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
