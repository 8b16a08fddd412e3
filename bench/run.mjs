#!/usr/bin/env node
import { spawn } from 'node:child_process';
/**
 * `npm run bench`: builds the benchmark pages with Vite (bench/vite.config.ts), serves the build on a
 * free port of 127.0.0.1, runs every workload of bench/workloads.mjs in headless Chromium and prints
 * one row per measured figure: ours, the peer measured in the same page, their ratio and the goal.
 * Writes bench/results/latest.json. It reports and does not gate: a missed goal still exits 0, a page
 * that throws (or never reports), or that sends no figure for one of its workload's goals, exits 1.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { startReplayServer } from '../scripts/feed/replay-server.mjs';
import { READER, stopServer } from '../scripts/history/clickhouse-server.mjs';
import { startHistory } from '../scripts/history/history.mjs';
import {
  BENCH_HISTORY_PORT,
  HISTORY_PORT,
  LOAD_FEED_PORT,
  loadFeedLines,
  REPLAY_SAMPLE,
} from './load-feed.mjs';
import { writeReadmeTable } from './readme-table.mjs';
import { TABLE_HEADER, tableRows } from './report-table.mjs';
import { judge, missingRows } from './verdict.mjs';
import { workloads } from './workloads.mjs';

const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const resultsFile = fileURLToPath(new URL('./results/latest.json', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * `BENCH_TRACE_DIR=<dir>`: a Chrome trace of each workload's page, `<dir>/<workload>.json`, for
 * chrome://tracing or Perfetto. Tracing costs time on both sides: figures of a traced run are not
 * comparable with the table's. It is how the bench pages' missing mosaic CSS was found (long tasks
 * that were canvas rasterising at commit).
 */
const traceDir = process.env.BENCH_TRACE_DIR;
const TRACE_CATEGORIES = [
  'toplevel',
  'blink',
  'cc',
  'v8',
  'v8.gc',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
];

/**
 * `BENCH_PROFILE_DIR=<dir>`: a sampling CPU profile of each workload page's main thread (its workers
 * are not in it), `<dir>/<workload>.cpuprofile`, for DevTools' Performance panel or a script. Which
 * functions a frame's script time goes to, which a trace does not tell. Like tracing, it slows the page.
 */
const profileDir = process.env.BENCH_PROFILE_DIR;
/** Sampling interval of those profiles (µs). */
const PROFILE_INTERVAL_US = 250;

const CHROMIUM_ARGS = [
  // Software WebGL and no background traffic on these machines (docs/headless-chromium.md).
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Only for a page's fallback heap reading (`gc()` and an exact `performance.memory`); the runner
  // itself counts the heap in DevTools heap snapshots.
  '--js-flags=--expose-gc',
  '--enable-precise-memory-info',
  // performance.measureUserAgentSpecificMemory() answers at once instead of at the next GC.
  '--enable-blink-features=ForceEagerMeasureMemory',
];

/**
 * The live heap as DevTools counts it: a heap snapshot (taken after collecting all garbage) and the
 * sum of its objects' own sizes. Slower than `performance.memory`, but exact to the byte and free of
 * the garbage a `gc()` call leaves behind right after rendering.
 */
async function snapshotHeapBytes(devtools) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  devtools.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await devtools.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    devtools.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const { snapshot, nodes } = JSON.parse(chunks.join(''));
  const fields = snapshot.meta.node_fields;
  let total = 0;
  for (let i = fields.indexOf('self_size'); i < nodes.length; i += fields.length) total += nodes[i];
  return total;
}

/**
 * Serves the load feed (bench/load-feed.mjs), or the shipped sample's replay for its klines history
 * (`history-fetch`), for a workload that asks for it; returns how to stop.
 */
async function serveFeed(workload) {
  if (workload.history) {
    // Not played (no subscriber comes): its history is the synthetic past before the sample.
    const server = await startReplayServer({
      file: REPLAY_SAMPLE,
      port: HISTORY_PORT,
      waitForSubscriber: true,
      historyDays: workload.history.days,
    });
    return () => server.close();
  }
  if (!workload.feed) return async () => {};
  const server = await startReplayServer({
    lines: loadFeedLines({ start: Date.now(), seconds: workload.feed.seconds }),
    port: LOAD_FEED_PORT,
    loop: true,
  });
  return () => server.close();
}

/** Where workload `clickhouse-first-view` keeps its ClickHouse's data between runs (git-ignored). */
const BENCH_HISTORY_DIR = fileURLToPath(new URL('../.bench-history/', import.meta.url));

/**
 * Starts the ClickHouse of a workload that asks for one (its market loaded the first time only);
 * returns how to stop it.
 */
async function serveHistory(workload) {
  if (!workload.clickhouse) return async () => {};
  const started = performance.now();
  const { trades } = await startHistory({
    port: BENCH_HISTORY_PORT,
    dir: BENCH_HISTORY_DIR,
    trades: workload.clickhouse.trades,
    log: (line) => console.log(`  [${workload.name}] ${line}`),
  });
  console.log(
    `  [${workload.name}] ClickHouse ready with ${trades.toLocaleString('en-US')} trades in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return async () => {
    await stopServer(BENCH_HISTORY_DIR);
  };
}

/**
 * Runs one query with ClickHouse's own client (the peer of workload `clickhouse-first-view`): the
 * query, its external table `params` of one row, the client's own timing (`--time`, seconds on
 * stderr) and the answer's bytes (base64, for a page to read).
 */
function clickhouseClient(sql, structure, row) {
  return new Promise((resolve, reject) => {
    const child = spawn('clickhouse-client', [
      `--port=${BENCH_HISTORY_PORT + 1}`,
      `--user=${READER}`,
      '--database=market',
      '--time',
      `--query=${sql}`,
      '--external',
      '--file=-',
      '--name=params',
      `--structure=${structure}`,
    ]);
    const out = [];
    let err = '';
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(err.trim().split('\n').pop());
      if (code !== 0 || !Number.isFinite(seconds)) {
        reject(new Error(`clickhouse-client failed (${code}): ${err.trim().slice(0, 300)}`));
        return;
      }
      resolve({ ms: seconds * 1000, bytes: Buffer.concat(out).toString('base64') });
    });
    child.stdin.end(row);
  });
}

async function runWorkload(browser, baseUrl, workload) {
  const stopFeed = await serveFeed(workload);
  const stopHistory = await serveHistory(workload);
  try {
    return await runPage(browser, baseUrl, workload);
  } finally {
    await stopHistory();
    await stopFeed();
  }
}

async function runPage(browser, baseUrl, workload) {
  const context = await browser.newContext({ viewport: workload.viewport });
  const page = await context.newPage();
  const begin = performance.now();
  const pageErrors = [];
  let rejectOnPageError;
  const pageFailed = new Promise((_, reject) => {
    rejectOnPageError = reject;
  });
  pageFailed.catch(() => {});
  page.on('pageerror', (error) => {
    pageErrors.push(error.stack ?? error.message);
    rejectOnPageError(error);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      console.warn(`  [${workload.name}] console.${message.type()}: ${message.text()}`);
    }
  });
  // Heap figures for pages (see liveHeapBytes in pages/harness.ts).
  const devtools = await context.newCDPSession(page);
  await page.exposeFunction('__benchHeapBytes', () => snapshotHeapBytes(devtools));
  if (workload.clickhouse) await page.exposeFunction('__benchClickHouseClient', clickhouseClient);
  if (traceDir) {
    await mkdir(traceDir, { recursive: true });
    await browser.startTracing(page, {
      path: `${traceDir}/${workload.name}.json`,
      categories: TRACE_CATEGORIES,
    });
  }
  if (profileDir) {
    await mkdir(profileDir, { recursive: true });
    await devtools.send('Profiler.enable');
    await devtools.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
    await devtools.send('Profiler.start');
  }
  try {
    await page.goto(new URL(workload.page, baseUrl).href);
    // Polled by timer, not per frame, so the wait adds no work to the frames being measured.
    const handle = await Promise.race([
      page.waitForFunction(() => window.__benchResult, null, { timeout: workload.timeoutMs, polling: 500 }),
      pageFailed,
    ]);
    const outcome = await handle.jsonValue();
    const durationMs = Math.round(performance.now() - begin);
    if (outcome.error) return { name: workload.name, ok: false, error: outcome.error, durationMs };
    return {
      name: workload.name,
      ok: true,
      durationMs,
      metrics: judge(workload.goals, outcome.metrics),
      details: outcome.details,
    };
  } catch (error) {
    const message = pageErrors[0] ?? (error instanceof Error ? error.message : String(error));
    return {
      name: workload.name,
      ok: false,
      error: message,
      durationMs: Math.round(performance.now() - begin),
    };
  } finally {
    if (traceDir) await browser.stopTracing().catch(() => {});
    if (profileDir) {
      const stopped = await devtools.send('Profiler.stop').catch(() => null);
      if (stopped)
        await writeFile(`${profileDir}/${workload.name}.cpuprofile`, JSON.stringify(stopped.profile));
    }
    await context.close();
  }
}

function printTable(results) {
  const rows = tableRows(results);
  const numeric = new Set([2, 3, 4]);
  const widths = TABLE_HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(TABLE_HEADER));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main() {
  // `npm run bench -- financial live`: only the workloads whose names contain one of the words.
  const filters = process.argv.slice(2);
  const selected = workloads.filter((w) => filters.length === 0 || filters.some((f) => w.name.includes(f)));
  if (selected.length === 0) {
    console.error(
      `No workload matches ${filters.join(', ')}; workloads: ${workloads.map((w) => w.name).join(', ')}`,
    );
    return 1;
  }
  const begin = performance.now();
  const loadBefore = os.loadavg()[0];
  if (loadBefore > os.cpus().length / 2) {
    console.warn(
      `The machine is busy (load ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs): timings will be noisy.`,
    );
  }
  console.log('Building the bench pages...');
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({ configFile, logLevel: 'warn' });
  const baseUrl = server.resolvedUrls?.local[0];
  if (!baseUrl) throw new Error('vite preview did not report its address');

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const workload of selected) {
      console.log(`Running ${workload.name} (${workload.page})...`);
      results.push(await runWorkload(browser, baseUrl, workload));
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  const chromiumVersion = browser.version();

  console.log('');
  printTable(results);
  for (const result of results.filter((r) => !r.ok)) {
    console.error(`\n${result.name} failed:\n${result.error}`);
  }
  const unreported = results.flatMap((r) =>
    r.ok ? missingRows(r.metrics).map((m) => `${r.name} ${m.id}`) : [],
  );
  if (unreported.length > 0) {
    console.error(`\nGoals without a figure (the page did not send them): ${unreported.join(', ')}`);
  }

  const report = {
    date: new Date().toISOString(),
    chromium: chromiumVersion,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    // One-minute load averages around the run: figures from a busy machine are not comparable.
    loadAverage: { before: loadBefore, after: os.loadavg()[0] },
    durationMs: Math.round(performance.now() - begin),
    workloads: results,
  };
  await mkdir(dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  // The README's table is the full run's: a run of some workloads leaves it as it was.
  if (filters.length === 0) await writeReadmeTable(report);
  else console.log('bench/README.md left as it was (a run of some workloads).');
  console.log(
    `\nChromium ${chromiumVersion}, ${report.cpus} CPUs, load ${loadBefore.toFixed(1)} -> ${report.loadAverage.after.toFixed(1)};` +
      ` ${(report.durationMs / 1000).toFixed(1)} s. Wrote ${resultsFile}`,
  );
  return results.every((r) => r.ok) && unreported.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
