import { useState } from 'react';
import { useDocument } from '../../commands/use-workstation';
import type { PaneId } from '../../state/layout-node';
import { timeZoneOf, zoneLabel } from '../../state/time-zone';
import { DialogHeader } from '../../ui/dialog-header';
import { ModalDialog } from '../../ui/modal-dialog';
import { VirtualTable } from '../../ui/virtual-table';
import { formatChange, priceFormat, volumeFormat } from './bar-format';
import { formatBarTime, isIntraday } from './bar-time';
import { barAt } from './chart-data';
import { chartOf } from './chart-registry';

const COLUMNS = ['Date', 'Open', 'High', 'Low', 'Close', 'Change', 'Volume'];

/** The up or down text colour of a change (the watchlist's classes); none when nothing changed. */
const toneOf = (from: number, to: number) => (to > from ? 'up' : to < from ? 'down' : undefined);

/** `Show data table` on a financial chart: the bars the chart shows, with the legend's formats. */
export function DataTableDialog({ paneId, onClose }: { paneId: PaneId; onClose(): void }) {
  const symbol = useDocument((s) => s.document.panes[paneId]?.symbol ?? '');
  const zone = useDocument((s) => timeZoneOf(s.document));
  // The view when the table was asked for; panning the chart behind the dialog does not change it.
  const [view] = useState(() => chartOf(paneId)?.barsInView() ?? null);
  const count = view ? view.to - view.from + 1 : 0;
  const intraday = view !== null && isIntraday(view.bars);
  const first = view ? barAt(view.bars, view.from) : null;
  const last = view ? barAt(view.bars, view.to) : null;
  const rowAt = (row: number) => (view ? barAt(view.bars, view.from + row) : null);
  const previousAt = (row: number) => (view ? barAt(view.bars, view.from + row - 1) : null);

  const cell = (row: number, column: number) => {
    const bar = rowAt(row);
    if (!bar) return '';
    const previous = previousAt(row);
    switch (column) {
      case 0:
        return formatBarTime(bar.time, intraday, zone);
      case 1:
        return priceFormat.format(bar.open);
      case 2:
        return priceFormat.format(bar.high);
      case 3:
        return priceFormat.format(bar.low);
      case 4:
        return priceFormat.format(bar.close);
      case 5:
        return previous ? formatChange(previous.close, bar.close) : '';
      default:
        return volumeFormat.format(bar.volume);
    }
  };
  const cellClass = (row: number, column: number) => {
    const bar = rowAt(row);
    const previous = previousAt(row);
    return column === 5 && bar && previous ? toneOf(previous.close, bar.close) : undefined;
  };

  return (
    <ModalDialog label={`Data table: ${symbol}`} onClose={onClose} className="data-table-dialog">
      <DialogHeader title={`${symbol}: the bars in view`} onClose={onClose} />
      {view && first && last ? (
        <>
          <p>
            {formatBarTime(first.time, intraday, zone)} to {formatBarTime(last.time, intraday, zone)}, {count}{' '}
            bars{intraday ? `, times in ${zoneLabel(zone)}` : ''}
          </p>
          <VirtualTable
            label="Bars in view"
            columns={COLUMNS}
            rowCount={count}
            cell={cell}
            cellClass={cellClass}
          />
        </>
      ) : (
        <p>The chart has no bars in view.</p>
      )}
    </ModalDialog>
  );
}
