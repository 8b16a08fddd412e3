import { expect, test } from '@playwright/test';
import {
  canvasOf,
  colours,
  countWebGlContexts,
  DOWN,
  drawn,
  frames,
  loseContext,
  openAnalytic,
  PALETTE,
  UP,
  WARNING,
} from './analytic-support';
import { runFromPalette } from './support';

/** The one shared renderer of the analytic panes: its choice, its single WebGL context, and recovery. */
test.describe('the shared analytic renderer', () => {
  test('the automatic choice uses the canvas renderer on software WebGL and says why', async ({ page }) => {
    await countWebGlContexts(page);
    await openAnalytic(page, ['donut']);
    await drawn(page, 'donut');
    const status = page.getByTestId('renderer-status');
    await expect(status).toHaveAttribute('data-renderer', 'canvas');
    await expect(status).toHaveAttribute('title', /software \(SwiftShader\)/);
    // The probe's context was released, not kept next to the canvas renderer.
    const live = await page.evaluate(() =>
      (window as unknown as { __webglContexts: WebGLRenderingContext[] }).__webglContexts.filter(
        (c) => !c.isContextLost(),
      ),
    );
    expect(live).toHaveLength(0);
  });
  test('twenty analytic panes share one WebGL context, all draw, and none is lost', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await countWebGlContexts(page);
    const kinds = Array.from({ length: 20 }, (_, i) => ['donut', 'pie', 'gauge', 'bar'][i % 4] as string);
    await openAnalytic(page, kinds, { columns: 5, query: '?renderer=webgl' });
    await expect(page.getByTestId('renderer-status')).toHaveAttribute('data-renderer', 'webgl');
    const canvases = page.locator('.analytic-canvas');
    await expect(canvases).toHaveCount(20);
    await expect
      .poll(
        async () => canvases.evaluateAll((els) => els.filter((el) => Number(el.dataset.frames) >= 1).length),
        {
          timeout: 20_000,
        },
      )
      .toBe(20);
    const contexts = await page.evaluate(
      () => (window as unknown as { __webglContexts: unknown[] }).__webglContexts.length,
    );
    expect(contexts).toBe(1);
    expect(warnings.filter((w) => w.includes('Too many active WebGL contexts'))).toEqual([]);
    expect(warnings.filter((w) => /context lost/i.test(w))).toEqual([]);
  });
  test('a forced WebGL context loss is restored and every pane is redrawn', async ({ page }) => {
    await countWebGlContexts(page);
    await openAnalytic(page, ['donut', 'bar'], { query: '?renderer=webgl' });
    await drawn(page, 'donut');
    await drawn(page, 'bar');
    const before = { donut: await frames(page, 'donut'), bar: await frames(page, 'bar') };
    await loseContext(page);
    const status = page.getByTestId('renderer-status');
    await expect(status).toHaveAttribute('data-restores', '1');
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toHaveAttribute('data-renderer', 'webgl');
    await drawn(page, 'donut', before.donut + 1);
    await drawn(page, 'bar', before.bar + 1);
    const counts = await colours(page, 'donut', PALETTE);
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
  test('when a lost WebGL context does not come back, the panes fall back to canvas with a notice', async ({
    page,
  }) => {
    await countWebGlContexts(page);
    await openAnalytic(page, ['pie'], { query: '?renderer=webgl' });
    await drawn(page, 'pie');
    const before = await frames(page, 'pie');
    await loseContext(page, { blockRestore: true });
    const status = page.getByTestId('renderer-status');
    await expect(status).toHaveAttribute('data-state', 'lost');
    await expect(status).toHaveAttribute('data-renderer', 'canvas', { timeout: 10_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'could not be restored' })).toBeVisible();
    await drawn(page, 'pie', before + 1);
    await expect(canvasOf(page, 'pie')).toHaveAttribute('data-renderer', 'canvas');
    const counts = await colours(page, 'pie', PALETTE);
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
  test('the renderer setting switches the renderer live and is remembered', async ({ page }) => {
    await openAnalytic(page, ['gauge']);
    await drawn(page, 'gauge');
    const status = page.getByTestId('renderer-status');
    await expect(status).toHaveAttribute('data-renderer', 'canvas');
    await runFromPalette(page, 'Renderer: WebGL');
    await expect(status).toHaveAttribute('data-renderer', 'webgl');
    await expect(canvasOf(page, 'gauge')).toHaveAttribute('data-renderer', 'webgl');
    const [down = 0, warning = 0, up = 0] = await colours(page, 'gauge', [DOWN, WARNING, UP]);
    expect(Math.min(down, warning, up)).toBeGreaterThan(800);
    // A browser setting, not a workspace edit: nothing to undo.
    expect(await page.evaluate(() => window.__workstation?.historyDepth())).toBe(0);
    await page.reload();
    await expect(status).toHaveAttribute('data-renderer', 'webgl');
    await runFromPalette(page, 'Renderer: Automatic');
    await expect(status).toHaveAttribute('data-renderer', 'canvas');
  });
});
