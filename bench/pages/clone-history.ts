/**
 * The peer of the history benchmark: the naive undo stack that keeps a deep copy of the whole
 * document per step (what practice 3 of docs/practices.md rules out). It exists only to be measured against
 * src/state/history.ts in the same run; the app never uses it.
 */
export class CloneHistory<D> {
  private past: D[] = [];
  private future: D[] = [];
  private readonly read: () => D;
  private readonly write: (document: D) => void;
  private readonly depth: number;

  constructor(read: () => D, write: (document: D) => void, depth: number) {
    this.read = read;
    this.write = write;
    this.depth = depth;
  }

  edit(change: (document: D) => D): boolean {
    const current = this.read();
    const next = change(current);
    if (next === current) return false;
    this.past.push(structuredClone(current));
    if (this.past.length > this.depth) this.past.shift();
    this.future = [];
    this.write(next);
    return true;
  }

  undo(): boolean {
    const previous = this.past.pop();
    if (previous === undefined) return false;
    this.future.push(structuredClone(this.read()));
    this.write(previous);
    return true;
  }

  redo(): boolean {
    const next = this.future.pop();
    if (next === undefined) return false;
    this.past.push(structuredClone(this.read()));
    this.write(next);
    return true;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }

  get steps(): number {
    return this.past.length;
  }
}
