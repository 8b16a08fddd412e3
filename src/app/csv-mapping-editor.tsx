import type { CsvColumns, CsvMapping } from '../../core/csv-import/types';
import type { CsvImportSummary } from '../../core/protocol';
import { describeDelimiter } from '../data/csv-import-text';

const DELIMITERS = [',', ';', '\t', '|'];

type Role = Exclude<keyof CsvColumns, 'timeOfDay'>;
const ROLES: readonly { role: Role; label: string }[] = [
  { role: 'time', label: 'Date / time' },
  { role: 'open', label: 'Open' },
  { role: 'high', label: 'High' },
  { role: 'low', label: 'Low' },
  { role: 'close', label: 'Close' },
  { role: 'volume', label: 'Volume' },
];

/** The reading as it is now, as a mapping: the starting point of every change the user makes. */
function currentMapping(summary: CsvImportSummary): CsvMapping {
  const { columns } = summary;
  const close = columns.close ?? columns.value;
  return {
    delimiter: summary.delimiter,
    hasHeader: summary.hasHeader,
    columns: { ...columns, value: undefined, ...(close === undefined ? {} : { close }) },
    ...(summary.dateOrder === null || summary.dateOrderAssumed ? {} : { dateOrder: summary.dateOrder }),
  };
}

/**
 * How the file was read, each part changeable before anything is imported: the delimiter, the header
 * row, which column is what, and how dates are written when the file could be read either way. Every
 * change reads the file again in the worker; the choice is remembered for files of the same shape.
 */
export function CsvMappingEditor({
  summary,
  onChange,
}: {
  summary: CsvImportSummary;
  onChange(mapping: CsvMapping): void;
}) {
  const mapping = currentMapping(summary);
  const change = (patch: CsvMapping) => onChange({ ...mapping, ...patch });
  const columns = mapping.columns ?? { time: 0 };
  const names = summary.columnNames;
  const setRole = (role: Role, value: string) => {
    const index = value === '' ? undefined : Number(value);
    change({ columns: { ...columns, [role]: index } });
  };
  return (
    <fieldset className="csv-mapping" aria-label="How the file is read">
      <legend>How the file is read</legend>
      {summary.mappingSource === 'remembered' && (
        <p className="muted">Read as you set it for an earlier file of this shape.</p>
      )}
      <div className="csv-mapping-grid">
        <label>
          Delimiter
          <select value={summary.delimiter} onChange={(e) => change({ delimiter: e.target.value })}>
            {DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {describeDelimiter(d)}
              </option>
            ))}
          </select>
        </label>
        <label className="csv-mapping-check">
          <input
            type="checkbox"
            checked={summary.hasHeader}
            onChange={(e) => change({ hasHeader: e.target.checked, columns: undefined })}
          />
          First row is a header
        </label>
        {ROLES.map(({ role, label }) => (
          <label key={role}>
            {label}
            <select value={columns[role] ?? ''} onChange={(e) => setRole(role, e.target.value)}>
              {role !== 'time' && <option value="">none</option>}
              {names.map((name, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's position in the file is what it is
                <option key={index} value={index}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ))}
        {summary.dateOrder !== null && (
          <label className={summary.dateOrderAssumed ? 'csv-mapping-ask' : undefined}>
            {summary.dateOrderAssumed ? 'Dates fit either order: which is it?' : 'Dates'}
            <select
              value={summary.dateOrderAssumed ? '' : summary.dateOrder}
              onChange={(e) =>
                change({ dateOrder: e.target.value === 'day-first' ? 'day-first' : 'month-first' })
              }
            >
              {summary.dateOrderAssumed && <option value="">Choose…</option>}
              <option value="day-first">Day first (31/12/2024)</option>
              <option value="month-first">Month first (12/31/2024)</option>
            </select>
          </label>
        )}
      </div>
    </fieldset>
  );
}
