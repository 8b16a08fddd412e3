import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openFresh, panes, runFromPalette } from './support';

/**
 * The replay server's port in e2e runs: beside the app's own (E2E_PORT), so runs on other ports do not
 * meet. playwright.config.ts builds the app with a feed pointing here (e2e/fixtures/feeds.e2e.json).
 */
export const FEED_PORT = Number(process.env.E2E_PORT ?? 4173) + 2000;

export const SAMPLE = 'fixtures/feeds/binance-sample.jsonl';

export interface Replay {
  stop(): Promise<void>;
}

/**
 * The app is built to connect to one replay port, so two test files using it at once (parallel
 * workers) would feed each other's pages. A test holds the port from its first `startReplay` to
 * `endReplay` (its afterEach), through a stop and restart; a test in another worker waits for it.
 */
const PORT_LOCK = join(tmpdir(), `workstation-replay-${FEED_PORT}.lock`);
let holdingPort = false;

function holderAlive(): boolean {
  try {
    process.kill(Number(readFileSync(PORT_LOCK, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Holds the replay port for the test (startReplay does it too): for a test whose page must meet no
 * server on it until it starts one.
 */
export async function holdReplayPort(): Promise<void> {
  if (holdingPort) return;
  const started = Date.now();
  // The wait is not the test's time: its timeout runs on while it waits, so it is raised by the
  // longest wait first (a test of another file may hold the port for longer than a test's timeout),
  // and set to what it was plus the real wait once the port is ours.
  const timeout = test.info().timeout;
  test.info().setTimeout(timeout + PORT_WAIT_MS);
  for (;;) {
    try {
      writeFileSync(PORT_LOCK, String(process.pid), { flag: 'wx' });
      holdingPort = true;
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Left by a worker that is gone: take it over.
      if (!holderAlive()) unlinkSync(PORT_LOCK);
      else if (Date.now() - started > PORT_WAIT_MS)
        throw new Error('The replay port stayed taken for two minutes');
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  test.info().setTimeout(timeout + (Date.now() - started));
}

/** The longest a test waits for the replay port. */
const PORT_WAIT_MS = 120_000;

/** Stops the test's replay server, if it has one, and lets other tests have the port. */
export async function endReplay(replay: Replay | null): Promise<void> {
  await replay?.stop();
  if (!holdingPort) return;
  holdingPort = false;
  unlinkSync(PORT_LOCK);
}

/**
 * Runs `npm run feed`'s script as a user does, on FEED_PORT, and resolves once it listens. A port in
 * use fails here, with the server's own message, rather than later as a chart that never loads.
 */
export async function startReplay(file: string, args: string[] = []): Promise<Replay> {
  await holdReplayPort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/feed/feed.mjs', file, '--port', String(FEED_PORT), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += String(data);
      if (output.includes('listening on ')) {
        resolve({
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => {
      output += String(data);
    });
    child.once('exit', (code) => reject(new Error(`The replay server exited (${code}): ${output}`)));
  });
}

/**
 * A copy of the sample with bad messages in it every `every` lines: one that is not JSON and one
 * trade whose price is not a number. Returns the file's path.
 */
export function sampleWithBadMessages(path: string, every = 150): string {
  const lines = readFileSync(SAMPLE, 'utf8').trim().split('\n');
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    out.push(line);
    if (i > 0 && i % every === 0) {
      const { at } = JSON.parse(line) as { at: number };
      const badTrade = {
        stream: 'btcusdt@trade',
        data: { e: 'trade', E: at, s: 'BTCUSDT', t: 1, p: 'abc', q: '1.0', T: at, m: true, M: true },
      };
      out.push(JSON.stringify({ at, text: '{"stream":"btcusdt@trade","data":{"e":"tra' }));
      out.push(JSON.stringify({ at, text: JSON.stringify(badTrade) }));
    }
  }
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}

/**
 * A copy of the sample in which ETHUSDT trades at whole dollars for its first `round` trades and then
 * at a price with three decimals (a symbol whose first bars read as cents). Returns the file's path.
 */
export function sampleWithFinerTicks(path: string, round = 40): string {
  const lines = readFileSync(SAMPLE, 'utf8').trim().split('\n');
  let eth = 0;
  const out = lines.map((line) => {
    const entry = JSON.parse(line) as { at: number; text: string };
    const message = JSON.parse(entry.text) as { data: { s: string; p: string } };
    if (message.data.s !== 'ETHUSDT') return line;
    const price = Number(message.data.p);
    message.data.p = (eth++ < round ? Math.round(price) : Math.round(price * 100) / 100 + 0.005).toFixed(8);
    return JSON.stringify({ at: entry.at, text: JSON.stringify(message) });
  });
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}

/**
 * A recording of the feed of bars: `solusdt@kline_1m` and `adausdt@kline_1m` (the sample's BTCUSDT
 * and ETHUSDT klines under other names), without the SOLUSDT klines of the bars that start at the
 * times in `missing` (UTC ms, as if the connection had lost them) or from `solusdtEndsAt` on (as if
 * its stream had stopped while ADAUSDT's goes on). Returns the file's path.
 */
export function klineRecording(
  path: string,
  { missing = [], solusdtEndsAt = Number.POSITIVE_INFINITY }: { missing?: number[]; solusdtEndsAt?: number },
): string {
  const renamed: Record<string, string> = { 'btcusdt@kline_1m': 'SOLUSDT', 'ethusdt@kline_1m': 'ADAUSDT' };
  const out: string[] = [];
  for (const line of readFileSync(SAMPLE, 'utf8').trim().split('\n')) {
    const entry = JSON.parse(line) as { at: number; text: string };
    const message = JSON.parse(entry.text) as {
      stream: string;
      data: { s: string; k: { s: string; t: number } };
    };
    const symbol = renamed[message.stream];
    if (!symbol) continue;
    const start = message.data.k.t;
    if (symbol === 'SOLUSDT' && (missing.includes(start) || start >= solusdtEndsAt)) continue;
    message.stream = `${symbol.toLowerCase()}@kline_1m`;
    message.data.s = symbol;
    message.data.k.s = symbol;
    out.push(JSON.stringify({ at: entry.at, text: JSON.stringify(message) }));
  }
  writeFileSync(path, `${out.join('\n')}\n`);
  return path;
}

/** Charts a feed symbol in the first pane through its symbol picker, and waits for it to go live. */
export async function chartFeedSymbol(page: Page, symbol: string): Promise<Locator> {
  await openFresh(page, ['candlestick']);
  const pane = panes(page).first();
  await pane.getByRole('combobox', { name: 'Symbol' }).selectOption(symbol);
  await expect(pane).toHaveAttribute('aria-label', `${symbol} · Candlestick`);
  // The chart waits for the feed's first trade, then follows it.
  await expect(pane.locator('.chart-canvas')).toHaveAttribute('data-live', 'true', { timeout: 20_000 });
  return pane;
}

/** What Show feed status lists under the replay feed's History (its dialog opened and closed). */
export async function historyStatus(page: Page): Promise<string> {
  await runFromPalette(page, 'Show feed status');
  const text = await page.getByRole('list', { name: 'History from Replay' }).textContent();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Feed status' })).toHaveCount(0);
  return text ?? '';
}
