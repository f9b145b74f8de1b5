/**
 * A keyed collection of records: lookups by id (and by a few secondary keys) from maps,
 * never by scanning. Only the store changes a collection; everybody else reads.
 */

type KeyOf<T> = (row: T) => string | null;

export class Collection<T extends object> {
  private readonly rows = new Map<string, T>();
  private readonly secondary = new Map<string, { keyOf: KeyOf<T>; map: Map<string, string> }>();

  constructor(readonly keyOf: (row: T) => string) {}

  /** Adds a secondary unique index, e.g. merchants by SharedKey username. */
  withIndex(name: string, keyOf: KeyOf<T>): this {
    this.secondary.set(name, { keyOf, map: new Map() });
    return this;
  }

  get(key: string): T | undefined {
    return this.rows.get(key);
  }

  getBy(index: string, value: string): T | undefined {
    const key = this.secondary.get(index)?.map.get(value);
    return key === undefined ? undefined : this.rows.get(key);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  values(): IterableIterator<T> {
    return this.rows.values();
  }

  toArray(): T[] {
    return [...this.rows.values()];
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * Store-internal: inserts or replaces a row; returns the previous one. A secondary entry is
   * touched only when its value changed: deleting and re-adding a key in a large V8 Map costs
   * a rehash.
   */
  put(row: T): T | undefined {
    const key = this.keyOf(row);
    const previous = this.rows.get(key);
    this.rows.set(key, row);
    for (const { keyOf, map } of this.secondary.values()) {
      const value = keyOf(row);
      const before = previous ? keyOf(previous) : null;
      if (before === value) continue;
      if (before !== null && map.get(before) === key) map.delete(before);
      if (value !== null) map.set(value, key);
    }
    return previous;
  }

  /** Store-internal: removes a row by key; returns it. */
  remove(key: string): T | undefined {
    const previous = this.rows.get(key);
    if (!previous) return undefined;
    this.unindex(key, previous);
    this.rows.delete(key);
    return previous;
  }

  clear(): void {
    this.rows.clear();
    for (const { map } of this.secondary.values()) map.clear();
  }

  private unindex(key: string, row: T): void {
    for (const { keyOf, map } of this.secondary.values()) {
      const value = keyOf(row);
      if (value !== null && map.get(value) === key) map.delete(value);
    }
  }
}
