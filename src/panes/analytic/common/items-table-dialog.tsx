import { useState } from 'react';
import { useDocument } from '../../../commands/use-workstation';
import type { PaneId } from '../../../state/layout-node';
import { DialogHeader } from '../../../ui/dialog-header';
import { ModalDialog } from '../../../ui/modal-dialog';
import { VirtualTable } from '../../../ui/virtual-table';
import { paneTitle } from '../../../workspace/pane-registry';
import { itemCursorOf } from './view-controls';

/**
 * `Show data table` on an analytic chart: every slice, bar, bin or point in view, in the data cursor's
 * order, with what its tooltip says (the same values the chart shows).
 */
export function ItemsTableDialog({ paneId, onClose }: { paneId: PaneId; onClose(): void }) {
  const pane = useDocument((s) => s.document.panes[paneId]);
  const title = pane ? paneTitle(pane) : paneId;
  // The items when the table was asked for.
  const [items] = useState(() => itemCursorOf(paneId)?.items() ?? []);
  const details = Math.max(1, ...items.map((item) => item.lines.length));
  const columns = ['Item', 'Value', ...Array.from({ length: details - 1 }, (_, i) => `Detail ${i + 1}`)];
  return (
    <ModalDialog label={`Data table: ${title}`} onClose={onClose} className="data-table-dialog">
      <DialogHeader title={`${title}: the items in view`} onClose={onClose} />
      {items.length > 0 ? (
        <>
          <p>{items.length} items, in the order the data cursor reads them</p>
          <VirtualTable
            label="Items in view"
            columns={columns}
            rowCount={items.length}
            row={(index) => {
              const item = items[index];
              return item
                ? columns.map((_, c) => ({ text: (c === 0 ? item.title : item.lines[c - 1]) ?? '' }))
                : [];
            }}
          />
        </>
      ) : (
        <p>The chart has no items in view.</p>
      )}
    </ModalDialog>
  );
}
