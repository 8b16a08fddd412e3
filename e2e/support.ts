import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Panes in the default workspace (src/workspace/default-document.ts): a candlestick chart, a watchlist,
 * donut, gauge and bubble. The chart shows the first configured feed's first symbol: BTCUSDT of the
 * replay feed in the e2e build (SPX in a build without feeds).
 */
export const DEFAULT_PANE_COUNT = 5;

/** Opens the workstation on a clean profile: the default workspace a new user sees. */
export async function openDefault(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await expect(page.getByRole('main', { name: 'Workspace' })).toBeVisible();
  await expect(panes(page).first()).toBeVisible();
}

/** A saved workspace of one row of panes of the given kinds, each with a fixed id `p1`, `p2`, ... */
export function workspaceOf(kinds: string[], theme = 'default'): string {
  const ids = kinds.map((_, i) => `p${i + 1}`);
  const panes = Object.fromEntries(
    kinds.map((kind, i) => [ids[i], { id: ids[i], kind, symbol: 'SPX', linkGroup: null, settings: {} }]),
  );
  const layout = ids.length === 1 ? ids[0] : { type: 'split', direction: 'row', children: ids };
  return JSON.stringify({ version: 1, layout, panes, annotations: {}, theme, maximizedPaneId: null });
}

/**
 * Opens the workstation on a known workspace (a single watchlist unless told otherwise), so a test
 * does not depend on what the default workspace holds.
 */
export async function openFresh(page: Page, kinds: string[] = ['watchlist']): Promise<void> {
  await openWithSavedWorkspace(page, workspaceOf(kinds));
  await expect(panes(page)).toHaveCount(kinds.length);
}

/** Every pane root (docs/test-contract.md: role=region with data-pane-id). */
export function panes(page: Page): Locator {
  return page.locator('[role="region"][data-pane-id]');
}

export function focusedPane(page: Page): Locator {
  return page.locator('[role="region"][data-pane-id][data-focused="true"]');
}

/** Pane ids in reading order on screen (top to bottom, then left to right), not DOM order. */
export async function paneIds(page: Page): Promise<string[]> {
  return panes(page).evaluateAll((els) =>
    els
      .map((el) => ({ id: (el as HTMLElement).dataset.paneId ?? '', r: el.getBoundingClientRect() }))
      .sort((a, b) => Math.round(a.r.top - b.r.top) || Math.round(a.r.left - b.r.left))
      .map((p) => p.id),
  );
}

/** Runs a command the way a person does: Ctrl+K, type, Enter. */
export async function runFromPalette(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill(label);
  await expect(
    palette.getByRole('option', { name: new RegExp(`^${escapeRegExp(label)}`) }).first(),
  ).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/** Picks a simulated minute-bar symbol in a chart pane's symbol picker; waits until it is charted. */
export async function chartMinuteBars(pane: Locator, symbol: string): Promise<void> {
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
  await expect(pane).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(symbol)}, 1-minute bars, `), {
    timeout: 20_000,
  });
}

/** A file handed to the system picker, as a person picks it from disk. */
export interface PickedFile {
  name: string;
  text: string | Buffer;
  mimeType?: string;
}

/** Answers the file picker that `open` makes appear (a command, a button) with `file`. */
export async function chooseFile(page: Page, open: () => Promise<void>, file: PickedFile): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), open()]);
  await chooser.setFiles({
    name: file.name,
    mimeType: file.mimeType ?? 'text/csv',
    buffer: Buffer.from(file.text),
  });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The workspace document as the store holds it (read-only view for assertions). */
export async function documentOf(page: Page): Promise<{
  layout: unknown;
  panes: Record<string, { kind: string; symbol: string; linkGroup: string | null }>;
  theme: string;
  maximizedPaneId: string | null;
}> {
  return page.evaluate(() => window.__workstation?.document() as never);
}

/** Splits the focused pane right `n` times through the palette. */
export async function splitRight(page: Page, n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await runFromPalette(page, 'Split pane right');
}

/**
 * Colour of the screen at a point, read from a real screenshot (works for WebGL canvases too, which
 * cannot be read back with drawImage). Decoded in the page with a 2D canvas.
 */
export async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(image, 0, 0);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, png.toString('base64'));
}

export function luminance([r, g, b]: [number, number, number]): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * Opens the workstation as if `raw` had been saved as the current workspace by an earlier visit.
 * The seed is written by an init script before the app starts, once per tab, so reloads see what
 * the app itself saved afterwards.
 */
export async function openWithSavedWorkspace(page: Page, raw: string): Promise<void> {
  await page.addInitScript((text) => {
    if (sessionStorage.getItem('e2e.seeded') !== null) return;
    sessionStorage.setItem('e2e.seeded', '1');
    localStorage.clear();
    localStorage.setItem('workstation.workspace', text);
  }, raw);
  await page.goto('/');
  await expect(page.getByRole('main', { name: 'Workspace' })).toBeVisible();
}

export async function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Every localStorage entry whose key starts with `prefix`. */
export async function storedItemsStartingWith(page: Page, prefix: string): Promise<Record<string, string>> {
  return page.evaluate((p) => {
    const found: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(p)) found[key] = localStorage.getItem(key) ?? '';
    }
    return found;
  }, prefix);
}

/** Decodes a PNG in the page: its size and how many pixels of each colour (within `tolerance`) it has. */
export function pngColourCounts(page: Page, bytes: Buffer, colours: string[], tolerance = 40) {
  return page.evaluate(
    async ({ b64, colours, tolerance }) => {
      // Not fetch(data:): the app's CSP allows no such connection.
      const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const targets = colours.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
      const counts = colours.map(() => 0);
      for (let i = 0; i < data.length; i += 4) {
        targets.forEach(([r, g, b], k) => {
          const d =
            Math.abs((data[i] as number) - (r as number)) +
            Math.abs((data[i + 1] as number) - (g as number)) +
            Math.abs((data[i + 2] as number) - (b as number));
          if (d <= tolerance) counts[k] = (counts[k] ?? 0) + 1;
        });
      }
      return { width: bitmap.width, height: bitmap.height, counts };
    },
    { b64: bytes.toString('base64'), colours, tolerance },
  );
}

/** Runs `trigger` and returns the name and text of the file it downloads. */
export async function downloadFrom(
  page: Page,
  trigger: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/**
 * How many pixels of a screen area are close to each given colour (hex), from a real screenshot.
 * Used to tell chart styles apart (filled against hollow candles) without reading canvas internals.
 */
export async function colourCounts(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  colours: string[],
  tolerance = 40,
): Promise<number[]> {
  const columns = await colourColumns(page, clip, colours, tolerance);
  return columns.map((perColumn) => perColumn.reduce((sum, n) => sum + n, 0));
}

/** For each colour, how many pixels of each column of the clip have it (within `tolerance`). */
export function colourColumns(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  colours: string[],
  tolerance = 40,
): Promise<number[][]> {
  return colourTally(page, clip, colours, tolerance, 'columns');
}

/** For each colour, how many pixels of each row of the clip have it (within `tolerance`). */
export function colourRows(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  colours: string[],
  tolerance = 40,
): Promise<number[][]> {
  return colourTally(page, clip, colours, tolerance, 'rows');
}

async function colourTally(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
  colours: string[],
  tolerance: number,
  by: 'columns' | 'rows',
): Promise<number[][]> {
  const png = await page.screenshot({ clip });
  return page.evaluate(
    async ({ b64, colours, tolerance, by }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, image.width, image.height).data;
      const targets = colours.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
      const size = by === 'columns' ? image.width : image.height;
      const tallies = colours.map(() => new Array<number>(size).fill(0));
      for (let p = 0; p < data.length; p += 4) {
        const pixel = p / 4;
        const at = by === 'columns' ? pixel % image.width : Math.floor(pixel / image.width);
        targets.forEach(([r = 0, g = 0, b = 0], k) => {
          const d =
            Math.abs((data[p] ?? 0) - r) +
            Math.abs((data[p + 1] ?? 0) - g) +
            Math.abs((data[p + 2] ?? 0) - b);
          const tally = tallies[k];
          if (d <= tolerance && tally) tally[at] = (tally[at] ?? 0) + 1;
        });
      }
      return tallies;
    },
    { b64: png.toString('base64'), colours, tolerance, by },
  );
}

/**
 * The first financial chart of the page (or of one pane) has its bars: it reports a visible range and
 * no longer says it is loading.
 */
export async function chartReady(scope: Page | Locator): Promise<void> {
  await expect(
    scope.locator('.chart-canvas[data-visible-from]:not([data-visible-from=""])').first(),
  ).toBeAttached();
  await expect(scope.getByText('Loading data...')).toHaveCount(0);
}

/** The logical bar range a financial chart shows (`.chart-canvas` data-visible-from / -to) and its width. */
export async function visibleBars(canvas: Locator): Promise<{ from: number; to: number; width: number }> {
  const from = Number(await canvas.getAttribute('data-visible-from'));
  const to = Number(await canvas.getAttribute('data-visible-to'));
  return { from, to, width: to - from };
}

/** Fills this origin's storage to the last character, the way another app on the origin might. */
export async function fillStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    let size = 1 << 20;
    let index = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler.${index}`, 'x'.repeat(size));
        index++;
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
}

/** A minute as the app writes it in `zone` ("Jan 01, 2020, 00:20"), from the test's own zone data. */
export function minuteIn(zone: string, date: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

/** A pane's accessible description (the summary its `aria-describedby` points at). */
export const paneDescription = (pane: Locator): Promise<string> =>
  pane.evaluate(
    (region) => document.getElementById(region.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );

/** How many bars a chart pane's description says are in view ("(21 bars …"). */
export const barsInView = async (pane: Locator): Promise<number> =>
  Number(/\((\d+) bars?\b/.exec(await paneDescription(pane))?.[1]);
