import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

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
 * Runs `npm run feed`'s script as a user does, on FEED_PORT, and resolves once it listens. A port in
 * use fails here, with the server's own message, rather than later as a chart that never loads.
 */
export function startReplay(file: string, args: string[] = []): Promise<Replay> {
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
