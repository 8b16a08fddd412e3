import { useState } from 'react';
import { mergedIn } from '../../../core/bars/factor-pieces';
import { useTimeZone } from '../../commands/use-time-zone';
import { useDocument } from '../../commands/use-workstation';
import { formatPrice } from '../../data/price-format';
import { symbolInfoOf } from '../../data/symbol-catalog';
import { useSession } from '../../session/session-context';
import type { PaneId } from '../../state/layout-node';
import { zoneLabel } from '../../state/time-zone';
import { DialogHeader } from '../../ui/dialog-header';
import { ModalDialog } from '../../ui/modal-dialog';
import { type TableCell, VirtualTable } from '../../ui/virtual-table';
import { formatChange, volumeFormat } from './bar-format';
import { formatBarSpan, formatBarTime, isIntraday } from './bar-time';
import { barAt } from './chart-data';
import { chartOf } from './chart-registry';
import { chartIntervalOf, namedInterval } from './interval-commands';
import { viewIntervalName } from './pane-description';

const COLUMNS = ['Date', 'Open', 'High', 'Low', 'Close', 'Change', 'Volume'];
/** A series of closes (`BarsResult.closesOnly`) has no open, high, low or volume of its own. */
const CLOSE_COLUMNS = ['Date', 'Close', 'Change'];

/** The up or down text colour of a change (the watchlist's classes); none when nothing changed. */
const toneOf = (from: number, to: number) => (to > from ? 'up' : to < from ? 'down' : undefined);

/** `Show data table` on a financial chart: the bars the chart shows, with the legend's formats. */
export function DataTableDialog({ paneId, onClose }: { paneId: PaneId; onClose(): void }) {
  const pane = useDocument((s) => s.document.panes[paneId]);
  const catalog = useSession((s) => s.catalog);
  const symbol = pane?.symbol ?? '';
  const picked = pane
    ? namedInterval(chartIntervalOf(catalog, pane), symbolInfoOf(catalog, pane.symbol))
    : null;
  const zone = useTimeZone(symbol || null);
  // The view when the table was asked for; panning the chart behind the dialog does not change it.
  const [view] = useState(() => chartOf(paneId)?.barsInView() ?? null);
  const count = view ? view.to - view.from + 1 : 0;
  const intraday = view !== null && isIntraday(view.bars);
  const first = view ? barAt(view.bars, view.from) : null;
  const last = view ? barAt(view.bars, view.to) : null;
  const row = (index: number): TableCell[] => {
    const bar = view ? barAt(view.bars, view.from + index) : null;
    if (!bar) return [];
    const previous = view ? barAt(view.bars, view.from + index - 1) : null;
    const time = { text: formatBarSpan(bar, intraday, zone) };
    const close = { text: formatPrice(bar.close, bar.decimals) };
    const change = previous
      ? {
          text: formatChange(previous.close, bar.close, bar.decimals),
          className: toneOf(previous.close, bar.close),
        }
      : { text: '' };
    if (bar.closesOnly) return [time, close, change];
    return [
      time,
      { text: formatPrice(bar.open, bar.decimals) },
      { text: formatPrice(bar.high, bar.decimals) },
      { text: formatPrice(bar.low, bar.decimals) },
      close,
      change,
      { text: volumeFormat.format(bar.volume, bar.volumeDecimals) },
    ];
  };

  return (
    <ModalDialog label={`Data table: ${symbol}`} onClose={onClose} className="data-table-dialog">
      {/* The interval as the pane's description and the export caption name it. */}
      <DialogHeader
        title={
          view ? `${symbol}, ${viewIntervalName(view.bars, picked)} in view` : `${symbol}: the bars in view`
        }
        onClose={onClose}
      />
      {view && first && last ? (
        <>
          <p>
            {formatBarTime(first.time, intraday, zone)} to {formatBarTime(last.time, intraday, zone)}, {count}{' '}
            bars{intraday ? `, times in ${zoneLabel(zone)}` : ''}
            {mergedIn(view.bars, view.from, view.to)
              ? '. Zoomed out: a row merges several bars, and its time is the span it covers.'
              : ''}
          </p>
          <VirtualTable
            label="Bars in view"
            columns={view.bars.closesOnly ? CLOSE_COLUMNS : COLUMNS}
            rowCount={count}
            row={row}
          />
        </>
      ) : (
        <p>The chart has no bars in view.</p>
      )}
    </ModalDialog>
  );
}
