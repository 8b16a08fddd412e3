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
