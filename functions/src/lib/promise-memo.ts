/**
 * Promises by key, at most `size` of them, the most recently used kept; a promise that rejects is let go, so the next
 * caller tries again (every caller already waiting on it gets its error).
 */
export class PromiseMemo<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly size: number) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The promise kept for `key`, else the one `make` starts, kept. */
  get(key: string, make: () => Promise<V>): Promise<V> {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key); // most recently used last
    else {
      const made = make();
      made.catch(() => this.entries.get(key) === made && this.entries.delete(key));
      entry = made;
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
