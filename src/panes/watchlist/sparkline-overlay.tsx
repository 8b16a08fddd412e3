import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useLayerView } from '../../render/use-layer-view';
import type { Theme } from '../../themes/theme';
import { drawSparklines } from './sparkline-draw';
import { type CellRect, sparklinePoints, type Trend } from './sparkline-layout';

export interface SparklineRow {
  symbol: string;
  closes: ArrayLike<number>;
  trend: Trend;
}

interface Frame {
  /** The sparkline column, relative to the host: where the overlay canvas sits. */
  column: CellRect;
  /** Each row's cell from the top, relative to the column. */
  cells: readonly CellRect[];
  signature: string;
}

/** The cells marked `data-sparkline` inside `host`, top to bottom, measured against it. */
function measure(host: HTMLElement): Frame | null {
  const origin = host.getBoundingClientRect();
  const cells = [...host.querySelectorAll<HTMLElement>('[data-sparkline]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  });
  if (cells.length === 0) return null;
  const left = Math.min(...cells.map((c) => c.x));
  const top = Math.min(...cells.map((c) => c.y));
  const right = Math.max(...cells.map((c) => c.x + c.width));
  const bottom = Math.max(...cells.map((c) => c.y + c.height));
  const column = { x: left, y: top, width: right - left, height: bottom - top };
  const relative = cells.map((c) => ({ ...c, x: c.x - left, y: c.y - top }));
  const round = (v: number) => Math.round(v * 10) / 10;
  const signature = JSON.stringify([
    [column.x, column.y, column.width, column.height].map(round),
    cells.map((c) => [round(c.y), round(c.height)]),
  ]);
  return { column, cells: relative, signature };
}

/**
 * The sparklines of every watchlist row, drawn by the shared PixiJS layer into one transparent canvas
 * laid over the sparkline column (one canvas per grid, not one per row). Rows stay DOM.
 *
 * The cells are measured only when they can have moved: when the host, the table or the column's
 * header cell changes size (a resize, a row added or removed, columns reflowing around new figures).
 * The rows are all one height, so a sort only changes which symbol each cell shows: `order` says so,
 * and nothing is measured. Measuring on every render forced the browser to lay out the page inside
 * React's commit, once per watchlist and quote tick: half of a sort's undo (bench `history`).
 */
export function SparklineOverlay({
  hostRef,
  order,
  rows,
  theme,
}: {
  hostRef: RefObject<HTMLElement | null>;
  /** The rows' symbols as the table shows them, top to bottom. */
  order: readonly string[];
  rows: readonly SparklineRow[];
  theme: Theme;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [frame, setFrame] = useState<Frame | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A resize observer reports after layout: reading the cells then costs no layout of its own.
    const observer = new ResizeObserver(() => {
      const next = measure(host);
      setFrame((current) => (current?.signature === next?.signature ? current : next));
    });
    observer.observe(host);
    for (const element of host.querySelectorAll('table, th.sparkline-cell')) observer.observe(element);
    return () => observer.disconnect();
  }, [hostRef]);

  const width = frame?.column.width ?? 0;
  const height = frame?.column.height ?? 0;
  const size = useMemo(() => ({ width, height }), [width, height]);
  // The order by value: a render that keeps it (a selection, a focus) draws nothing again.
  const orderKey = order.join('\n');
  const lines = useMemo(() => {
    const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
    return orderKey.split('\n').flatMap((symbol, i) => {
      const cell = frame?.cells[i];
      const row = bySymbol.get(symbol);
      return cell && row ? [{ points: sparklinePoints(row.closes, cell), trend: row.trend }] : [];
    });
  }, [orderKey, rows, frame]);
  const invalidate = useLayerView(canvasRef, size, (scene) => drawSparklines(scene, lines, theme), null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each of these changes the picture
  useEffect(() => invalidate(), [lines, theme, invalidate]);

  const column = frame?.column;
  return (
    <canvas
      ref={canvasRef}
      className="sparkline-canvas"
      style={
        column
          ? { left: column.x, top: column.y, width: column.width, height: column.height }
          : { display: 'none' }
      }
    />
  );
}
