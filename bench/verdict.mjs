/**
 * Verdicts of the benchmark: each figure against its goals. A goal is an absolute maximum (`max`) or
 * a largest ratio to the peer measured in the same run (`maxRatio`); a figure may have several, and
 * passes only when it meets every one. A figure that could not be measured (no peer for a ratio, not
 * a number) fails its goal rather than passing it.
 */

/** The goals of a metric as a list (a workload may give one goal or several). */
export function goalsOf(goal) {
  if (goal === undefined || goal === null) return [];
  return Array.isArray(goal) ? goal : [goal];
}

/** Adds the ratio ours/peer, the goals and the verdict (true, false, or null without a goal). */
export function judge(goals, metrics) {
  return metrics.map((metric) => {
    const list = goalsOf(goals?.[metric.id]);
    const ratio = metric.peer > 0 && Number.isFinite(metric.ours) ? metric.ours / metric.peer : null;
    const meets = (goal) =>
      goal.maxRatio !== undefined
        ? ratio !== null && ratio <= goal.maxRatio
        : Number.isFinite(metric.ours) && metric.ours <= goal.max;
    const pass = list.length === 0 ? null : list.every(meets);
    const goal = list.length === 0 ? null : { ...list[0], text: list.map((g) => g.text).join(' and ') };
    return { ...metric, ratio, goal, pass };
  });
}

/** PASS, FAIL or `-` (information only), as the table prints it. */
export function verdictText(pass) {
  return pass === null ? '-' : pass ? 'PASS' : 'FAIL';
}
