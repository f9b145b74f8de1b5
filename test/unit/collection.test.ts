/** Keyed collections: lookups by key and by a secondary index stay right through replaces and removals. */
import { describe, expect, it } from 'vitest';
import { Collection } from '../../src/store/collection.js';

interface Row {
  id: string;
  token: string | null;
  n: number;
}

function collection(): Collection<Row> {
  return new Collection<Row>((r) => r.id.toLowerCase()).withIndex('token', (r) => r.token);
}

describe('Collection', () => {
  it('finds a row by key and by its secondary key, and replaces it in place', () => {
    const c = collection();
    c.put({ id: 'A', token: 't-1', n: 1 });
    expect(c.put({ id: 'A', token: 't-1', n: 2 })).toEqual({ id: 'A', token: 't-1', n: 1 });
    expect(c.get('a')?.n).toBe(2);
    expect(c.getBy('token', 't-1')?.n).toBe(2);
    expect(c.size).toBe(1);
  });

  it('moves the secondary entry when its value changes, and drops it when the row goes', () => {
    const c = collection();
    c.put({ id: 'A', token: 't-1', n: 1 });
    c.put({ id: 'A', token: 't-2', n: 2 });
    expect(c.getBy('token', 't-1')).toBeUndefined();
    expect(c.getBy('token', 't-2')?.n).toBe(2);
    c.put({ id: 'A', token: null, n: 3 });
    expect(c.getBy('token', 't-2')).toBeUndefined();
    c.put({ id: 'A', token: 't-3', n: 4 });
    expect(c.remove('a')?.n).toBe(4);
    expect(c.getBy('token', 't-3')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps another row’s secondary entry when a row takes the same value over', () => {
    const c = collection();
    c.put({ id: 'A', token: 'shared', n: 1 });
    c.put({ id: 'B', token: 'shared', n: 2 });
    c.put({ id: 'A', token: 'other', n: 3 });
    expect(c.getBy('token', 'shared')?.id).toBe('B');
  });

  it('keeps a subset up to date through puts, replaces, removals and clears', () => {
    const c = collection().withSubset('odd', (r) => r.n % 2 === 1);
    c.put({ id: 'A', token: null, n: 1 });
    c.put({ id: 'B', token: null, n: 2 });
    c.put({ id: 'C', token: null, n: 3 });
    expect([...c.subset('odd')].map((r) => r.id)).toEqual(['A', 'C']);
    c.put({ id: 'A', token: null, n: 4 });
    c.put({ id: 'B', token: null, n: 5 });
    expect([...c.subset('odd')].map((r) => r.id)).toEqual(['C', 'B']);
    c.remove('c');
    expect([...c.subset('odd')].map((r) => r.id)).toEqual(['B']);
    c.clear();
    expect([...c.subset('odd')]).toEqual([]);
    expect(() => [...c.subset('even')]).toThrow(/no subset even/);
  });
});
