/**
 * The benchmark workloads. Adding one is a page under bench/pages/ (which sets
 * `window.__benchResult` through pages/harness.ts) plus one entry here.
 *
 * - `page`: the page's path in the built bench site;
 * - `viewport`: the browser window the page runs in;
 * - `timeoutMs`: how long the page may take before the run counts it as failed;
 * - `goals`: per metric id, the largest value that meets the goal (`max`) and how to print it (`text`).
 *   Metrics without a goal are printed for information.
 */
export const workloads = [
  {
    name: 'history',
    page: 'pages/history.html',
    // Large enough for a 4 x 4 grid of panes at the app's 300 x 300 px minimum.
    viewport: { width: 1600, height: 1400 },
    timeoutMs: 120_000,
    goals: {
      // Issue: one undo or redo step, re-render included, within one frame in the 16-pane workspace.
      'undo.frame.p95': { max: 16.7, text: '<= 16.7 ms' },
      'redo.frame.p95': { max: 16.7, text: '<= 16.7 ms' },
      // Issue: history memory under 5 KB per step for a one-pane edit.
      'heap.bytesPerStep': { max: 5000, text: '< 5 KB' },
    },
  },
  {
    name: 'aggregation',
    page: 'pages/aggregation.html',
    viewport: { width: 800, height: 600 },
    // Five sizes up to 1e7 points, each contender repeated; about a minute on the 2-core machine.
    timeoutMs: 300_000,
    // The goals are ratios to the peers (M4 at least 0.5 x the bandwidth probe, faster than
    // LTTB): the page checks them into details.goals and the metric labels carry them.
    goals: {},
  },
];
