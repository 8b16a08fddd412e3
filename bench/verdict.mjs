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

/**
 * Adds the ratio ours/peer, the goals and the verdict (true, false, or null without a goal). A goal
 * whose metric the page did not send gets a row of its own that fails (`missing`): renaming or dropping
 * a figure must not make its verdict vanish.
 */
export function judge(goals, metrics) {
  const judged = metrics.map((metric) => {
    const list = goalsOf(goals?.[metric.id]);
    const ratio = metric.peer > 0 && Number.isFinite(metric.ours) ? metric.ours / metric.peer : null;
    const meets = (goal) =>
      goal.maxRatio !== undefined
        ? ratio !== null && ratio <= goal.maxRatio
        : Number.isFinite(metric.ours) && metric.ours <= goal.max;
    const pass = list.length === 0 ? null : list.every(meets);
    return { ...metric, ratio, goal: goalText(list), pass };
  });
  const reported = new Set(metrics.map((m) => m.id));
  const missing = Object.keys(goals ?? {})
    .filter((id) => !reported.has(id) && goalsOf(goals[id]).length > 0)
    .map((id) => ({
      id,
      label: `${id} (not reported)`,
      includes: 'the page sent no figure for this goal',
      unit: 'count',
      ours: Number.NaN,
      peer: Number.NaN,
      ratio: null,
      goal: goalText(goalsOf(goals[id])),
      pass: false,
      missing: true,
    }));
  return [...judged, ...missing];
}

/** The rows of a judged workload whose goal had no figure (the run fails on any). */
export function missingRows(judged) {
  return judged.filter((metric) => metric.missing === true);
}

function goalText(list) {
  return list.length === 0 ? null : { ...list[0], text: list.map((g) => g.text).join(' and ') };
}

/** PASS, FAIL or `-` (information only), as the table prints it. */
export function verdictText(pass) {
  return pass === null ? '-' : pass ? 'PASS' : 'FAIL';
}
