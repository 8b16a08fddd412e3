import './data-table.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { useDocument } from '../../commands/use-workstation';
import type { PaneId } from '../../state/layout-node';
import { ModalDialog } from '../../ui/modal-dialog';
import { formatChange, priceFormat, volumeFormat } from './bar-format';
import { formatBarTime, isIntraday } from './bar-time';
import { barAt } from './chart-data';
import { chartOf } from './chart-registry';

const ROW_HEIGHT = 26;

/** The up or down text colour of a change (the watchlist's classes); none when nothing changed. */
const toneOf = (from: number, to: number) => (to > from ? 'up' : to < from ? 'down' : undefined);
const COLUMNS = ['Date', 'Open', 'High', 'Low', 'Close', 'Change', 'Volume'];

/**
 * `Show data table`: the bars the chart shows, as a real table with the legend's formats. Only the
 * rows in the scroll view are in the DOM (a year of minute bars is a table too); `aria-rowcount` and
 * `aria-rowindex` tell assistive technology the whole table's size and where each row stands.
 */
export function DataTableDialog({ paneId, onClose }: { paneId: PaneId; onClose(): void }) {
  const symbol = useDocument((s) => s.document.panes[paneId]?.symbol ?? '');
  // The view when the table was asked for; panning the chart behind the dialog does not change it.
  const [view] = useState(() => chartOf(paneId)?.barsInView() ?? null);
  const scrollRef = useRef<HTMLElement>(null);
  const count = view ? view.to - view.from + 1 : 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const intraday = view !== null && isIntraday(view.bars);
  const first = view ? barAt(view.bars, view.from) : null;
  const last = view ? barAt(view.bars, view.to) : null;
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <ModalDialog label={`Data table: ${symbol}`} onClose={onClose} className="data-table-dialog">
      <header className="dialog-header">
        <h2>{symbol}: the bars in view</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ✕
        </button>
      </header>
      {view && first && last ? (
        <>
          <p>
            {formatBarTime(first.time, intraday)} to {formatBarTime(last.time, intraday)}, {count} bars, times
            in UTC
          </p>
          <section
            ref={scrollRef}
            className="data-table-scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus to scroll by keys
            tabIndex={0}
            aria-label="Bars in view"
          >
            <table className="data-table" aria-rowcount={count + 1}>
              <thead>
                <tr aria-rowindex={1}>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled past; it holds nothing */}
                {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
                {items.map((item) => {
                  const index = view.from + item.index;
                  const bar = barAt(view.bars, index);
                  if (!bar) return null;
                  const previous = barAt(view.bars, index - 1);
                  return (
                    <tr key={item.key} aria-rowindex={item.index + 2}>
                      <th scope="row">{formatBarTime(bar.time, intraday)}</th>
                      <td>{priceFormat.format(bar.open)}</td>
                      <td>{priceFormat.format(bar.high)}</td>
                      <td>{priceFormat.format(bar.low)}</td>
                      <td>{priceFormat.format(bar.close)}</td>
                      <td className={previous ? toneOf(previous.close, bar.close) : undefined}>
                        {previous ? formatChange(previous.close, bar.close) : ''}
                      </td>
                      <td>{volumeFormat.format(bar.volume)}</td>
                    </tr>
                  );
                })}
                {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows below the view */}
                {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
              </tbody>
            </table>
          </section>
        </>
      ) : (
        <p>The chart has no bars in view.</p>
      )}
    </ModalDialog>
  );
}
