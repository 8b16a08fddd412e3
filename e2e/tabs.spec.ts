import { expect, type Page, test } from '@playwright/test';
import { openFresh, panes, runFromPalette } from './support';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test.describe('two tabs of one workspace', () => {
  test('edited in turn: both edits survive, each tab shows both within a second, and a reload has both', async ({
    page,
    context,
  }) => {
    await openFresh(page, ['watchlist']);
    const other = await context.newPage();
    await other.goto('/');
    await expect(panes(other)).toHaveCount(1);

    // Tab A splits a pane; tab B shows it without a reload.
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    await expect(panes(other)).toHaveCount(2, { timeout: 1500 });

    // Tab B changes the theme; tab A follows, and keeps its split.
    await runFromPalette(other, 'Theme: Vivid Dark');
    await expect.poll(() => theme(page), { timeout: 1500 }).toBe('vivid-dark');
    await expect(panes(page)).toHaveCount(2);

    // Undo in A takes back A's split only: the other tab's theme stays, in both tabs.
    await page.keyboard.press('Control+z');
    await expect(panes(page)).toHaveCount(1);
    await expect(panes(other)).toHaveCount(1, { timeout: 1500 });
    expect(await theme(page)).toBe('vivid-dark');

    // A new tab, and a reload, find both tabs' work.
    await runFromPalette(page, 'Split pane down');
    await expect(panes(other)).toHaveCount(2, { timeout: 1500 });
    const third = await context.newPage();
    await third.goto('/');
    await expect(panes(third)).toHaveCount(2);
    expect(await theme(third)).toBe('vivid-dark');
    await other.reload();
    await expect(panes(other)).toHaveCount(2);
    expect(await theme(other)).toBe('vivid-dark');
  });
});
