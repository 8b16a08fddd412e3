/**
 * A uniform grid over a chart's plot area for tooltip hit-testing: each item is filed under the
 * cells its bounding box covers, so a pointer query looks at one cell's few items instead of
 * scanning every item.
 */

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class GridIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly columns: number;
  private readonly rows: number;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly cellSize = 32,
  ) {
    this.columns = Math.max(1, Math.ceil(width / cellSize));
    this.rows = Math.max(1, Math.ceil(height / cellSize));
  }

  private column(x: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor(x / this.cellSize)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.cellSize)));
  }

  /** Files item `id` under every cell its box touches (boxes outside the grid are clamped to it). */
  insert(id: number, box: Box): void {
    const c0 = this.column(box.minX);
    const c1 = this.column(box.maxX);
    const r0 = this.row(box.minY);
    const r1 = this.row(box.maxY);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = r * this.columns + c;
        const list = this.cells.get(key);
        if (list) list.push(id);
        else this.cells.set(key, [id]);
      }
    }
  }

  /** Ids filed under the cell of (x, y), in insertion order; empty outside the grid. */
  candidates(x: number, y: number): readonly number[] {
    if (x < 0 || y < 0 || x > this.width || y > this.height) return [];
    return this.cells.get(this.row(y) * this.columns + this.column(x)) ?? [];
  }
}

/**
 * The item under (x, y): among the candidates that `contains` accepts, the one drawn last (it is
 * on top), or with `distance`, the closest.
 */
export function pick(
  index: GridIndex,
  x: number,
  y: number,
  contains: (id: number) => boolean,
  distance?: (id: number) => number,
): number | null {
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const id of index.candidates(x, y)) {
    if (!contains(id)) continue;
    if (!distance) {
      if (best === null || id > best) best = id;
      continue;
    }
    const d = distance(id);
    if (d < bestDistance || (d === bestDistance && (best === null || id > best))) {
      best = id;
      bestDistance = d;
    }
  }
  return best;
}
