import type { LegendEntry } from './chart';

interface Props {
  label: string;
  entries: readonly LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle(id: string): void;
  warning?: string | null;
  /** What the plot draws of its data when it is aggregated, at the legend's end. */
  note?: string | null;
}

/**
 * Native checkboxes, one per series, like the financial legend; entries that share a group are
 * listed together under the group's name.
 */
export function ChartLegend({ label, entries, hidden, onToggle, warning, note }: Props) {
  const groups: { name: string | undefined; entries: LegendEntry[] }[] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && last.name === entry.group) last.entries.push(entry);
    else groups.push({ name: entry.group, entries: [entry] });
  }
  return (
    <fieldset className="chart-legend analytic-legend" aria-label={label}>
      {groups.map((group) => (
        <div key={group.name ?? group.entries[0]?.id} className="legend-items">
          {group.name && <span className="legend-group">{group.name}</span>}
          {group.entries.map((entry) => (
            <label key={entry.id} className="legend-item">
              <input type="checkbox" checked={!hidden.has(entry.id)} onChange={() => onToggle(entry.id)} />
              <span className="legend-swatch" style={{ background: entry.color }} aria-hidden="true" />
              {entry.label}
            </label>
          ))}
        </div>
      ))}
      {warning && <span className="legend-warning">{warning}</span>}
      {note && <span className="chart-note">{note}</span>}
    </fieldset>
  );
}
