import { expect, type Page, test } from '@playwright/test';
import {
  chooseFile,
  DEFAULT_PANE_COUNT,
  documentOf,
  downloadFrom,
  fillStorage,
  openFresh,
  openWithSavedWorkspace,
  paneIds,
  panes,
  runFromPalette,
  storedItem,
  storedItemsStartingWith,
} from './support';

const WORKSPACE_KEY = 'workstation.workspace';
const BACKUP_PREFIX = 'workstation.workspace.backup.';

/** A saved document that is valid in every way except the one each test breaks. */
function savedDocument(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 1,
    layout: 'p1',
    panes: { p1: { id: 'p1', kind: 'watchlist', symbol: 'SPX', linkGroup: null, settings: {} } },
    annotations: {},
    theme: 'default',
    maximizedPaneId: null,
    ...overrides,
  };
}

function problemBanner(page: Page) {
  return page
    .getByRole('alert')
    .filter({ has: page.getByRole('button', { name: 'Download unreadable copy' }) });
}

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

/** Waits until the debounced save has written a workspace that satisfies `check`. */
async function waitForSave(page: Page, check: (saved: { panes: object; theme: string }) => boolean) {
  await expect
    .poll(async () => {
      const raw = await storedItem(page, WORKSPACE_KEY);
      try {
        if (raw === null) return false;
        // The saved form wraps the document with its revision (src/state/persistence.ts).
        const parsed = JSON.parse(raw);
        return check(parsed.document ?? parsed);
      } catch {
        return false; // not yet replaced (e.g. still the unreadable text)
      }
    })
    .toBe(true);
}

/** Answers the file picker that `Import workspace` opens with a file of this name and text. */
async function importWorkspaceFile(page: Page, name: string, text: string): Promise<void> {
  await chooseFile(page, () => runFromPalette(page, 'Import workspace'), {
    name,
    text,
    mimeType: 'application/json',
  });
}

test.describe('the workspace is saved, restored, exported and imported without losing anything', () => {
  test('a reload restores the layout and the theme', async ({ page }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    await runFromPalette(page, 'Theme: Financial Dark');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('financial-dark');
    const before = await paneIds(page);
    const layoutBefore = (await documentOf(page)).layout;

    await waitForSave(
      page,
      (saved) => saved.theme === 'financial-dark' && Object.keys(saved.panes).length === 2,
    );
    await page.reload();

    await expect(panes(page)).toHaveCount(2);
    await expect.poll(() => paneIds(page)).toEqual(before);
    expect((await documentOf(page)).layout).toEqual(layoutBefore);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('financial-dark');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('financial-dark');
    await expect(problemBanner(page)).toHaveCount(0);
  });

  test('unreadable JSON in storage: the default loads, the text is kept aside and can be downloaded', async ({
    page,
  }) => {
    const raw = '{"version":1,"layout":';
    await openWithSavedWorkspace(page, raw);

    const banner = problemBanner(page);
    await expect(banner).toContainText(
      'The saved workspace could not be read, so the default workspace was loaded.',
    );
    await expect(banner).toContainText('Problem: Not JSON');

    const backups = await storedItemsStartingWith(page, BACKUP_PREFIX);
    expect(Object.values(backups)).toEqual([raw]);

    const file = await downloadFrom(page, () =>
      banner.getByRole('button', { name: 'Download unreadable copy' }).click(),
    );
    expect(file.name).toMatch(/\.json$/);
    expect(file.text).toBe(raw);

    // Reloading before any edit finds the same text again and does not pile up copies of it.
    await page.reload();
    await expect(banner).toContainText('Problem: Not JSON');
    expect(Object.values(await storedItemsStartingWith(page, BACKUP_PREFIX))).toEqual([raw]);

    // The default workspace works: its watchlist shows data and it can be edited.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await expect(panes(page)).toHaveCount(DEFAULT_PANE_COUNT);
    await expect(page.getByRole('grid', { name: 'Watchlist' })).toBeVisible();
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(DEFAULT_PANE_COUNT + 1);
    await waitForSave(page, (saved) => Object.keys(saved.panes).length === DEFAULT_PANE_COUNT + 1);
    expect(Object.values(await storedItemsStartingWith(page, BACKUP_PREFIX))).toEqual([raw]);
  });

  test('a document that breaks the schema is treated the same, and the message names the path', async ({
    page,
  }) => {
    const raw = JSON.stringify(
      savedDocument({
        panes: { p1: { id: 'p1', kind: 42, symbol: 'SPX', linkGroup: null, settings: {} } },
      }),
    );
    await openWithSavedWorkspace(page, raw);

    const banner = problemBanner(page);
    await expect(banner).toContainText('The saved workspace could not be read');
    await expect(banner).toContainText('panes.p1.kind');
    expect(Object.values(await storedItemsStartingWith(page, BACKUP_PREFIX))).toEqual([raw]);

    const file = await downloadFrom(page, () =>
      banner.getByRole('button', { name: 'Download unreadable copy' }).click(),
    );
    expect(file.text).toBe(raw);
    await expect(panes(page)).toHaveCount(DEFAULT_PANE_COUNT);
    // The default's chart: the e2e build's first feed symbol (e2e/support.ts).
    await expect(page.getByRole('region', { name: 'BTCUSDT · Candlestick' })).toHaveAttribute(
      'data-pane-kind',
      'candlestick',
    );
    await expect(page.getByRole('grid', { name: 'Watchlist' })).toBeVisible();
  });

  test('a document from a newer version is left untouched, even after edits', async ({ page }) => {
    const raw = JSON.stringify(savedDocument({ version: 99, futureField: { x: 1 } }));
    await openWithSavedWorkspace(page, raw);

    const banner = problemBanner(page);
    await expect(banner).toContainText('comes from a newer version of the workstation');
    await expect(banner).toContainText('schema 99');

    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(DEFAULT_PANE_COUNT + 1);
    // Nothing can be awaited for a save that must not happen: outlast the 300 ms debounce, then
    // force the page-hide flush as well.
    await page.waitForTimeout(1_200);
    await page.evaluate(() => window.__workstation?.flushSave());
    expect(await storedItem(page, WORKSPACE_KEY)).toBe(raw);
    expect(await storedItemsStartingWith(page, BACKUP_PREFIX)).toEqual({});

    const file = await downloadFrom(page, () =>
      banner.getByRole('button', { name: 'Download unreadable copy' }).click(),
    );
    expect(file.text).toBe(raw);
  });

  test('Export workspace downloads the current document as version 1 JSON', async ({ page }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane down');
    await expect(panes(page)).toHaveCount(2);
    const ids = await paneIds(page);

    const file = await downloadFrom(page, () => runFromPalette(page, 'Export workspace'));
    expect(file.name).toMatch(/^workspace-.*\.json$/);
    const exported = JSON.parse(file.text);
    expect(exported.version).toBe(1);
    expect(Object.keys(exported.panes).sort()).toEqual([...ids].sort());
    expect(exported.layout).toEqual((await documentOf(page)).layout);
    expect(exported.theme).toBe('default');
  });

  test('Import workspace: a bad file changes nothing; a good one replaces the panes, and undo brings them back', async ({
    page,
  }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    const exportedIds = await paneIds(page);
    const exported = await downloadFrom(page, () => runFromPalette(page, 'Export workspace'));

    await runFromPalette(page, 'Reset workspace');
    await expect(panes(page)).toHaveCount(DEFAULT_PANE_COUNT);
    const resetIds = await paneIds(page);
    expect(resetIds).not.toEqual(exportedIds);

    await importWorkspaceFile(page, 'broken.json', '{"version": 1, "panes": ');
    await expect(
      notifications(page).getByRole('alert').filter({ hasText: 'Could not import "broken.json"' }),
    ).toContainText('Not JSON');
    await expect.poll(() => paneIds(page)).toEqual(resetIds);

    const wrongTheme = JSON.parse(exported.text);
    wrongTheme.theme = 'neon';
    await importWorkspaceFile(page, 'wrong-theme.json', JSON.stringify(wrongTheme));
    await expect(
      notifications(page).getByRole('alert').filter({ hasText: 'Could not import "wrong-theme.json"' }),
    ).toContainText('theme');
    await expect.poll(() => paneIds(page)).toEqual(resetIds);

    await importWorkspaceFile(page, 'mine.json', exported.text);
    await expect(notifications(page)).toContainText('Imported "mine.json"');
    await expect.poll(() => paneIds(page)).toEqual(exportedIds);

    await page.keyboard.press('Control+z');
    await expect.poll(() => paneIds(page)).toEqual(resetIds);
    await page.keyboard.press('Control+y');
    await expect.poll(() => paneIds(page)).toEqual(exportedIds);
  });

  test('named workspaces: save as, open, delete', async ({ page }) => {
    await openFresh(page);
    await runFromPalette(page, 'Split pane right');
    await expect(panes(page)).toHaveCount(2);
    const saved = await paneIds(page);

    await runFromPalette(page, 'Save workspace as…');
    const saveDialog = page.getByRole('dialog', { name: 'Save workspace as' });
    await expect(saveDialog).toBeVisible();
    await expect(saveDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await saveDialog.getByRole('textbox', { name: 'Name' }).fill('Two watchlists');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await expect(saveDialog).toBeHidden();
    await expect(notifications(page)).toContainText('Saved workspace "Two watchlists"');

    // Change the layout: close one pane, split the other down.
    await panes(page).nth(1).getByRole('button', { name: 'Close pane' }).click();
    await panes(page).first().getByRole('button', { name: 'Split pane down' }).click();
    await expect(panes(page)).toHaveCount(2);
    const changed = await paneIds(page);
    expect(changed).not.toEqual(saved);

    await runFromPalette(page, 'Open workspace…');
    const openDialog = page.getByRole('dialog', { name: 'Open workspace' });
    const list = openDialog.getByRole('list', { name: 'Saved workspaces' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Two watchlists');
    await openDialog.getByRole('button', { name: 'Open Two watchlists' }).click();
    await expect(openDialog).toBeHidden();
    await expect.poll(() => paneIds(page)).toEqual(saved);

    // Opening is one undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(() => paneIds(page)).toEqual(changed);

    // Deleting asks first; Keep changes nothing.
    await runFromPalette(page, 'Open workspace…');
    await openDialog.getByRole('button', { name: 'Delete Two watchlists' }).click();
    await expect(openDialog).toContainText('Delete "Two watchlists"?');
    await openDialog.getByRole('button', { name: 'Keep' }).click();
    await expect(openDialog.getByRole('button', { name: 'Open Two watchlists' })).toBeVisible();
    await openDialog.getByRole('button', { name: 'Delete Two watchlists' }).click();
    await openDialog.getByRole('button', { name: 'Confirm delete Two watchlists' }).click();
    await expect(openDialog.getByRole('button', { name: 'Open Two watchlists' })).toHaveCount(0);
    await expect(openDialog).toContainText('No saved workspaces yet');
    expect(await storedItemsStartingWith(page, 'workstation.named.')).toEqual({});
    await openDialog.getByRole('button', { name: 'Close' }).click();
    await expect(openDialog).toBeHidden();

    // The deletion's notice offers it back.
    await notifications(page).getByRole('button', { name: 'Undo' }).click();
    await expect(notifications(page)).toContainText('Restored workspace "Two watchlists"');
    await runFromPalette(page, 'Open workspace…');
    await expect(openDialog.getByRole('button', { name: 'Open Two watchlists' })).toBeVisible();
  });

  test('Save workspace as says when it could not save (storage full)', async ({ page }) => {
    await openFresh(page);
    await fillStorage(page);
    await runFromPalette(page, 'Save workspace as…');
    const saveDialog = page.getByRole('dialog', { name: 'Save workspace as' });
    await saveDialog.getByRole('textbox', { name: 'Name' }).fill('Kept');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Not saved: "Kept" could not be saved' }),
    ).toBeVisible();
    await expect(notifications(page)).not.toContainText('Saved workspace "Kept"');
  });
});
