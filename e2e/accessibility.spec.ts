import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { THEME_IDS } from '../src/state/workspace-document';
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

/** axe-core's script, put into the page once (`@axe-core/playwright` injects it again for every audit). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every rule axe runs by default, plus the experimental WCAG 2.5.3 one (the name contains the visible text). */
const ALL_RULES: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };

/**
 * The rules whose outcome a theme can change. A theme sets colour variables and `color-scheme` only
 * (src/themes/apply-theme.ts), so roles, names, structure and focus order are the same in every theme:
 * the first theme's audits run every rule, each other theme's audits run these.
 */
const COLOUR_RULES: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
};

/** The theme whose audits run every rule. */
const FIRST_THEME = THEME_IDS[0];

/**
 * What axe-core finds serious or critical, one line each. axe runs in the page (`axe.run`), with the
 * same rules as `@axe-core/playwright`'s `analyze()`, which also injects the 0.5 MB script again for
 * each audit and passes partial results back and forth (a page has no frames here): fifteen audits a
 * theme took twice as long that way.
 *
 * In the first theme every rule runs over the whole page. In the others the colour rules run over the
 * whole page once (the workspace), then over what each later state opened (`scope`: a dialog, a menu,
 * a panel), since the rest of the page was audited in that theme already.
 */
async function audit(page: Page, scope: Locator | null) {
  type Axe = { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };
  const first = (await page.evaluate(() => document.documentElement.dataset.theme)) === FIRST_THEME;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result =
    first || scope === null
      ? await page.evaluate(
          (options) => (window as unknown as { axe: Axe }).axe.run(document, options),
          first ? ALL_RULES : COLOUR_RULES,
        )
      : await scope.evaluate(
          (element, options) => (window as unknown as { axe: Axe }).axe.run(element, options),
          COLOUR_RULES,
        );
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return { serious: serious.concat(await lowContrastInModal(page, result)) };
}

/**
 * axe can leave the text of a modal `<dialog>` (in the top layer, over the page) out of its contrast
 * check: "incomplete", its background "overlapped by another element" (dequelabs/axe-core#3463; seen
 * for every option of the palette audited just after it opened, on a one-pane workspace). So that
 * such a text is never passed unchecked, it is measured here against the ratio axe expected of it
 * (4.5, or 3 for large text) on the dialog's own backgrounds (`contrastRatios`): the page behind a
 * modal dialog is not behind its text.
 */
async function lowContrastInModal(page: Page, result: AxeResults): Promise<string[]> {
  const nodes = result.incomplete.find((r) => r.id === 'color-contrast')?.nodes ?? [];
  const low: string[] = [];
  for (const node of nodes) {
    const data = node.any[0]?.data as { messageKey?: string; expectedContrastRatio?: string } | undefined;
    const selector = node.target[0];
    if (data?.messageKey !== 'bgOverlap' || typeof selector !== 'string') continue;
    const text = page.locator(`css=${selector}`);
    if (!(await text.evaluate((element) => element.closest('dialog')?.matches(':modal') === true))) continue;
    const [ratio = 0] = await text.evaluateAll(contrastRatios);
    const expected = Number.parseFloat(data.expectedContrastRatio ?? '4.5');
    if (ratio < expected)
      low.push(`color-contrast in a modal dialog: ${selector} ${ratio.toFixed(2)} < ${expected}`);
  }
  return low;
}

/**
 * WCAG contrast of each element's text colour on what is behind it: the backgrounds of the element and
 * its ancestors composited up to the first opaque one (a selected row's tint is half-transparent).
 */
function contrastRatios(elements: Element[]): number[] {
  // Computed colours come as rgb(), rgba() or, from color-mix(), color(srgb r g b / a) in 0..1.
  const rgba = (css: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    const scale = css.startsWith('color(') ? 255 : 1;
    const alpha = css.startsWith('rgba') || css.includes('/') ? a : 1;
    return { r: r * scale, g: g * scale, b: b * scale, a: alpha };
  };
  const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const backgroundOf = (element: Element) => {
    const layers: ReturnType<typeof rgba>[] = [];
    for (let at: Element | null = element; at; at = at.parentElement) {
      const layer = rgba(getComputedStyle(at).backgroundColor);
      if (layer.a > 0) layers.push(layer);
      if (layer.a >= 1) break;
    }
    let colour = { r: 255, g: 255, b: 255 };
    for (const layer of layers.reverse()) {
      colour = {
        r: layer.r * layer.a + colour.r * (1 - layer.a),
        g: layer.g * layer.a + colour.g * (1 - layer.a),
        b: layer.b * layer.a + colour.b * (1 - layer.a),
      };
    }
    return colour;
  };
  return elements.map((element) => {
    const text = luminance(rgba(getComputedStyle(element).color));
    const back = luminance(backgroundOf(element));
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
}

/** No serious axe violation with `opened` open (see `audit` for what runs where). */
async function expectReadable(page: Page, opened: Locator, where: string): Promise<void> {
  expect((await audit(page, opened)).serious, `${where}: serious or critical axe violations`).toEqual([]);
}

for (const theme of THEME_IDS) {
  const rules = theme === FIRST_THEME ? 'every rule' : 'colour rules';
  test(`axe finds nothing serious (${rules}) in theme ${theme}: workspace, palette, dialogs, menus and panels`, async ({
    page,
  }) => {
    // Fifteen full-page axe audits: in Debian's Chromium 150 beside the other test worker, about 50 s
    // with every rule and 25 s with the colour rules.
    test.setTimeout(90_000);
    await openWithSavedWorkspace(
      page,
      workspaceOf(['candlestick', 'watchlist', 'donut', 'gauge', 'bubble'], theme),
    );
    await chartReady(page);
    // The watchlist's change figures are coloured: wait for its quotes.
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    const workspace = await audit(page, null);
    expect(workspace.serious, 'workspace: serious or critical axe violations').toEqual([]);
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
    ]) {
      await runFromPalette(page, command);
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      await expectReadable(page, page.getByRole('dialog', { name: dialog }), dialog);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: dialog })).toHaveCount(0);
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
    await expect(page.getByRole('menu', { name: 'Pane actions' })).toBeVisible();
    await expectReadable(page, page.getByRole('menu', { name: 'Pane actions' }), 'pane context menu');
    await page
      .getByRole('menu', { name: 'Pane actions' })
      .getByRole('menuitem', { name: 'Drawing tools' })
      .click();
    await expect(
      page.getByRole('menu', { name: 'Drawing tools' }).getByRole('menuitem').first(),
    ).toBeFocused();
    await expectReadable(
      page,
      page.getByRole('menu', { name: 'Drawing tools' }),
      'pane context menu with its Drawing tools submenu open',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Drawing tools' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page
      .getByRole('toolbar', { name: 'Workspace tools' })
      .getByRole('button', { name: 'New pane' })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectReadable(page, page.getByRole('menu'), 'toolbar menu');
    await page.keyboard.press('Escape');

    await chart.getByRole('button', { name: 'Annotations panel' }).click();
    await expect(page.getByRole('list', { name: 'Annotations' })).toBeAttached();
    await expectReadable(
      page,
      page.getByRole('complementary', { name: 'Annotations panel' }),
      'annotations panel',
    );

    await runFromPalette(page, 'Show data window');
    await expect(page.getByRole('complementary', { name: 'Data window' })).toBeVisible();
    await expectReadable(page, page.getByRole('complementary', { name: 'Data window' }), 'data window');

    await runFromPalette(page, 'Show alerts');
    await expect(page.getByRole('complementary', { name: 'Alerts' })).toBeVisible();
    await expectReadable(page, page.getByRole('complementary', { name: 'Alerts' }), 'alerts panel');

    await runFromPalette(page, 'Show data table');
    await expect(page.getByRole('dialog', { name: 'Data table: SPX' })).toBeVisible();
    await expectReadable(page, page.getByRole('dialog', { name: 'Data table: SPX' }), 'data table');
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
