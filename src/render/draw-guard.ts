/**
 * A pane's drawing code runs inside a chart library's frame (lightweight-charts' paint, the shared
 * layer's render), outside React: an error there reaches no error boundary. Uncaught, it is lost in the
 * console while the pane keeps its last picture, stale bars that look current. A guard runs that code
 * instead: the first error stops the pane's drawing and is handed to the pane, which shows it with a
 * reload (draw-failure.tsx); the rest of the workspace keeps drawing.
 */

/** Panes whose next guarded call throws: fault injection for the end-to-end tests (test builds only). */
const faults = new Set<string>();

export const SIMULATED_DRAW_FAILURE = 'Simulated drawing failure (test hook)';

/** The next drawing call of `paneId`'s guard throws (see app/test-hooks.ts). */
export function injectDrawFault(paneId: string): void {
  faults.add(paneId);
}

export class DrawGuard {
  private failure: Error | null = null;

  constructor(
    private readonly paneId: string,
    private readonly onFailure: (error: Error) => void,
  ) {}

  get failed(): boolean {
    return this.failure !== null;
  }

  /** `draw()`, or `fallback` once it (or any earlier call) failed. */
  run<T>(fallback: T, draw: () => T): T {
    if (this.failure) return fallback;
    try {
      // Test builds only: in the user's build the condition is false and the branch is dropped.
      if (__TEST_HOOKS__ && faults.delete(this.paneId)) throw new Error(SIMULATED_DRAW_FAILURE);
      return draw();
    } catch (error) {
      this.fail(error);
      return fallback;
    }
  }

  /** Records a failure caught elsewhere in the pane's frame; only the first is reported. */
  fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error instanceof Error ? error : new Error(String(error));
    console.error('A pane failed to draw', this.failure);
    this.onFailure(this.failure);
  }
}
