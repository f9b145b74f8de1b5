/**
 * A keyed collection of records: lookups by id (and by a few secondary keys) from maps,
 * never by scanning; the few rows of a kind services visit often from a subset kept beside
 * them, and rows that fall due (callbacks still to attempt) in a queue ordered by their
 * instant. Only the store changes a collection; everybody else reads, but for taking a due
 * row out of a queue (the one who took it has it in hand until the row is put again).
 */
import { type Due, DueQueue } from './due-queue.js';

type KeyOf<T> = (row: T) => string | null;

export class Collection<T extends object> {
  private readonly rows = new Map<string, T>();
  private readonly secondary = new Map<string, { keyOf: KeyOf<T>; map: Map<string, string> }>();
  private readonly subsets = new Map<string, { holds: (row: T) => boolean; keys: Set<string> }>();
  private readonly queues = new Map<string, { dueOf: (row: T) => number | null; queue: DueQueue<T> }>();

  constructor(readonly keyOf: (row: T) => string) {}

  /** Adds a secondary unique index, e.g. merchants by SharedKey username. */
  withIndex(name: string, keyOf: KeyOf<T>): this {
    this.secondary.set(name, { keyOf, map: new Map() });
    return this;
  }

  /**
   * Adds a subset kept up to date with every change: the rows `holds` is true of, e.g. the
   * callbacks still pending. Visiting them costs what they number, not what the collection does.
   */
  withSubset(name: string, holds: (row: T) => boolean): this {
    const keys = new Set<string>();
    for (const [key, row] of this.rows) if (holds(row)) keys.add(key);
    this.subsets.set(name, { holds, keys });
    return this;
  }

  /**
   * Adds a queue kept up to date with every change: the rows `dueOf` gives an instant (ms),
   * earliest first, e.g. the callbacks by their next attempt. Finding the earliest costs the
   * same however many rows wait.
   */
  withQueue(name: string, dueOf: (row: T) => number | null): this {
    const queue = new DueQueue<T>();
    for (const [key, row] of this.rows) queue.set(key, dueOf(row), row);
    this.queues.set(name, { dueOf, queue });
    return this;
  }

  /** The queue's earliest row and its instant, left in place. */
  nextDue(name: string): Due<T> | undefined {
    return this.queueNamed(name).queue.peek();
  }

  /**
   * Takes the queue's earliest row out if it is due by `nowMs`: it stays in the collection,
   * and joins the queue again when it is put again (or given back with `requeue`).
   */
  takeDue(name: string, nowMs: number): Due<T> | undefined {
    return this.queueNamed(name).queue.take(nowMs);
  }

  /** Gives a row taken with takeDue back to the queue, if it is still the row stored. */
  requeue(name: string, row: T): void {
    const { dueOf, queue } = this.queueNamed(name);
    const key = this.keyOf(row);
    if (this.rows.get(key) === row) queue.set(key, dueOf(row), row);
  }

  /** How many rows of the queue are due by `nowMs` (taken ones not counted). */
  countDue(name: string, nowMs: number): number {
    return this.queueNamed(name).queue.countUntil(nowMs);
  }

  private queueNamed(name: string): { dueOf: (row: T) => number | null; queue: DueQueue<T> } {
    const found = this.queues.get(name);
    if (!found) throw new Error(`no queue ${name} of this collection`);
    return found;
  }

  /** The rows of a subset (withSubset), in the order they joined it. */
  *subset(name: string): IterableIterator<T> {
    const keys = this.subsets.get(name)?.keys;
    if (!keys) throw new Error(`no subset ${name} of this collection`);
    for (const key of keys) {
      const row = this.rows.get(key);
      if (row) yield row;
    }
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

  /** @testSeam a collection's tests count what it holds. */
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
    for (const { holds, keys } of this.subsets.values()) {
      if (holds(row)) keys.add(key);
      else keys.delete(key);
    }
    for (const { dueOf, queue } of this.queues.values()) queue.set(key, dueOf(row), row);
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

  /** @testSeam a collection's tests empty it, indexes and queues included. */
  clear(): void {
    this.rows.clear();
    for (const { map } of this.secondary.values()) map.clear();
    for (const { keys } of this.subsets.values()) keys.clear();
    for (const { queue } of this.queues.values()) queue.clear();
  }

  private unindex(key: string, row: T): void {
    for (const { keys } of this.subsets.values()) keys.delete(key);
    for (const { queue } of this.queues.values()) queue.delete(key);
    for (const { keyOf, map } of this.secondary.values()) {
      const value = keyOf(row);
      if (value !== null && map.get(value) === key) map.delete(value);
    }
  }
}
