import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the workstation on a clean profile (no saved workspace). */
export async function openFresh(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/${query}`);
  await expect(page.getByRole('main', { name: 'Workspace' })).toBeVisible();
  await expect(panes(page).first()).toBeVisible();
}

/** Every pane root (SPEC section 4: role=region with data-pane-id). */
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
