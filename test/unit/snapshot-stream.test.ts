/**
 * The streamed snapshot: its pieces join to exactly what JSON.stringify wrote before (so a
 * state file reads and diffs as it did), indented and compact; and no piece is a whole
 * collection (which would bring back the one big string the stream exists to avoid).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSandbox } from '../support/sandbox.js';
import { writeAtomically } from '../../src/store/snapshot-file.js';
import { snapshotChunks } from '../../src/store/snapshot-stream.js';

const ODD = {
  version: 2,
  skipped: undefined,
  fn: () => 1,
  empty: {},
  none: [],
  nested: { a: [1, 'two', null, { deep: [[], {}, 'x\ny'] }], b: undefined, c: [undefined, () => 0] },
  when: new Date(0),
  environments: {
    uat: {
      orders: [
        { id: 'o1', items: [{ q: 1 }], note: 'line\nbreak "quoted" \u2028' },
        { id: 'o2', items: [] },
      ],
      records: { callbacks: [{ id: 'c' }], empty: [] },
    },
    prod: { orders: [], records: {} },
  },
};

describe('snapshotChunks', () => {
  it.each([
    ['indented', '  '],
    ['compact', ''],
  ])('joins to JSON.stringify of the same document (%s)', (_label, indent) => {
    expect([...snapshotChunks(ODD, indent)].join('')).toBe(JSON.stringify(ODD, null, indent || undefined));
  });

  it('writes the default world byte for byte as JSON.stringify, a row per piece', async () => {
    const sandbox = await openSandbox({ statePath: null, now: '2026-06-01T00:00:00Z', frozen: true });
    const doc = sandbox.snapshot();
    for (const indent of ['  ', '']) {
      const pieces = [...snapshotChunks(doc, indent)];
      expect(pieces.join('')).toBe(JSON.stringify(doc, null, indent || undefined));
      const orders = doc.environments.uat.orders;
      expect(orders.length).toBeGreaterThan(1);
      const longest = Math.max(...pieces.map((p) => p.length));
      expect(longest).toBeLessThan(JSON.stringify(orders, null, indent || undefined).length);
    }
  });
});

describe('writeAtomically', () => {
  it('writes every piece in order across chunk boundaries, multi-byte text and a piece larger than a chunk included, and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-snapshot-'));
    const file = join(dir, 'state.json');
    const pieces = [
      ...Array.from({ length: 5_000 }, (_, i) => `åäö-€-😀-${i};`),
      'x'.repeat(400_000),
      ...Array.from({ length: 3_000 }, (_, i) => `ü${i}`),
    ];
    await writeAtomically(file, pieces);
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
    expect(readdirSync(dir)).toEqual(['state.json']);
  });
});
