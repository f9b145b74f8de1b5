/**
 * The black-box route list (test/support/routes.ts) against the tables the sandbox is made
 * from: every operation of every surface and of the admin plane is sent by the fuzz,
 * robustness and isolation tests or left out with a reason, and the list sends nothing the
 * tables do not have. A new route fails here until it is listed or left out on purpose.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../../src/admin/index.js';
import { SURFACES } from '../../src/hosts.js';
import { SURFACE_DEFINITIONS } from '../../src/surfaces/index.js';
import { IMPLICIT, LEFT_OUT, ROUTES } from '../support/routes.js';

/** Where an operation lives: a surface's name, or admin. */
const whereOf = (prefix: string): string => (prefix === '' ? 'admin' : (prefix.split('/')[2] ?? prefix));
/** One spelling for a path: any {slot} or :param as {}, no trailing slash (the list sends both forms of some). */
const pathKey = (path: string): string => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}').replace(/(.)\/$/, '$1');
const key = (where: string, method: string, path: string): string => `${where} ${method} ${pathKey(path)}`;

const TABLES: Record<string, readonly { method: string; path: string; anyMethod?: true }[]> = {
  ...Object.fromEntries(SURFACES.map((surface) => [surface, SURFACE_DEFINITIONS[surface].operations])),
  admin: ADMIN_OPERATIONS,
};
const IN_TABLES = new Set(Object.entries(TABLES).flatMap(([where, table]) => table.map((op) => key(where, op.method, op.path))));
/** The token endpoint answers every method itself (anyMethod), so any method on it is one of its table's. */
const ANY_METHOD = new Set(
  Object.entries(TABLES).flatMap(([where, table]) => table.filter((op) => op.anyMethod).map((op) => `${where} ${pathKey(op.path)}`)),
);
const inTables = (route: string): boolean =>
  IN_TABLES.has(route) ||
  ANY_METHOD.has(
    route
      .split(' ')
      .filter((_, i) => i !== 1)
      .join(' '),
  );

const SENT = new Set(
  ROUTES.flatMap((r) => [r.method, ...(IMPLICIT[r.path] ?? [])].map((method) => key(whereOf(r.prefix), method, r.path))),
);
const LEFT_OUT_WHOLE = new Set(LEFT_OUT.flatMap(([, routes]) => routes.filter((route) => !route.includes(' '))));
const LEFT_OUT_ROUTES = LEFT_OUT.flatMap(([, routes]) =>
  routes
    .filter((route) => route.includes(' '))
    .map((route) => {
      const [where = '', method = '', path = ''] = route.split(' ');
      return key(where, method, path);
    }),
);

describe('the black-box route list', () => {
  it('sends every operation of every table, or says why not', () => {
    const unaccounted = [...IN_TABLES].filter(
      (op) => !SENT.has(op) && !LEFT_OUT_ROUTES.includes(op) && !LEFT_OUT_WHOLE.has(op.split(' ')[0] ?? ''),
    );
    expect(unaccounted).toEqual([]);
  });

  it('sends only operations the tables have', () => {
    expect([...SENT].filter((route) => !inTables(route))).toEqual([]);
  });

  it('leaves out only operations the tables have and it does not send, each once', () => {
    expect(LEFT_OUT_ROUTES.filter((route) => !inTables(route) || SENT.has(route))).toEqual([]);
    expect(new Set(LEFT_OUT_ROUTES).size).toBe(LEFT_OUT_ROUTES.length);
    expect([...LEFT_OUT_WHOLE].filter((where) => !(where in TABLES))).toEqual([]);
  });
});
