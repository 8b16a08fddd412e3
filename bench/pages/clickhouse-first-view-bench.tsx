/**
 * Workload `clickhouse-first-view` (issue 46: "First view of a 100M-trade symbol from ClickHouse
 * painted within 1.3x of the same query's time in ClickHouse alone (its own client's timing)").
 * A candlestick pane of the real app is switched to a symbol of the bench's history source (a
 * ClickHouse of 100M trades, 5M a symbol, bench/run.mjs starts it) as a trader does, and timed from
 * the command to the first painted frame of its bars: the worker's two queries (the symbol's span,
 * then its latest page of minutes), the RowBinary read and checked, the resample and levels, the
 * transfer, setData and paint. The peer is ClickHouse's own client running the same two queries
 * with the same external table, timed by itself (`--time`). Each round charts a symbol neither has
 * asked for yet, and rounds alternate which goes first (the first pays the server's cold caches).
 */

import { AROUND_THE_CLOCK, type TradingSession } from '../../core/sessions/trading-session';
import { getEngineClient } from '../../src/data/engine-client';
import {
  barsSql,
  PARAMS_STRUCTURE,
  paramsRow,
  SPAN_SQL,
} from '../../workers/sources/clickhouse/clickhouse-sql';
import { latestEnd, pageBefore } from '../../workers/sources/history-book';
import { type BenchMetric, distribution, percentile, publish, sleep, waitFor } from './harness';
import { firstFrameOf, mountWorkstation, onSetData } from './workstation-page';

declare global {
  interface Window {
    /** Provided by bench/run.mjs for this workload: a query run by `clickhouse-client --time`. */
    __benchClickHouseClient?: (
      sql: string,
      structure: string,
      row: string,
    ) => Promise<{ ms: number; bytes: string }>;
  }
}

/** NYSE symbols and crypto pairs in turn: each round's symbol is new to the server's caches too. */
const SYMBOLS = [
  'ABRA',
  'XBT-USD',
  'BOLT',
  'ETH-USD',
  'CRUX',
  'SOL-USD',
  'DYNA',
  'ADA-USD',
  'EVRA',
  'DOT-USD',
];
const MINUTE = 60;

publish(async () => {
  const client = window.__benchClickHouseClient;
  if (!client) throw new Error('The page was not opened by bench/run.mjs (no clickhouse-client)');
  const engine = getEngineClient();
  const bench = await mountWorkstation('candlestick', ['SPX']);
  const paneId = bench.paneIds[0] as string;
  // The engine lists the source's symbols once it has asked the server for them.
  let listed = new Map<string, TradingSession>();
  await waitFor(
    () => {
      void engine.call('listSymbols').then((infos) => {
        listed = new Map(
          infos
            .filter((info) => info.source !== undefined)
            .map((info) => [info.symbol, info.session ?? AROUND_THE_CLOCK]),
        );
      });
      return SYMBOLS.every((symbol) => listed.has(symbol));
    },
    'the history source’s symbols listed',
    30_000,
  );
  await sleep(1000);

  /** Where each first view's time went: the bars on the main thread, setData, the painted frame. */
  const stages: string[] = [];
  const ours = async (symbol: string): Promise<number> => {
    const shown = firstFrameOf(symbol);
    let setDataAt = 0;
    let setDataMs = 0;
    const stop = onSetData((_c, bars, ms) => {
      if (bars.symbol !== symbol || setDataAt) return;
      setDataAt = performance.now();
      setDataMs = ms;
    });
    const start = performance.now();
    bench.setSymbol(paneId, symbol);
    const commandMs = performance.now() - start;
    const end = await shown;
    stop();
    stages.push(
      `${symbol}: command ${commandMs.toFixed(1)} ms, bars in ${(setDataAt - setDataMs - start).toFixed(1)} ms, setData ${setDataMs.toFixed(1)} ms, painted ${(end - start).toFixed(1)} ms`,
    );
    return end - start;
  };
  const peer = async (symbol: string): Promise<number> => {
    const span = await client(SPAN_SQL, PARAMS_STRUCTURE, paramsRow({ symbol, step: 1, from: 0, to: 0 }));
    const view = new DataView(Uint8Array.from(atob(span.bytes), (c) => c.charCodeAt(0)).buffer);
    const first = view.getUint32(0, true);
    const last = view.getUint32(4, true);
    const trades = Number(view.getBigUint64(8, true));
    const session = listed.get(symbol) ?? AROUND_THE_CLOCK;
    const window = pageBefore(
      latestEnd({ first, last, trades }, MINUTE),
      { first, last, trades },
      MINUTE,
      session,
    );
    const bars = await client(
      barsSql(MINUTE),
      PARAMS_STRUCTURE,
      paramsRow({ symbol, step: MINUTE, ...window }),
    );
    if (bars.bytes.length === 0) throw new Error(`clickhouse-client brought no bars of ${symbol}`);
    return span.ms + bars.ms;
  };

  const oursMs: number[] = [];
  const peerMs: number[] = [];
  for (const [round, symbol] of SYMBOLS.entries()) {
    await sleep(300);
    if (round % 2 === 0) {
      oursMs.push(await ours(symbol));
      peerMs.push(await peer(symbol));
    } else {
      peerMs.push(await peer(symbol));
      oursMs.push(await ours(symbol));
    }
  }
  const metrics: BenchMetric[] = [
    {
      id: 'firstView.p95',
      label: `first view of a symbol of a 100M-trade ClickHouse (5M trades each), painted, p95 of ${SYMBOLS.length} vs the same queries in clickhouse-client`,
      includes:
        "ours: set-pane-symbol to the first painted frame of its bars (the worker's span and latest-page queries over HTTP, RowBinary read and checked, resample, levels, transfer, setData, paint); peer: clickhouse-client --time running the same two queries with the same external table (its own timing, answers over its native protocol); a new symbol each round, alternating which goes first",
      unit: 'ms',
      ours: percentile(oursMs, 95),
      peer: percentile(peerMs, 95),
    },
    {
      id: 'firstView.p50',
      label: 'first view of a ClickHouse symbol, painted, median (information)',
      includes: 'as above; medians',
      unit: 'ms',
      ours: percentile(oursMs, 50),
      peer: percentile(peerMs, 50),
    },
  ];
  return {
    workload: 'clickhouse-first-view',
    metrics,
    details: {
      stages,
      symbols: SYMBOLS,
      ours: distribution(oursMs),
      peer: distribution(peerMs),
      oursMs,
      peerMs,
    },
  };
});
