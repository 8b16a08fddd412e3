import { expect, type Locator, type Page, test } from '@playwright/test';
import { THEME_IDS } from '../src/state/workspace-document';
import { ALL_RULES, axeSerious, COLOUR_RULES, contrastRatios } from './axe-support';
import {
  chartReady,
  chooseFile,
  colourCounts,
  openWithSavedWorkspace,
  panes,
  runFromPalette,
  workspaceOf,
} from './support';

/** Row 3 is not a number and row 5 has its high below its low: the report shows its problem table. */
const CSV_WITH_PROBLEMS = [
  'Date,Open,High,Low,Close,Volume',
  '2021-01-04,10,11,9,10.5,100',
  '2021-01-05,10.5,x,10,11,100',
  '2021-01-06,11,12,10.5,11.5,100',
  '2021-01-07,11.5,10,12,11,100',
].join('\n');

/** The theme whose audits run every rule. */
const FIRST_THEME = THEME_IDS[0];

for (const theme of THEME_IDS) {
  const everyRule = theme === FIRST_THEME;
  /**
   * What axe finds serious or critical in the state the page is in. In the first theme every rule runs
   * over the whole page. In the others the colour rules run over the whole page once (the workspace),
   * then over what each later state opened (`scope`: a dialog, a menu, a panel), since the rest of the
   * page was audited in that theme already.
   */
  const audit = (page: Page, scope: Locator | null) =>
    everyRule ? axeSerious(page, null, ALL_RULES) : axeSerious(page, scope, COLOUR_RULES);
  /** No serious axe violation with `opened` open. */
  const expectReadable = async (page: Page, opened: Locator, where: string) =>
    expect(await audit(page, opened), `${where}: serious or critical axe violations`).toEqual([]);
  const rules = everyRule ? 'every rule' : 'colour rules';
  test(`axe finds nothing serious (${rules}) in theme ${theme}: workspace, palette, dialogs, menus and panels`, async ({
    page,
  }) => {
    // Fifteen axe audits: in Debian's Chromium 150 beside the other test worker, about 50 s with every
    // rule over the whole page, 20 s with the colour rules over what each state opened.
    test.setTimeout(90_000);
    await openWithSavedWorkspace(
      page,
      workspaceOf(['candlestick', 'watchlist', 'donut', 'gauge', 'bubble'], theme),
    );
    await chartReady(page);
    // The watchlist's change figures are coloured: wait for its quotes.
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    expect(await audit(page, null), 'workspace: serious or critical axe violations').toEqual([]);
    // axe leaves out text it cannot see the background of (these cells are beside the sparkline
    // canvas), so the coloured change figures are measured here.
    const changeContrasts = await page
      .getByRole('grid')
      .locator('td.up, td.down')
      .evaluateAll(contrastRatios);
    expect(changeContrasts.length).toBeGreaterThanOrEqual(12);
    expect(Math.min(...changeContrasts), 'contrast of the watchlist change figures').toBeGreaterThanOrEqual(
      4.5,
    );

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await expectReadable(page, palette, 'command palette');
    await page.keyboard.press('Escape');

    for (const [command, dialog] of [
      ['Show keyboard shortcuts', 'Keyboard shortcuts'],
      ['Open workspace…', 'Open workspace'],
      ['Save workspace as…', 'Save workspace as'],
      ['Save pane as template…', 'Save pane as template'],
      ['Compare symbol…', 'Compare symbol'],
      ['Add alert…', 'Create alert'],
      // The feeds and the history source of the e2e build.
      ['Show feed status', 'Feed status'],
    ]) {
      const opened = page.getByRole('dialog', { name: dialog });
      await runFromPalette(page, command);
      await expect(opened).toBeVisible();
      await expectReadable(page, opened, dialog);
      await page.keyboard.press('Escape');
      await expect(opened).toHaveCount(0);
    }

    await chooseFile(page, () => runFromPalette(page, 'Import CSV'), {
      name: 'problems.csv',
      text: CSV_WITH_PROBLEMS,
    });
    const report = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(report.getByRole('table', { name: 'Problems by row' })).toBeVisible();
    await expectReadable(page, report, 'CSV import report');
    await page.keyboard.press('Escape');
    await expect(report).toHaveCount(0);

    const chart = panes(page).first();
    await chart.locator('.chart-canvas').click({ button: 'right', position: { x: 200, y: 150 } });
    const paneMenu = page.getByRole('menu', { name: 'Pane actions' });
    const drawingMenu = page.getByRole('menu', { name: 'Drawing tools' });
    await expect(paneMenu).toBeVisible();
    await expectReadable(page, paneMenu, 'pane context menu');
    await paneMenu.getByRole('menuitem', { name: 'Drawing tools' }).click();
    await expect(drawingMenu.getByRole('menuitem').first()).toBeFocused();
    await expectReadable(page, drawingMenu, 'pane context menu with its Drawing tools submenu open');
    await page.keyboard.press('Escape');
    await expect(drawingMenu).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page
      .getByRole('toolbar', { name: 'Workspace tools' })
      .getByRole('button', { name: 'New pane' })
      .click();
    const toolbarMenu = page.getByRole('menu');
    await expect(toolbarMenu).toBeVisible();
    await expectReadable(page, toolbarMenu, 'toolbar menu');
    await page.keyboard.press('Escape');

    // A chart of five panes in a row is 300 px wide: its toolbar's panel button is folded into its menu.
    await chart.getByRole('button', { name: 'More chart tools' }).click();
    await page
      .getByRole('menu', { name: 'Pane actions' })
      .getByRole('menuitem', { name: /^Show annotations panel/ })
      .click();
    await expect(page.getByRole('list', { name: 'Annotations' })).toBeAttached();
    await expectReadable(
      page,
      page.getByRole('complementary', { name: 'Annotations panel' }),
      'annotations panel',
    );

    for (const [command, panel, where] of [
      ['Show data window', page.getByRole('complementary', { name: 'Data window' }), 'data window'],
      ['Show alerts', page.getByRole('complementary', { name: 'Alerts' }), 'alerts panel'],
      ['Show data table', page.getByRole('dialog', { name: 'Data table: SPX' }), 'data table'],
    ] as const) {
      await runFromPalette(page, command);
      await expect(panel).toBeVisible();
      await expectReadable(page, panel, where);
    }
  });
}

test('with forced colours (high contrast) the charts are drawn in the system colours, not the theme', async ({
  page,
}) => {
  // A dark theme (charts on #1d2127) under a light forced scheme: the chart must follow the system.
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
  await openWithSavedWorkspace(page, workspaceOf(['candlestick', 'gauge'], 'default-dark'));
  await chartReady(page);
  const canvas = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'Canvas';
    document.body.append(probe);
    const [r = 0, g = 0, b = 0] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number);
    probe.remove();
    return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  });
  const chart = (await panes(page).first().locator('.chart-canvas').boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  const area = { x: chart.x, y: chart.y, width: chart.width - 80, height: chart.height * 0.6 };
  const [onCanvas = 0, onTheme = 0] = await colourCounts(page, area, [canvas, '#1d2127'], 8);
  // Most of the plot is background: the system's, and none of it the theme's.
  expect(onCanvas).toBeGreaterThan(area.width * area.height * 0.5);
  expect(onTheme).toBe(0);

  // Colours forced off again: the theme comes back.
  await page.emulateMedia({ forcedColors: 'none' });
  await expect
    .poll(async () => (await colourCounts(page, area, ['#1d2127'], 8))[0] ?? 0)
    .toBeGreaterThan(area.width * area.height * 0.5);
});

test('with reduced motion asked for, the import progress bar does not ease', async ({ page }) => {
  await openWithSavedWorkspace(page, workspaceOf(['watchlist']));
  const transition = () =>
    page.evaluate(() => {
      const bar = document.createElement('div');
      bar.className = 'csv-import-progress-bar';
      document.body.append(bar);
      const duration = getComputedStyle(bar).transitionDuration;
      bar.remove();
      return duration;
    });
  expect(await transition()).toBe('0.12s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await transition()).toBe('0s');
});
