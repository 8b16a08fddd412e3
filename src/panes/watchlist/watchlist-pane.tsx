import { useMemo, useRef } from 'react';
import { useWorkstation } from '../../app/workstation-context';
import { symbolEditMode } from '../../commands/workspace-commands';
import { useQuotes } from '../../data/use-quotes';
import { RECORD } from '../../state/history';
import { setPaneSettings, setSymbol } from '../../state/workspace-edits';
import { useWorkspace } from '../../state/workspace-store';
import { getTheme } from '../../themes/themes';
import { PaneOverlay } from '../../ui/pane-overlay';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { describeTrend, summarize } from './sparkline-layout';
import { SparklineOverlay } from './sparkline-overlay';
import { nextSort, readSort, sortQuotes, WATCHLIST_SYMBOLS, type WatchlistColumn } from './watchlist-rows';

const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

const COLUMNS: { id: WatchlistColumn; label: string; numeric: boolean }[] = [
  { id: 'symbol', label: 'Symbol', numeric: false },
  { id: 'name', label: 'Name', numeric: false },
  { id: 'last', label: 'Last', numeric: true },
  { id: 'change', label: 'Change', numeric: true },
  { id: 'changePercent', label: 'Change %', numeric: true },
];

/**
 * A grid of the fixture symbols. Selecting a row sets this pane's symbol, and through its link group
 * the symbol of every linked pane; arrowing through rows is one undo step. Each row's sparkline is
 * drawn by the shared PixiJS layer (one overlay canvas for the column) and told in words in its cell.
 */
export function WatchlistPane({ pane }: PaneViewProps) {
  const { workspace } = useWorkstation();
  const theme = getTheme(useWorkspace(workspace, (s) => s.document.theme));
  const quotes = useQuotes(WATCHLIST_SYMBOLS);
  const tableRef = useRef<HTMLTableElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const sort = readSort(pane.settings);
  const trends = useMemo(
    () =>
      quotes.status === 'ready'
        ? quotes.quotes.map((q) => {
            const summary = summarize(q.sparkline, q.sparklineFrom, q.time);
            return {
              symbol: q.symbol,
              closes: q.sparkline,
              trend: summary.trend,
              description: describeTrend(q.symbol, summary),
            };
          })
        : [],
    [quotes],
  );

  if (quotes.status === 'loading') return <PaneOverlay text="Loading data..." />;
  if (quotes.status === 'error')
    return <PaneOverlay text={`Could not load quotes: ${quotes.message}`} tone="error" />;
  if (quotes.quotes.length === 0) return <PaneOverlay text="No data to display" />;
  const rows = sortQuotes(quotes.quotes, sort);
  const trendOf = new Map(trends.map((t) => [t.symbol, t]));

  const select = (symbol: string) =>
    workspace.edit((d) => setSymbol(d, pane.id, symbol), symbolEditMode(pane.id));
  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    select(row.symbol);
    tableRef.current?.querySelector<HTMLElement>(`[data-symbol="${row.symbol}"]`)?.focus();
  };

  return (
    <div ref={hostRef} className="watchlist-host">
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern: rows are selectable and arrow keys move between them. */}
      <table ref={tableRef} role="grid" aria-label="Watchlist" className="watchlist">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.id}
                scope="col"
                aria-sort={sort?.column === c.id ? sort.direction : 'none'}
                className={c.numeric ? 'num' : undefined}
              >
                <button
                  type="button"
                  className="sort-button"
                  onClick={() =>
                    workspace.edit((d) => setPaneSettings(d, pane.id, { sort: nextSort(sort, c.id) }), RECORD)
                  }
                >
                  {c.label}
                  <span aria-hidden="true">
                    {sort?.column === c.id ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col" className="sparkline-cell">
              Trend
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((q, index) => {
            const selected = q.symbol === pane.symbol;
            const tone = q.change > 0 ? 'up' : q.change < 0 ? 'down' : 'flat';
            return (
              <tr
                key={q.symbol}
                data-symbol={q.symbol}
                aria-selected={selected}
                tabIndex={selected || (index === 0 && !rows.some((r) => r.symbol === pane.symbol)) ? 0 : -1}
                onClick={() => select(q.symbol)}
                onKeyDown={(e) => {
                  if (e.altKey || e.ctrlKey || e.metaKey) return;
                  const moves: Record<string, number> = {
                    ArrowDown: index + 1,
                    ArrowUp: index - 1,
                    Home: 0,
                    End: rows.length - 1,
                  };
                  const target = moves[e.key];
                  if (target !== undefined) {
                    e.preventDefault();
                    focusRow(target);
                  } else if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    select(q.symbol);
                  }
                }}
              >
                <td className="symbol">{q.symbol}</td>
                <td>{q.name}</td>
                <td className="num">{price.format(q.last)}</td>
                <td className={`num ${tone}`}>{signed.format(q.change)}</td>
                <td className={`num ${tone}`}>{signed.format(q.changePercent)}%</td>
                <td
                  className="sparkline-cell"
                  data-sparkline={q.symbol}
                  data-trend={trendOf.get(q.symbol)?.trend}
                >
                  <span className="sr-only">{trendOf.get(q.symbol)?.description}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <SparklineOverlay hostRef={hostRef} rows={trends} theme={theme} />
    </div>
  );
}
