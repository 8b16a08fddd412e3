/**
 * Workload `history-fetch` (issue 46: "50,000 Binance-shaped bars of history from the replay server:
 * within 1.2x of fetching the same bytes"). Ours is the engine's own paging (workers/feed/
 * binance-history.ts `loadHistory`): 50 requests of 1000 klines back from the sample's start, each
 * answer read as JSON, every row checked and made a bar. The peer asks the same 50 URLs and reads
 * each answer's bytes, nothing more. The server is the replay server (bench/run.mjs starts it), its
 * klines made per request for both alike; rounds alternate which goes first.
 */
import { loadHistory } from '../../workers/feed/binance-history';
import { HISTORY_PORT } from '../load-feed.mjs';
import { type BenchMetric, distribution, percentile, publish, sleep } from './harness';

const BARS = 50_000;
const ROUNDS = 7;
const BASE = `http://127.0.0.1:${HISTORY_PORT}`;
/** The sample starts on Monday 2025-01-06 14:30 UTC (fixtures/feeds/README.md): history ends there. */
const SAMPLE_START = Date.UTC(2025, 0, 6, 14, 30);

publish(async () => {
  const urls: string[] = [];
  /** The page's fetch, noting each URL asked for (the warm-up's are the peer's). */
  const noting = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return fetch(input, init);
  }) as typeof fetch;
  const ours = async (record: boolean): Promise<{ ms: number; bars: number }> => {
    const start = performance.now();
    const history = await loadHistory({
      base: BASE,
      symbol: 'BTCUSDT',
      interval: '1m',
      before: SAMPLE_START,
      maxBars: BARS,
      fetch: record ? noting : fetch,
      sleep,
    });
    const ms = performance.now() - start;
    if (history.problem) throw new Error(`The history stopped: ${history.problem}`);
    return { ms, bars: history.bars.length };
  };
  const peer = async (): Promise<{ ms: number; bytes: number }> => {
    let bytes = 0;
    const start = performance.now();
    for (const url of urls) {
      const response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
      bytes += (await response.arrayBuffer()).byteLength;
    }
    return { ms: performance.now() - start, bytes };
  };

  // Warm-up: the server makes the symbol's synthetic past on its first ask; the URLs are recorded.
  const first = await ours(true);
  if (first.bars !== BARS) throw new Error(`${first.bars} bars came, not ${BARS}`);
  await peer();
  const oursMs: number[] = [];
  const peerMs: number[] = [];
  let peerBytes = 0;
  const runPeer = async () => {
    const p = await peer();
    peerMs.push(p.ms);
    peerBytes = p.bytes;
  };
  const runOurs = async () => {
    oursMs.push((await ours(false)).ms);
  };
  for (let round = 0; round < ROUNDS; round++) {
    await sleep(50);
    const [first, second] = round % 2 === 0 ? [runOurs, runPeer] : [runPeer, runOurs];
    await first();
    await second();
  }
  const metrics: BenchMetric[] = [
    {
      id: 'binance.50k',
      label: `${BARS.toLocaleString('en-US')} Binance klines of history from the replay server vs fetching the same bytes`,
      includes: `ours: loadHistory, ${urls.length} requests of 1000 klines paged back (fetch, JSON, each row checked, bars made); peer: the same ${urls.length} URLs fetched in turn, each answer read as bytes (${peerBytes.toLocaleString('en-US')} B); the replay server on loopback for both; median of ${ROUNDS} rounds, alternating which goes first`,
      unit: 'ms',
      ours: percentile(oursMs, 50),
      peer: percentile(peerMs, 50),
    },
  ];
  return {
    workload: 'history-fetch',
    metrics,
    details: {
      requests: urls.length,
      bytes: peerBytes,
      ours: distribution(oursMs),
      peer: distribution(peerMs),
    },
  };
});
