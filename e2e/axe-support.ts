import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

// axe-core run in the page by the e2e tests: what it finds serious or critical, one line each.

/**
 * axe-core's script, put into a page once. `@axe-core/playwright`'s `analyze()` injects it again for
 * each audit and passes partial results back and forth (a page has no frames here): fifteen audits
 * took twice as long that way.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every rule axe runs by default, plus the experimental WCAG 2.5.3 one (the name contains the visible text). */
export const ALL_RULES: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };

/**
 * The rules whose outcome a theme can change. A theme sets colour variables and `color-scheme` only
 * (src/themes/apply-theme.ts), so roles, names, structure and focus order are the same in every theme.
 */
export const COLOUR_RULES: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
};

/**
 * The serious and critical violations axe finds with `options`, over `scope` (the whole page when
 * null), plus any text of a modal dialog it left unchecked and whose contrast is too low.
 */
export async function axeSerious(page: Page, scope: Locator | null, options: RunOptions): Promise<string[]> {
  type Axe = { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result =
    scope === null
      ? await page.evaluate((o) => (window as unknown as { axe: Axe }).axe.run(document, o), options)
      : await scope.evaluate(
          (element, o) => (window as unknown as { axe: Axe }).axe.run(element, o),
          options,
        );
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return serious.concat(await lowContrastInModal(page, result));
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
export function contrastRatios(elements: Element[]): number[] {
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
