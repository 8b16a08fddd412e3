/**
 * Where a tooltip goes: beside the point it describes, on the side away from the nearer edges of the
 * plot, so it never runs off the plot or is squeezed into wrapping against its edge. Pure.
 */

export interface TooltipPlacement {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * `at` is in the coordinates of `plot`, a box inside the tooltip's positioned container (of size
 * `container`); the result is CSS offsets in the container, `gap` px from the point.
 */
export function tooltipPlacement(
  at: { x: number; y: number },
  plot: Box,
  container: { width: number; height: number },
  gap: number,
): TooltipPlacement {
  const x = plot.left + at.x;
  const y = plot.top + at.y;
  return {
    ...(at.x > plot.width / 2 ? { right: container.width - x + gap } : { left: x + gap }),
    ...(at.y > plot.height / 2 ? { bottom: container.height - y + gap } : { top: y + gap }),
  };
}
