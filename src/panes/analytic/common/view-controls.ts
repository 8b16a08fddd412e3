/**
 * The zoom and pan of each mounted cartesian analytic pane, so the chart-scope keyboard commands
 * (the same `+`, `-`, arrows as financial charts; `Home` shows all) can reach the focused one.
 */

export interface ViewControls {
  /** Zooms around the centre of the plot; factor < 1 zooms in. */
  zoom(factor: number): void;
  /** Moves the window by fractions of its size: +x shows data further right, +y data further up. */
  pan(fx: number, fy: number): void;
  /** Shows all the data again. */
  reset(): void;
}

const controls = new Map<string, ViewControls>();

export function registerViewControls(paneId: string, control: ViewControls): () => void {
  controls.set(paneId, control);
  return () => {
    if (controls.get(paneId) === control) controls.delete(paneId);
  };
}

export function viewControlsOf(paneId: string | null): ViewControls | undefined {
  return paneId ? controls.get(paneId) : undefined;
}
