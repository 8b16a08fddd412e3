import type { StorageLike } from '../state/persistence';

/** A Map-backed Web Storage with an optional quota (in characters), which it enforces as browsers do. */
export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  writes = 0;
  /** Characters the storage holds at most; tests raise it to make room again. */
  quota: number;
  constructor(quota = Number.POSITIVE_INFINITY) {
    this.quota = quota;
  }
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const others = [...this.items]
      .filter(([k]) => k !== key)
      .reduce((n, [k, v]) => n + k.length + v.length, 0);
    if (others + key.length + value.length > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.writes++;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  snapshot() {
    return new Map(this.items);
  }
}
