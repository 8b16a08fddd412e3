/**
 * The results table: the same rows in the terminal and in bench/README.md (generated from
 * bench/results/latest.json by `node bench/readme-table.mjs`, which `npm run bench` runs after a full run).
 */
import { verdictText } from './verdict.mjs';

/** `includes` last: what each side's figure covers (long, so after the verdict). */
export const TABLE_HEADER = ['workload', 'metric', 'ours', 'peer', 'ours/peer', 'goal', 'result', 'includes'];

export function formatValue(value, unit) {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'ms') return `${value.toFixed(2)} ms`;
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-US')} B`;
  return String(value);
}

/** One row per figure (a failed page is one ERROR row). */
export function tableRows(results) {
  return results.flatMap((result) =>
    result.ok
      ? result.metrics.map((m) => [
          result.name,
          m.label,
          formatValue(m.ours, m.unit),
          formatValue(m.peer, m.unit),
          m.ratio === null ? 'n/a' : `${m.ratio.toFixed(2)}x`,
          m.goal?.text ?? '-',
          verdictText(m.pass),
          m.includes ?? '(not stated)',
        ])
      : [[result.name, 'page failed', '', '', '', '', 'ERROR', '']],
  );
}

/** The rows as a Markdown table (pipes in labels escaped). */
export function markdownTable(results) {
  const cell = (text) => String(text).replaceAll('|', '\\|');
  const lines = [
    `| ${TABLE_HEADER.join(' | ')} |`,
    `| ${TABLE_HEADER.map((_, i) => (i >= 2 && i <= 4 ? '---:' : '---')).join(' | ')} |`,
    ...tableRows(results).map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}
