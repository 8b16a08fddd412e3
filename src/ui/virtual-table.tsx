import './virtual-table.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

const ROW_HEIGHT = 26;

export interface VirtualTableProps {
  /** The scroll region's name (it takes focus, so the keyboard scrolls it). */
  label: string;
  columns: readonly string[];
  rowCount: number;
  /** Row `index`'s cells, one per column (the first is the row's header), made once per row shown. */
  row(index: number): readonly TableCell[];
}

/** A cell's text, and a class for it (a rise or fall coloured as text). */
export interface TableCell {
  text: ReactNode;
  className?: string;
}

/**
 * A table of any length: only the rows near the scroll view are in the page (a year of minute bars,
 * ten thousand points), while `aria-rowcount` and `aria-rowindex` give assistive technology the
 * whole table's size and where each row stands.
 */
export function VirtualTable({ label, columns, rowCount, row }: VirtualTableProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <section
      ref={scrollRef}
      className="data-table-scroll"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus to scroll by keys
      tabIndex={0}
      aria-label={label}
    >
      <table className="data-table" aria-rowcount={rowCount + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
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
            const [header, ...cells] = row(item.index);
            return (
              <tr key={item.key} aria-rowindex={item.index + 2}>
                <th scope="row">{header?.text}</th>
                {cells.map((cell, c) => (
                  <td key={columns[c + 1]} className={cell.className}>
                    {cell.text}
                  </td>
                ))}
              </tr>
            );
          })}
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows below the view */}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
    </section>
  );
}
