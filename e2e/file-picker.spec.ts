import { expect, test } from '@playwright/test';
import { chooseFile, openFresh, runFromPalette } from './support';

// `gc()` for the page: the test collects garbage at the worst moment a busy page could.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader', '--js-flags=--expose-gc'],
  },
});

test('a file picked after a garbage collection still arrives: the open picker is held until it answers', async ({
  page,
}) => {
  // Collect garbage twice right after any file picker opens (before the fix the detached input was
  // collected here, and the chosen file never arrived: no report, nothing said).
  await page.addInitScript(() => {
    const click = HTMLElement.prototype.click;
    HTMLElement.prototype.click = function (this: HTMLElement) {
      click.call(this);
      if (this instanceof HTMLInputElement && this.type === 'file') {
        const collect = (globalThis as unknown as { gc(): void }).gc;
        setTimeout(collect, 0);
        setTimeout(collect, 5);
      }
    };
  });
  await openFresh(page, ['candlestick']);
  await chooseFile(page, () => runFromPalette(page, 'Import CSV'), {
    name: 'two days.csv',
    text: 'Date,Close\n2024-01-02,101.5\n2024-01-03,102.25\n',
  });
  const report = page.getByRole('dialog', { name: 'Import CSV' });
  await expect(report.getByTestId('rows-kept')).toHaveText('2');
  await report.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toHaveCount(0);
});
