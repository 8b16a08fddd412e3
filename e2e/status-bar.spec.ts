import { expect, test } from '@playwright/test';
import { chartReady, openDefault, panes } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 x 800 the status bar reads in full with a live chart, the palette's keys included: only the focused title may be cut short", async ({
  page,
}) => {
  await openDefault(page);
  const pane = panes(page).first();
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption('SYN-1M');
  await chartReady(pane);
  const status = page.getByRole('contentinfo');
  await expect(status.getByText('Simulator: live', { exact: true })).toBeVisible();
  // A newcomer's main clue stays.
  await expect(status.getByText('Ctrl+K commands · Ctrl+/ keys')).toBeVisible();
  const cut = await status
    .locator(':scope > *:not(.status-focused)')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
  expect(cut).toEqual([]);
  await expect(status.getByText(/^\d+ undo steps?$/)).toBeVisible();
  await expect(status.getByText(/^\d+ of \d+ panes shown$/)).toBeVisible();
});
