import { useMemo, useRef } from 'react';
import { useWidgetKeys } from '../../commands/use-key-bindings';
import { useDocument, useWorkstation } from '../../commands/use-workstation';
import { formatPrice, formatSignedPrice } from '../../data/price-format';
import { useQuotes } from '../../data/use-quotes';
import { useSymbols } from '../../data/use-symbols';
import { useDisplayTheme } from '../../themes/use-display-theme';
import { PaneOverlay } from '../../ui/pane-overlay';
import type { PaneViewProps } from '../../workspace/pane-registry';
import { describeTrend, summarize } from './sparkline-layout';
import { SparklineOverlay } from './sparkline-overlay';
import type { WatchlistRowArgs } from './watchlist-commands';
import { sortQuotes, type WatchlistColumn } from './watchlist-rows';
import { readSort, readWatchlistSettings } from './watchlist-settings';

/**
 * The watchlist's symbols the data engine knows: one removed since (an imported file) stays in the
 * list, so it comes back with its data, but is not asked for. Before the catalog arrives, all of them.
 */
function useListedSymbols(settings: PaneViewProps['pane']['settings']): readonly string[] {
  const { symbols } = readWatchlistSettings(settings);
  const catalog = useSymbols();
  return useMemo(() => {
    if (catalog.length === 0) return symbols;
    const known = new Set(catalog.map((s) => s.symbol));
    return symbols.filter((s) => known.has(s));
  }, [symbols, catalog]);
}

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
  const { run, workspace } = useWorkstation();
  const theme = useDisplayTheme(useDocument((s) => s.document.theme));
  const quotes = useQuotes(useListedSymbols(pane.settings));
  const tableRef = useRef<HTMLTableElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const sort = readSort(pane.settings);
  // The row keys are the registry's (watchlist scope); the grid supplies its rows and the focused one.
  const focusedRow = useRef<WatchlistRowArgs | null>(null);
  const rowKeys = useWidgetKeys<WatchlistRowArgs>('watchlist', () => focusedRow.current);
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

  const select = (symbol: string) => run('watchlist-choose-symbol', { paneId: pane.id, symbol });
  const symbols = rows.map((q) => q.symbol);
  // After a row key, keyboard focus follows the chosen row (the pane's new symbol).
  const followSelection = () => {
    const symbol = workspace.getDocument().panes[pane.id]?.symbol;
    tableRef.current?.querySelector<HTMLElement>(`[data-symbol="${symbol}"]`)?.focus();
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
                className={`col-${c.id}${c.numeric ? ' num' : ''}`}
              >
                <button
                  type="button"
                  className="sort-button"
                  onClick={() => run('sort-watchlist', { paneId: pane.id, column: c.id })}
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
                  focusedRow.current = { paneId: pane.id, rows: symbols, index };
                  if (rowKeys(e)) followSelection();
                }}
              >
                <td className="col-symbol symbol">{q.symbol}</td>
                <td className="col-name" title={q.name}>
                  {q.name}
                </td>
                {q.waiting ? (
                  <WaitingCells />
                ) : (
                  <>
                    <td className="col-last num">{formatPrice(q.last, q.priceDecimals)}</td>
                    <td className={`col-change num ${tone}`}>
                      {formatSignedPrice(q.change, q.priceDecimals)}
                    </td>
                    <td className={`col-changePercent num ${tone}`}>
                      {formatSignedPrice(q.changePercent, 2)}%
                    </td>
                  </>
                )}
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
      <SparklineOverlay hostRef={hostRef} order={symbols} rows={trends} theme={theme} />
    </div>
  );
}

/** The figures of a feed symbol that has not traded yet: none to show, and the reason. */
function WaitingCells() {
  return (
    <>
      <td className="col-last num muted" title="No trade from its feed since the page opened">
        Waiting for feed
      </td>
      <td className="col-change num flat">
        <span aria-hidden="true">–</span>
        <span className="sr-only">none yet</span>
      </td>
      <td className="col-changePercent num flat">
        <span aria-hidden="true">–</span>
        <span className="sr-only">none yet</span>
      </td>
    </>
  );
}
