/** The due queue: earliest first whatever the order rows came in, replaced and removed rows never come out, and a taken row is in hand. */
import { describe, expect, it } from 'vitest';
import { DueQueue } from '../../src/store/due-queue.js';
import { Collection } from '../../src/store/collection.js';

/** A deterministic shuffle of 0…n-1. */
function shuffled(n: number): number[] {
  const values = Array.from({ length: n }, (_, i) => i);
  let seed = 7;
  for (let i = n - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}

function drain<T>(queue: DueQueue<T>): T[] {
  const out: T[] = [];
  for (let next = queue.take(Number.POSITIVE_INFINITY); next; next = queue.take(Number.POSITIVE_INFINITY)) out.push(next.row);
  return out;
}

describe('DueQueue', () => {
  it('gives 10,000 rows back earliest first, ties in the order they joined', () => {
    const queue = new DueQueue<string>();
    for (const n of shuffled(10_000)) queue.set(`k${n}`, Math.floor(n / 2), `r${n}`);
    const out = drain(queue);
    expect(out).toHaveLength(10_000);
    const dues = out.map((r) => Math.floor(Number(r.slice(1)) / 2));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(queue.size).toBe(0);

    const ties = new DueQueue<string>();
    for (const name of ['first', 'second', 'third']) ties.set(name, 5, name);
    expect(drain(ties)).toEqual(['first', 'second', 'third']);
  });

  it('takes only what is due, and counts it without taking', () => {
    const queue = new DueQueue<string>();
    for (let n = 0; n < 100; n += 1) queue.set(`k${n}`, n * 10, `r${n}`);
    expect(queue.countUntil(95)).toBe(10);
    expect(queue.take(-1)).toBeUndefined();
    expect(queue.take(0)).toMatchObject({ key: 'k0', due: 0, row: 'r0' });
    expect(queue.countUntil(95)).toBe(9);
    expect(queue.peek()).toMatchObject({ key: 'k1', due: 10 });
    expect(queue.size).toBe(99);
  });

  it('forgets the old entry of a key set again or deleted, and rebuilds once dead entries pile up', () => {
    const queue = new DueQueue<string>();
    queue.set('a', 1, 'a-1');
    queue.set('b', 2, 'b-1');
    queue.set('a', 3, 'a-2');
    queue.set('c', 0, 'c-1');
    queue.delete('c');
    expect(queue.size).toBe(2);
    expect(queue.countUntil(10)).toBe(2);
    expect(drain(queue)).toEqual(['b-1', 'a-2']);

    // One row moved on 10,000 times (a callback's attempts): the queue keeps one entry for it.
    const moving = new DueQueue<number>();
    for (let n = 0; n < 10_000; n += 1) moving.set('r', 10_000 - n, n);
    moving.set('other', 5, -1);
    expect(moving.size).toBe(2);
    expect(drain(moving)).toEqual([9_999, -1]);
  });
});

describe('a collection queue', () => {
  interface Row {
    id: string;
    due: number | null;
  }
  const rows = (): Collection<Row> => new Collection<Row>((r) => r.id).withQueue('due', (r) => r.due);

  it('follows puts, removals and clears; a taken row comes back when put again or requeued', () => {
    const c = rows();
    c.put({ id: 'a', due: 30 });
    c.put({ id: 'b', due: 10 });
    c.put({ id: 'c', due: null });
    expect(c.nextDue('due')?.row.id).toBe('b');
    const taken = c.takeDue('due', 20)!;
    expect(taken.row.id).toBe('b');
    expect(c.takeDue('due', 20)).toBeUndefined();
    expect(c.countDue('due', 100)).toBe(1);
    c.requeue('due', taken.row);
    expect(c.countDue('due', 100)).toBe(2);
    // A row replaced since it was taken is not given back: its new version is queued already.
    const again = c.takeDue('due', 20)!;
    c.put({ id: 'b', due: 50 });
    c.requeue('due', again.row);
    expect(c.countDue('due', 40)).toBe(1);
    c.remove('a');
    expect(c.nextDue('due')?.row).toEqual({ id: 'b', due: 50 });
    c.clear();
    expect(c.nextDue('due')).toBeUndefined();
    expect(() => c.nextDue('other')).toThrow(/no queue other/);
  });
});
