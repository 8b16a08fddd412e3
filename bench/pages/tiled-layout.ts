/**
 * A bench page measures the workstation as users see it, so its panes must be laid out as tiles:
 * inside the window, none on top of another, each chart inside its pane. Without the mosaic
 * CSS the panes were 86 px strips and every chart spilled out of its pane at the workspace's full size,
 * drawn over the others: the figures were those of eight full-size charts.
 */
export function expectTiled(paneCount: number): void {
  const panes = [...document.querySelectorAll<HTMLElement>('[data-pane-id]')];
  const rects = panes.map((pane) => ({ id: pane.dataset.paneId ?? '?', rect: pane.getBoundingClientRect() }));
  if (rects.length !== paneCount) {
    throw new Error(`Expected ${paneCount} panes on the page, found ${rects.length}`);
  }
  for (const { id, rect } of rects) {
    if (rect.width < 1 || rect.height < 1 || rect.right > innerWidth + 1 || rect.bottom > innerHeight + 1) {
      throw new Error(`Pane ${id} is not inside the ${innerWidth}x${innerHeight} window: ${rectText(rect)}`);
    }
  }
  panes.forEach((pane, i) => {
    const { id, rect } = rects[i] as { id: string; rect: DOMRect };
    // The charts' canvases; a watchlist's sparklines may scroll within their table.
    for (const canvas of pane.querySelectorAll('.chart-canvas canvas')) {
      const inner = canvas.getBoundingClientRect();
      const outside =
        inner.left < rect.left - 1 ||
        inner.top < rect.top - 1 ||
        inner.right > rect.right + 1 ||
        inner.bottom > rect.bottom + 1;
      if (inner.width > 0 && outside) {
        throw new Error(
          `A chart canvas of pane ${id} (${rectText(rect)}) spills out of it: ${rectText(inner)}`,
        );
      }
    }
  });
  rects.forEach(({ id, rect }, i) => {
    for (const other of rects.slice(i + 1)) {
      const width = Math.min(rect.right, other.rect.right) - Math.max(rect.left, other.rect.left);
      const height = Math.min(rect.bottom, other.rect.bottom) - Math.max(rect.top, other.rect.top);
      if (width > 1 && height > 1) {
        throw new Error(`Panes ${id} (${rectText(rect)}) and ${other.id} (${rectText(other.rect)}) overlap`);
      }
    }
  });
}

function rectText(rect: DOMRect): string {
  return `${Math.round(rect.width)}x${Math.round(rect.height)} at ${Math.round(rect.left)},${Math.round(rect.top)}`;
}
