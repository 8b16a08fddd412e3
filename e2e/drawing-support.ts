import { expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  chartReady,
  colourCounts,
  documentOf,
  openWithSavedWorkspace,
  panes,
  runFromPalette,
  workspaceOf,
} from './support';

/** The default drawing colour (src/state/annotation-edits.ts). */
export const DRAWING_BLUE = '#2962ff';

export interface Drawing {
  id: string;
  kind: string;
  label: string;
  color: string;
  symbol?: string;
  locked: boolean;
  hidden: boolean;
  points?: { time: number; price: number }[];
  fibLevels?: { value: number; visible: boolean }[];
  extendLeft?: boolean;
  extendRight?: boolean;
  fill?: boolean;
  time?: number;
  price?: number;
}

export const drawingsOf = async (page: Page): Promise<Drawing[]> =>
  Object.values(
    ((await documentOf(page)) as unknown as { annotations: Record<string, Drawing> }).annotations,
  );

export const drawingCount = (page: Page) => panes(page).first().getAttribute('data-annotation-count');

export const historyDepth = (page: Page) => page.evaluate(() => window.__workstation?.historyDepth() ?? -1);

export async function openChart(page: Page, theme = 'default'): Promise<void> {
  await openWithSavedWorkspace(page, workspaceOf(['candlestick'], theme));
  await chartReady(page);
}

export async function chartBox(page: Page) {
  const box = await page.locator('.chart-canvas').first().boundingBox();
  if (!box) throw new Error('no chart');
  return box;
}

/** Arrow presses that move the keyboard drawing cursor. */
export interface CursorSteps {
  left?: number;
  right?: number;
  up?: number;
  down?: number;
}

/**
 * Draws with the keyboard alone: from the latest bar, the palette arms the tool, each step's arrows
 * (Shift+arrows for tens) move the drawing cursor and Enter places a point.
 */
export async function drawByKeys(page: Page, command: string, steps: CursorSteps[]): Promise<void> {
  await panes(page).first().focus();
  await page.keyboard.press('End');
  await runFromPalette(page, command);
  for (const step of steps) {
    for (const [key, n] of [
      ['ArrowLeft', step.left],
      ['ArrowRight', step.right],
      ['ArrowUp', step.up],
      ['ArrowDown', step.down],
    ] as const) {
      // Shift+arrow moves ten steps, as a user moving far would.
      const count = n ?? 0;
      for (let i = 0; i < Math.floor(count / 10); i++) await page.keyboard.press(`Shift+${key}`);
      for (let i = 0; i < count % 10; i++) await page.keyboard.press(key);
    }
    await page.keyboard.press('Enter');
  }
}

/** Draws with the mouse: the tool from the toolbar's picker, then a click at each point (fractions of the chart). */
export async function drawByMouse(
  page: Page,
  tool: string,
  points: { x: number; y: number }[],
): Promise<void> {
  const box = await chartBox(page);
  await panes(page).first().getByRole('combobox', { name: 'Drawing tool' }).selectOption({ label: tool });
  for (const p of points) await page.mouse.click(box.x + box.width * p.x, box.y + box.height * p.y);
  // The pointer leaves the chart, so the crosshair does not cover what the test reads.
  await page.mouse.move(box.x + box.width + 40, box.y + 10);
}

/** Pixels of `colour` in a fraction of the chart (x, y, width, height as fractions of its box). */
export async function colourIn(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
  colour = DRAWING_BLUE,
): Promise<number> {
  const box = await chartBox(page);
  const [n = 0] = await colourCounts(
    page,
    {
      x: box.x + box.width * area.x,
      y: box.y + box.height * area.y,
      width: box.width * area.width,
      height: box.height * area.height,
    },
    [colour],
    60,
  );
  return n;
}

export async function attachScreenshot(page: Page, info: TestInfo, name: string): Promise<void> {
  const box = await chartBox(page);
  // Kept in the test's output folder (test-results/) whether it passes or not, to be looked at.
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ clip: box, path });
  await info.attach(name, { path, contentType: 'image/png' });
}

export interface ToolCase {
  /** The kind in the document. */
  kind: string;
  /** Its name in the tool picker and the palette (`Draw <name, lower case>`). */
  name: string;
  /** Cursor steps for the keyboard drawing (one per point). */
  keys: CursorSteps[];
  /** Mouse points, as fractions of the chart. */
  clicks: { x: number; y: number }[];
  /** Where the drawing's own pixels are (fractions of the chart) once drawn by the mouse. */
  inkArea: { x: number; y: number; width: number; height: number };
  /** The tool opens its editor once placed (a text note, to be written): the test closes it unchanged. */
  opensEditor?: boolean;
}

/** Closes the editor a placed drawing opened (Escape, no edit), when the tool opens one. */
async function closeOpenedEditor(page: Page, tool: ToolCase): Promise<void> {
  if (!tool.opensEditor) return;
  const popover = page.getByRole('dialog', { name: 'Edit annotation' });
  await expect(popover.getByRole('textbox', { name: 'Label' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
}

/**
 * The e2e contract every drawing tool meets: drawn by mouse and by keyboard, edited, undone and
 * redone one step at a time, found again after a reload, with its pixels on the canvas in a light and
 * a dark theme (screenshots attached to the test output).
 */
export function describeDrawingTool(tool: ToolCase): void {
  test.describe(tool.name, () => {
    test('drawn by mouse and by keyboard, edited, undone, redone and reloaded', async ({ page }, info) => {
      await openChart(page);
      const before = await colourIn(page, tool.inkArea);

      await drawByMouse(page, tool.name, tool.clicks);
      await expect.poll(() => drawingCount(page)).toBe('1');
      await closeOpenedEditor(page, tool);
      const [byMouse] = await drawingsOf(page);
      expect(byMouse?.kind).toBe(tool.kind);
      await expect.poll(() => colourIn(page, tool.inkArea)).toBeGreaterThan(before + 20);
      await attachScreenshot(page, info, `${tool.kind}-light`);

      await drawByKeys(page, `Draw ${tool.name.toLowerCase()}`, tool.keys);
      await expect.poll(() => drawingCount(page)).toBe('2');
      await closeOpenedEditor(page, tool);
      const byKeys = (await drawingsOf(page)).find((d) => d.id !== byMouse?.id);
      expect(byKeys?.kind).toBe(tool.kind);
      expect(await historyDepth(page)).toBe(2);

      // Edit the selected (keyboard-drawn) drawing: its label, one step.
      await runFromPalette(page, 'Edit annotation');
      const popover = page.getByRole('dialog', { name: 'Edit annotation' });
      await popover.getByRole('textbox', { name: 'Label' }).fill('Swing');
      await expect
        .poll(async () => (await drawingsOf(page)).find((d) => d.id === byKeys?.id)?.label)
        .toBe('Swing');
      await page.keyboard.press('Escape');
      expect(await historyDepth(page)).toBe(3);

      await page.keyboard.press('Control+z');
      await expect
        .poll(async () => (await drawingsOf(page)).find((d) => d.id === byKeys?.id)?.label)
        .toBe('');
      await page.keyboard.press('Control+z');
      await expect.poll(() => drawingCount(page)).toBe('1');
      await page.keyboard.press('Control+z');
      await expect.poll(() => drawingCount(page)).toBe('0');
      await expect.poll(() => colourIn(page, tool.inkArea)).toBeLessThan(before + 20);
      await page.keyboard.press('Control+y');
      await page.keyboard.press('Control+y');
      await expect.poll(() => drawingCount(page)).toBe('2');

      const saved = await drawingsOf(page);
      await page.reload();
      await chartReady(page);
      await expect.poll(() => drawingCount(page)).toBe('2');
      expect(await drawingsOf(page)).toEqual(saved);
      await expect.poll(() => colourIn(page, tool.inkArea)).toBeGreaterThan(before + 20);
    });

    test('drawn in a dark theme', async ({ page }, info) => {
      await openChart(page, 'financial-dark');
      const before = await colourIn(page, tool.inkArea);
      await drawByMouse(page, tool.name, tool.clicks);
      await expect.poll(() => drawingCount(page)).toBe('1');
      await closeOpenedEditor(page, tool);
      await expect.poll(() => colourIn(page, tool.inkArea)).toBeGreaterThan(before + 20);
      await attachScreenshot(page, info, `${tool.kind}-dark`);
    });
  });
}
