import { expect, type Locator, type Page, test } from '@playwright/test';
import { chartReady, openFresh, openWithSavedWorkspace, panes, runFromPalette, workspaceOf } from './support';

const WORKSPACE_LABELS = [
  'Undo',
  'Redo',
  'Split pane right',
  'Split pane down',
  'Close pane',
  'Maximize pane',
  'Focus next pane',
  'Focus previous pane',
  'Focus pane left',
  'Focus pane right',
  'Focus pane up',
  'Focus pane down',
  'Move pane left',
  'Move pane right',
  'Move pane up',
  'Move pane down',
  'New pane: Watchlist',
  'Reset workspace',
  'Export workspace',
  'Import workspace',
  'Show keyboard shortcuts',
];

test('the palette lists every workspace command with its keys; Escape closes it', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  for (const label of WORKSPACE_LABELS) {
    await expect(
      palette
        .getByRole('option', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first(),
    ).toBeAttached();
  }
  await expect(palette.getByRole('option', { name: /^Undo/ })).toContainText('Ctrl+Z');
  await expect(palette.getByRole('option', { name: /^Focus next pane/ })).toContainText('F6');
  await expect(palette.getByRole('option', { name: /^Move pane left/ })).toContainText('Alt+Shift+←');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('Ctrl+K right after Escape opens the palette again (no key is lost while it closes)', async ({
  page,
}) => {
  await openFresh(page);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  for (let round = 0; round < 10; round++) {
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    // No wait between the two keys, as a fast typist presses them.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  }
});

test('Enter runs the active option; typing filters', async ({ page }) => {
  await openFresh(page);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('new pane watch');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(/^New pane: Watchlist/);
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(2);
});

/**
 * A chart pane with its bars, focused, and the command palette opened over it with Ctrl+K. Its bars
 * first: a tool armed before them is refused with "no data to draw on yet", as a person sees.
 */
async function paletteOnChart(page: Page): Promise<Locator> {
  await openFresh(page, ['candlestick']);
  await chartReady(page);
  await panes(page).first().focus();
  await page.keyboard.press('Control+k');
  return page.getByRole('dialog', { name: 'Command palette' });
}

test('what can run comes first, and the best match of it is the active option as you type', async ({
  page,
}) => {
  const palette = await paletteOnChart(page);
  const options = palette.getByRole('option');
  await palette.getByRole('combobox').pressSequentially('draw');
  // Before, commands that cannot run here ('Save named workspace: runs from its own control') stood
  // above every Draw command, and the active option was out of view.
  await expect(options.first()).toHaveAccessibleName(/^Draw /);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).not.toHaveAttribute('aria-disabled', 'true');
  const disabled = await options.evaluateAll((all) =>
    all.map((option) => option.getAttribute('aria-disabled') === 'true'),
  );
  expect(disabled.indexOf(true)).toBeGreaterThan(0);
  expect(disabled.slice(disabled.indexOf(true)).every(Boolean)).toBe(true);
  await palette.getByRole('combobox').pressSequentially(' trend');
  await expect(options.first()).toHaveAccessibleName(/^Draw trend line/);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(panes(page).first().getByRole('button', { name: 'Draw trend line' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the palette lists what it can run, not the commands a dialog or a drag runs with its own arguments', async ({
  page,
}) => {
  const palette = await paletteOnChart(page);
  await palette.getByRole('combobox').fill('save');
  const options = palette.getByRole('option');
  await expect(options.first()).toHaveAccessibleName(/^Save workspace as/);
  // 'Save named workspace' is the Save button of that dialog, with the name typed there.
  await expect(options.filter({ hasText: /^Save named workspace/ })).toHaveCount(0);
  await palette.getByRole('combobox').fill('');
  await expect(options.filter({ hasText: 'Runs from its own control' })).toHaveCount(0);
});

test("a tool is found by the word a trader types for it: 'fibonacci' finds the fib retracement", async ({
  page,
}) => {
  const palette = await paletteOnChart(page);
  await palette.getByRole('combobox').fill('fibonacci');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(/^Draw fib retracement/);
  await palette.getByRole('combobox').fill('measure');
  const options = palette.getByRole('option');
  await expect(options.filter({ hasText: /^Draw price range/ })).toHaveCount(1);
  await expect(options.filter({ hasText: /^Draw date and price range/ })).toHaveCount(1);
});

test("an option's name reads its label, its keys and their scope as words apart", async ({ page }) => {
  const palette = await paletteOnChart(page);
  await palette.getByRole('combobox').fill('draw trend line');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(
    'Draw trend line Alt+T in a focused chart',
  );
  await palette.getByRole('combobox').fill('redo');
  await expect(palette.getByRole('option', { name: /^Redo/ })).toHaveAccessibleName(
    'Redo Nothing to redo Ctrl+Shift+Z Ctrl+Y',
  );
});

test('right-click opens the pane context menu from the registry; its commands act on that pane', async ({
  page,
}) => {
  await openFresh(page);
  const pane = panes(page).first();
  await pane.click({ button: 'right', position: { x: 200, y: 300 } });
  const menu = page.getByRole('menu', { name: 'Pane actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Split pane right/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Split pane down/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panes(page)).toHaveCount(2);
  await expect(menu).toBeHidden();
});

test('a 500 ms touch long-press opens the context menu; a move of more than 10 px cancels it', async ({
  page,
}) => {
  await openFresh(page);
  const pane = panes(page).first();
  const box = await pane.locator('.pane-body').boundingBox();
  if (!box) throw new Error('no pane body');
  const at = { clientX: box.x + 200, clientY: box.y + box.height - 40 };
  const body = pane.locator('.pane-body');
  const touch = { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true };

  // Timed inside the page: waits taken from the test runner stretch under load (a 250 ms wait that took
  // 500 ms found the menu rightly open). Timers in one page fire in the order of their deadlines.
  const menu = '[role="menu"][aria-label="Pane actions"]';
  const moved = await body.evaluate(
    (el, { init, menu }) => {
      const isOpen = () => document.querySelector(menu) !== null;
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      return (async () => {
        el.dispatchEvent(new PointerEvent('pointerdown', init));
        await sleep(200);
        el.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: init.clientX + 25 }));
        await sleep(600);
        const open = isOpen();
        el.dispatchEvent(new PointerEvent('pointerup', init));
        return open;
      })();
    },
    { init: { ...touch, ...at }, menu },
  );
  expect(moved, 'a move of 25 px cancels the long-press').toBe(false);
  await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeHidden();

  const held = await body.evaluate(
    (el, { init, menu }) => {
      const isOpen = () => document.querySelector(menu) !== null;
      return new Promise<{ openAt250: boolean; openedAfter: number }>((resolve) => {
        const start = performance.now();
        el.dispatchEvent(new PointerEvent('pointerdown', init));
        let openAt250 = true;
        setTimeout(() => {
          openAt250 = isOpen();
        }, 250);
        const poll = () => {
          if (isOpen()) resolve({ openAt250, openedAfter: performance.now() - start });
          else setTimeout(poll, 10);
        };
        setTimeout(poll, 260);
      });
    },
    { init: { ...touch, ...at }, menu },
  );
  expect(held.openAt250, 'not open after 250 ms').toBe(false);
  expect(held.openedAfter).toBeGreaterThanOrEqual(500);
  await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeVisible();
  await body.dispatchEvent('pointerup', { ...touch, ...at });
});

test('the app starts with no page errors (the registry throws on a key bound twice)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openFresh(page);
  expect(errors).toEqual([]);
});

test('Shift+F10 opens the pane menu from the keyboard; Replace pane with: swaps the kind in place', async ({
  page,
}) => {
  await openFresh(page, ['watchlist']);
  await page.keyboard.press('F6');
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Pane actions' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // Escape gives the focus back to the pane, so the keyboard goes on from there.
  await expect(panes(page).first()).toBeFocused();
  await runFromPalette(page, 'Replace pane with: Candlestick');
  await expect(panes(page)).toHaveCount(1);
  await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'candlestick');
  await page.keyboard.press('Control+z');
  await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'watchlist');
});

test("Replace pane with: a donut's tile becomes a histogram of a symbol, not of the donut's Portfolio", async ({
  page,
}) => {
  // A donut as the app makes one: its symbol is the name of its dataset, which no market has.
  const saved = JSON.parse(workspaceOf(['donut']));
  saved.panes.p1.symbol = 'Portfolio';
  await openWithSavedWorkspace(page, JSON.stringify(saved));
  const donut = panes(page).first();
  // The donut's legend lists the portfolio's symbols once its data is in (the engine's symbols too).
  await expect(donut.getByRole('checkbox', { name: 'AAPL' })).toBeVisible();
  await page.keyboard.press('F6');
  await runFromPalette(page, 'Replace pane with: Histogram');
  const histogram = panes(page).first();
  await expect(histogram).toHaveAttribute('data-pane-kind', 'histogram');
  await expect(histogram).toHaveAttribute('aria-label', 'SPX · Histogram');
  await expect(histogram.getByRole('checkbox', { name: 'SPX daily returns' })).toBeVisible();
  await expect(histogram.getByText(/Unknown symbol/)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(panes(page).first()).toHaveAttribute('data-pane-kind', 'donut');
});

test('a command typed in full that cannot run is listed with its reason, and Enter runs nothing else', async ({
  page,
}) => {
  await openFresh(page, ['candlestick', 'watchlist']);
  await page.keyboard.press('F6');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('Restore pane');
  // Hidden while nothing is maximized, but typed: shown, unavailable, and alone (no scattered match
  // such as 'Replace pane with: Histogram' to take the Enter).
  const options = palette.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAccessibleName(/^Restore pane/);
  await expect(options.first()).toContainText('No pane is maximized');
  await expect(options.first()).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(panes(page)).toHaveCount(2);
  expect(await panes(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-pane-kind')))).toEqual([
    'candlestick',
    'watchlist',
  ]);
  await expect(page.getByRole('button', { name: 'Undo' }).first()).toBeDisabled();
});
