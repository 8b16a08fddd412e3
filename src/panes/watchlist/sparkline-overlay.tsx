import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
  /** Each row's cell, relative to the column. */
  cells: ReadonlyMap<string, CellRect>;
  signature: string;
}

/** The cells marked `data-sparkline="<symbol>"` inside `host`, measured against it. */
function measure(host: HTMLElement): Frame | null {
  const origin = host.getBoundingClientRect();
  const cells = [...host.querySelectorAll<HTMLElement>('[data-sparkline]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    return {
      symbol: cell.dataset.sparkline ?? '',
      rect: { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height },
    };
  });
  if (cells.length === 0) return null;
  const left = Math.min(...cells.map((c) => c.rect.x));
  const top = Math.min(...cells.map((c) => c.rect.y));
  const right = Math.max(...cells.map((c) => c.rect.x + c.rect.width));
  const bottom = Math.max(...cells.map((c) => c.rect.y + c.rect.height));
  const column = { x: left, y: top, width: right - left, height: bottom - top };
  const relative = new Map(
    cells.map((c) => [c.symbol, { ...c.rect, x: c.rect.x - left, y: c.rect.y - top }] as const),
  );
  const round = (v: number) => Math.round(v * 10) / 10;
  const signature = JSON.stringify([
    [column.x, column.y, column.width, column.height].map(round),
    cells.map((c) => [c.symbol, round(c.rect.y), round(c.rect.height)]),
  ]);
  return { column, cells: relative, signature };
}

/**
 * The sparklines of every watchlist row, drawn by the shared PixiJS layer into one transparent canvas
 * laid over the sparkline column (one canvas per grid, not one per row). Rows stay DOM: the overlay
 * follows their measured cells, so sorting, resizing and row heights need nothing special here.
 */
export function SparklineOverlay({
  hostRef,
  rows,
  theme,
}: {
  hostRef: RefObject<HTMLElement | null>;
  rows: readonly SparklineRow[];
  theme: Theme;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [frame, setFrame] = useState<Frame | null>(null);

  const remeasure = useCallback(() => {
    const host = hostRef.current;
    if (!host) return;
    const next = measure(host);
    setFrame((current) => (current?.signature === next?.signature ? current : next));
  }, [hostRef]);

  // After every render: a sort moves rows without resizing anything.
  useLayoutEffect(remeasure);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const observer = new ResizeObserver(remeasure);
    observer.observe(host);
    return () => observer.disconnect();
  }, [hostRef, remeasure]);

  const width = frame?.column.width ?? 0;
  const height = frame?.column.height ?? 0;
  const size = useMemo(() => ({ width, height }), [width, height]);
  const lines = useMemo(
    () =>
      rows.flatMap((row) => {
        const cell = frame?.cells.get(row.symbol);
        return cell ? [{ points: sparklinePoints(row.closes, cell), trend: row.trend }] : [];
      }),
    [rows, frame],
  );
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
