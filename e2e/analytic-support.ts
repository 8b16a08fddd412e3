/** Helpers of the analytic-pane e2e files: workspaces of analytic panes, WebGL bookkeeping, pixels. */
import { expect, type Locator, type Page } from '@playwright/test';
import { colourCounts, panes } from './support';

// The default theme's colours (src/themes/themes.ts).
export const PALETTE = ['#5090dc', '#ffa03a', '#459d55', '#34bfe1', '#e1cc00', '#9669cb'];
export const SURFACE = '#f5f7fa';
export const UP = '#2e9e6a';
export const DOWN = '#d9434f';
export const WARNING = '#c27c0e';

/** `colour` drawn at `alpha` over the pane surface, as the screen shows it. */
export function over(colour: string, alpha: number, background = SURFACE): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const mixed = [0, 1, 2].map((i) =>
    Math.round(alpha * channel(colour, i) + (1 - alpha) * channel(background, i)),
  );
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A saved workspace of `kinds` in rows of `columns`, opened at `query` (e.g. `?renderer=webgl`). */
export async function openAnalytic(
  page: Page,
  kinds: string[],
  options: { columns?: number; query?: string } = {},
) {
  const columns = options.columns ?? kinds.length;
  const ids = kinds.map((_, i) => `p${i + 1}`);
  const rows: unknown[] = [];
  for (let i = 0; i < ids.length; i += columns) {
    const row = ids.slice(i, i + columns);
    rows.push(row.length === 1 ? row[0] : { type: 'split', direction: 'row', children: row });
  }
  const layout = rows.length === 1 ? rows[0] : { type: 'split', direction: 'column', children: rows };
  const paneStates = Object.fromEntries(
    kinds.map((kind, i) => [ids[i], { id: ids[i], kind, symbol: 'SPX', linkGroup: null, settings: {} }]),
  );
  const raw = JSON.stringify({
    version: 1,
    layout,
    panes: paneStates,
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
  });
  await page.addInitScript((text) => {
    if (sessionStorage.getItem('e2e.seeded') !== null) return;
    sessionStorage.setItem('e2e.seeded', '1');
    localStorage.clear();
    localStorage.setItem('workstation.workspace', text);
  }, raw);
  await page.goto(`/${options.query ?? ''}`);
  await expect(panes(page)).toHaveCount(kinds.length);
}

/** Counts getContext calls that return a WebGL context, keeping the contexts for the context-loss tests. */
export async function countWebGlContexts(page: Page) {
  await page.addInitScript(() => {
    const created: unknown[] = [];
    (window as unknown as { __webglContexts: unknown[] }).__webglContexts = created;
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      const context = (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      // Every call that hands out a WebGL context counts, even one returning a context again.
      if (context && /webgl/.test(type)) created.push(context);
      return context;
    } as typeof original;
  });
}

export function loseContext(page: Page, { blockRestore = false } = {}) {
  return page.evaluate((block) => {
    const contexts = (window as unknown as { __webglContexts: WebGLRenderingContext[] }).__webglContexts;
    const gl = contexts.find((c) => !c.isContextLost());
    const extension = gl?.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('no live WebGL context');
    if (block) extension.restoreContext = () => {};
    extension.loseContext();
  }, blockRestore);
}

export function canvasOf(page: Page, kind: string): Locator {
  return page.locator(`[data-pane-kind="${kind}"] .analytic-canvas`);
}

/** Waits until the pane has data and the shared layer has painted it at least `frames` times. */
export async function drawn(page: Page, kind: string, frames = 1) {
  const pane = page.locator(`[data-pane-kind="${kind}"]`);
  await expect(pane.getByText('Loading data...')).toHaveCount(0);
  await expect
    .poll(async () => Number((await canvasOf(page, kind).getAttribute('data-frames')) ?? 0), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(frames);
}

export async function frames(page: Page, kind: string): Promise<number> {
  return Number((await canvasOf(page, kind).getAttribute('data-frames')) ?? 0);
}

export async function plotBox(page: Page, kind: string) {
  const box = await canvasOf(page, kind).boundingBox();
  if (!box) throw new Error(`no ${kind} canvas`);
  return box;
}

export async function colours(page: Page, kind: string, list: string[], tolerance = 40) {
  // Tooltips and hover highlights change pixels: keep the pointer away.
  await page.mouse.move(1, 1);
  const box = await plotBox(page, kind);
  return colourCounts(page, box, list, tolerance);
}

export async function notBlank(page: Page, kind: string): Promise<number> {
  const box = await plotBox(page, kind);
  const [background = 0] = await colourCounts(page, box, [SURFACE], 6);
  return box.width * box.height - background;
}
