/**
 * Render on demand: marking an item dirty asks for one animation frame, however many items are
 * marked before it comes, and the frame hands over every dirty item at once. No free-running ticker.
 */
export class FrameScheduler<T> {
  private readonly dirty = new Set<T>();
  private pending: number | null = null;

  constructor(
    private readonly render: (items: T[]) => void,
    private readonly requestFrame: (callback: () => void) => number = (cb) => requestAnimationFrame(cb),
    private readonly cancelFrame: (handle: number) => void = (handle) => cancelAnimationFrame(handle),
  ) {}

  mark(item: T): void {
    this.dirty.add(item);
    this.request();
  }

  forget(item: T): void {
    this.dirty.delete(item);
  }

  /** Asks for a frame when something is dirty (after a pause, e.g. once a lost context is back). */
  request(): void {
    if (this.pending !== null || this.dirty.size === 0) return;
    this.pending = this.requestFrame(() => {
      this.pending = null;
      const items = [...this.dirty];
      this.dirty.clear();
      this.render(items);
    });
  }

  /** Items that `render` could not draw yet stay dirty for a later `request`. */
  keep(items: readonly T[]): void {
    for (const item of items) this.dirty.add(item);
  }

  get size(): number {
    return this.dirty.size;
  }

  dispose(): void {
    if (this.pending !== null) this.cancelFrame(this.pending);
    this.pending = null;
    this.dirty.clear();
  }
}
