import { expect, test } from '@playwright/test';
import { chartReady, openWithSavedWorkspace, paneDescription, panes } from './support';

/** The time range a chart's description names: 'Jan 23, 2020, 18:08 to Feb 16, 2020, 22:23'. */
async function rangeOf(pane: Parameters<typeof paneDescription>[0]): Promise<{ text: string; days: number }> {
  const match = /, (\w{3} \d{2}, \d{4}, \d\d:\d\d) to (\w{3} \d{2}, \d{4}, \d\d:\d\d) \(/.exec(
    await paneDescription(pane),
  );
  if (!match) return { text: '', days: Number.NaN };
  const at = (text: string) => Date.parse(`${text.replace(/, (\d\d:\d\d)$/, ' $1')} UTC`);
  return {
    text: `${match[1]} to ${match[2]}`,
    days: (at(match[2] as string) - at(match[1] as string)) / 86_400_000,
  };
}

// The window where the walk-through found it (a trader's laptop).
test.use({ viewport: { width: 1280, height: 800 } });

test('linked minute charts of two widths zoom together: level swaps send no passing range to the other pane', async ({
  page,
}) => {
  // One symbol in two linked panes, 72 % and 28 % wide: each shows its own merge level of the minutes.
  const pane = (id: string) => ({
    id,
    kind: 'candlestick',
    symbol: 'SYN-100K',
    linkGroup: 'red',
    settings: {},
  });
  await openWithSavedWorkspace(
    page,
    JSON.stringify({
      version: 1,
      layout: { type: 'split', direction: 'row', children: ['p1', 'p2'], splitPercentages: [72, 28] },
      panes: { p1: pane('p1'), p2: pane('p2') },
      annotations: {},
      theme: 'default',
      maximizedPaneId: null,
    }),
  );
  const [wide, narrow] = [panes(page).nth(0), panes(page).nth(1)];
  for (const p of [wide, narrow]) {
    await chartReady(p);
    await expect(p).toHaveAccessibleDescription(/^SYN-100K, 1-minute bars, /, { timeout: 20_000 });
  }
  await wide.getByRole('button', { name: 'Show all data' }).click();
  await expect.poll(async () => (await rangeOf(narrow)).text).toBe((await rangeOf(wide)).text);
  await page.waitForTimeout(1000);
  const whole = (await rangeOf(wide)).days;

  // Five zoom steps of 0.8 in the wide pane, through level swaps in both: the narrow one follows, and
  // both end at about a third of the whole (0.8^5), not hours wide (the swaps' passing ranges, sent on
  // and answered, narrowed them step after step).
  await wide.focus();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('+');
    // A step at a time, as a trader reads the chart between presses.
    await page.waitForTimeout(400);
    await rangeOf(wide);
  }
  await expect
    .poll(async () => {
      const [a, b] = [await rangeOf(wide), await rangeOf(narrow)];
      return a.text === b.text ? a.days / whole : null;
    })
    .toBeGreaterThan(0.25);
  const zoomed = await rangeOf(wide);
  expect(zoomed.days / whole).toBeLessThan(0.45);
  // Settled: a second later the panes show the same.
  await page.waitForTimeout(1000);
  expect((await rangeOf(wide)).text).toBe(zoomed.text);
  expect((await rangeOf(narrow)).text).toBe(zoomed.text);
});
