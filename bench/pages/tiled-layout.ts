/**
 * A bench page measures the workstation as users see it, so its panes must be laid out as tiles:
 * inside the window, none on top of another, each chart inside its pane. Without the mosaic
 * CSS the panes were 86 px strips and every chart spilled out of its pane at the workspace's full size,
 * drawn over the others: the figures were those of eight full-size charts.
 */
export function expectTiled(paneCount: number): void {
  const tiles = [...document.querySelectorAll<HTMLElement>('[data-pane-id]')].map((element) => ({
    element,
    id: element.dataset.paneId ?? '?',
    rect: element.getBoundingClientRect(),
  }));
  if (tiles.length !== paneCount) {
    throw new Error(`Expected ${paneCount} panes on the page, found ${tiles.length}`);
  }
  const window = new DOMRect(0, 0, innerWidth, innerHeight);
  tiles.forEach(({ element, id, rect }, i) => {
    if (rect.width < 1 || rect.height < 1 || !within(rect, window)) {
      throw new Error(`Pane ${id} is not inside the ${innerWidth}x${innerHeight} window: ${rectText(rect)}`);
    }
    // The charts' canvases; a watchlist's sparklines may scroll within their table.
    for (const canvas of element.querySelectorAll('.chart-canvas canvas')) {
      const inner = canvas.getBoundingClientRect();
      if (inner.width > 0 && !within(inner, rect)) {
        throw new Error(
          `A chart canvas of pane ${id} (${rectText(rect)}) spills out of it: ${rectText(inner)}`,
        );
      }
    }
    for (const other of tiles.slice(i + 1)) {
      const width = Math.min(rect.right, other.rect.right) - Math.max(rect.left, other.rect.left);
      const height = Math.min(rect.bottom, other.rect.bottom) - Math.max(rect.top, other.rect.top);
      if (width > 1 && height > 1) {
        throw new Error(`Panes ${id} (${rectText(rect)}) and ${other.id} (${rectText(other.rect)}) overlap`);
      }
    }
  });
}

/** `inner` lies inside `outer`, give or take a pixel of rounding. */
function within(inner: DOMRect, outer: DOMRect): boolean {
  return (
    inner.left >= outer.left - 1 &&
    inner.top >= outer.top - 1 &&
    inner.right <= outer.right + 1 &&
    inner.bottom <= outer.bottom + 1
  );
}

function rectText(rect: DOMRect): string {
  return `${Math.round(rect.width)}x${Math.round(rect.height)} at ${Math.round(rect.left)},${Math.round(rect.top)}`;
}
