/**
 * The black-box route list (test/support/routes.ts) is made from the tables; what it writes by
 * hand must name what the tables have, or a renamed or removed operation would leave an entry
 * that no longer means anything (and a renamed one would be sent after all, or spelled wrong).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../../src/admin/index.js';
import { SURFACES } from '../../src/hosts.js';
import { SURFACE_DEFINITIONS } from '../../src/surfaces/index.js';
import { ANSWERS_TOO, LEFT_OUT, TRAILING_SLASH } from '../support/routes.js';

const TABLES: Record<string, readonly { op: string; method: string; path: string }[]> = {
  ...Object.fromEntries(SURFACES.map((surface) => [surface, SURFACE_DEFINITIONS[surface].operations])),
  admin: ADMIN_OPERATIONS,
};
const OPERATIONS = new Set(Object.entries(TABLES).flatMap(([where, table]) => table.map((op) => `${where} ${op.method} ${op.path}`)));
const NAMES = new Set(Object.values(TABLES).flatMap((table) => table.map((op) => op.op)));

describe('the black-box route list', () => {
  it('leaves out only operations and surfaces the tables have, each once', () => {
    const named = LEFT_OUT.flatMap(([, routes]) => routes);
    expect(named.filter((route) => !OPERATIONS.has(route) && !(route in TABLES))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it('spells and widens only operations the tables have', () => {
    expect([...Object.keys(TRAILING_SLASH), ...Object.keys(ANSWERS_TOO)].filter((name) => !NAMES.has(name))).toEqual([]);
  });
});
