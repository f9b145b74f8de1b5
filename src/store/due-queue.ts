/**
 * Rows in the order of an instant, e.g. callbacks by their next attempt: a binary min-heap
 * (ties in the order they joined), so the earliest is found without visiting the others,
 * however many wait behind it. Each key has at most one live entry: setting a key again or
 * deleting it leaves its old entry dead in the heap, dropped when it reaches the top, and the
 * heap is rebuilt from the live entries once the dead ones outnumber them.
 */

export interface Due<T> {
  key: string;
  /** The instant, in ms. */
  due: number;
  row: T;
}

interface Entry<T> extends Due<T> {
  seq: number;
}

/** Dead entries tolerated beyond the live ones before the heap is rebuilt. */
const SLACK = 64;

export class DueQueue<T> {
  private heap: Entry<T>[] = [];
  private readonly live = new Map<string, Entry<T>>();
  private seq = 0;

  /** The rows with an instant (live entries). */
  get size(): number {
    return this.live.size;
  }

  /** Queues the key's row at `due`, replacing its entry; null takes it out. */
  set(key: string, due: number | null, row: T): void {
    this.live.delete(key);
    if (due !== null) {
      const entry: Entry<T> = { key, due, row, seq: this.seq++ };
      this.live.set(key, entry);
      this.heap.push(entry);
      this.up(this.heap.length - 1);
    }
    if (this.heap.length > 2 * this.live.size + SLACK) this.rebuild();
  }

  delete(key: string): void {
    if (this.live.delete(key) && this.heap.length > 2 * this.live.size + SLACK) this.rebuild();
  }

  clear(): void {
    this.heap = [];
    this.live.clear();
  }

  /** The earliest live entry, left in place. */
  peek(): Due<T> | undefined {
    this.dropDead();
    return this.heap[0];
  }

  /** Takes the earliest live entry out, if it is due by `nowMs`. */
  take(nowMs: number): Due<T> | undefined {
    const top = this.peek();
    if (!top || top.due > nowMs) return undefined;
    this.live.delete(top.key);
    this.pop();
    return top;
  }

  /** How many live entries are due by `nowMs`: visits those and the heap's nodes right below them, no others. */
  countUntil(nowMs: number): number {
    let count = 0;
    const stack = this.heap.length ? [0] : [];
    while (stack.length) {
      const i = stack.pop()!;
      const entry = this.heap[i]!;
      if (entry.due > nowMs) continue;
      if (this.live.get(entry.key) === entry) count += 1;
      for (const child of [2 * i + 1, 2 * i + 2]) if (child < this.heap.length) stack.push(child);
    }
    return count;
  }

  private dropDead(): void {
    while (this.heap.length && this.live.get(this.heap[0]!.key) !== this.heap[0]) this.pop();
  }

  private pop(): void {
    const last = this.heap.pop()!;
    if (this.heap.length === 0) return;
    this.heap[0] = last;
    this.down(0);
  }

  private rebuild(): void {
    this.heap = [...this.live.values()];
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i -= 1) this.down(i);
  }

  private before(a: Entry<T>, b: Entry<T>): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  private up(i: number): void {
    const heap = this.heap;
    const entry = heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(entry, heap[parent]!)) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  private down(i: number): void {
    const heap = this.heap;
    const entry = heap[i]!;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && this.before(heap[right]!, heap[left]!) ? right : left;
      if (!this.before(heap[child]!, entry)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = entry;
  }
}
