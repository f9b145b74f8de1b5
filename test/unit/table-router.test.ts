/**
 * The table router (src/http/table-router.ts) names the entry the surface app itself serves:
 * the same tables mounted on a Hono app with the sandbox's routing path, asked the same
 * requests, answer with the same entry and parameters.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type OperationRoute, tableRouter } from '../../src/http/table-router.js';
import { routingPath, routingPathOf } from '../../src/http/routing.js';
import { API_OPERATIONS } from '../../src/surfaces/api.js';
import { LEGACY_OPERATIONS } from '../../src/surfaces/legacy.js';

type Entry = OperationRoute & { op: string };

/** What the app serves: the entry's op and the parameters Hono hands its handler, or null for its 404. */
async function served(
  table: readonly Entry[],
  method: string,
  pathAndQuery: string,
): Promise<{ op: string; params: Record<string, string> } | null> {
  const app = new Hono({ getPath: routingPath });
  for (const entry of table) {
    const handler = (c: { req: { param(): Record<string, string> }; json(body: unknown): Response }): Response =>
      c.json({ op: entry.op, params: c.req.param() });
    if (entry.anyMethod) app.all(entry.path, handler);
    else app.on(entry.method, entry.path, handler);
  }
  const response = await app.request(`http://surface${pathAndQuery}`, { method });
  if (response.status === 404) return null;
  // HEAD answers GET's headers without its body: the body of the same GET says which entry served.
  const answer = method === 'HEAD' ? await app.request(`http://surface${pathAndQuery}`, { method: 'GET' }) : response;
  return (await answer.json()) as { op: string; params: Record<string, string> };
}

function named(table: readonly Entry[], method: string, pathAndQuery: string): { op: string; params: Record<string, string> } | null {
  const match = tableRouter(table).match(method, routingPathOf(pathAndQuery));
  return match ? { op: match.entry.op, params: match.params } : null;
}

const REQUESTS: [string, string][] = [
  ['GET', '/checkouts/abc'],
  ['GET', '/checkouts/abc/'],
  ['HEAD', '/checkouts/abc'],
  ['PUT', '/checkouts/abc/cart?x=1'],
  ['GET', '/Checkouts/abc'],
  ['GET', '/checkouts/a%20b'],
  ['GET', '/merchants/1234/checkouts/abc'],
  ['POST', '/checkouts'],
  ['DELETE', '/checkouts/abc'],
  ['GET', '/manage/orders/o-1/reauthorize/r-1'],
  ['POST', '/manage/orders/o-1/capture'],
  ['GET', '/oauth2/v2.0/token'],
  ['POST', '/oauth2/v2.0/token'],
  ['GET', '/nowhere'],
];

describe('the table router', () => {
  it('names what the app serves, on the api and legacy tables', async () => {
    for (const table of [API_OPERATIONS, LEGACY_OPERATIONS]) {
      for (const [method, path] of REQUESTS) {
        expect(named(table, method, path), `${method} ${path}`).toEqual(await served(table, method, path));
      }
    }
  });

  it('follows the app where a literal path of one method meets a parameter of another', async () => {
    const table: Entry[] = [
      { op: 'getThing', method: 'GET', path: '/things/:id' },
      { op: 'makeWidget', method: 'POST', path: '/things/widget' },
    ];
    for (const [method, path] of [
      ['GET', '/things/widget'],
      ['POST', '/things/widget'],
      ['POST', '/things/x'],
    ] as const) {
      expect(named(table, method, path), `${method} ${path}`).toEqual(await served(table, method, path));
    }
    expect(named(table, 'GET', '/things/widget')?.op).toBe('getThing');
  });

  it('lists the entries that serve a path, whatever the method, for a 405', () => {
    const router = tableRouter(API_OPERATIONS);
    expect(router.at('/manage/orders/o-1').map((entry) => entry.op)).toEqual(['getOrder']);
    expect(router.at('/checkouts/abc/cart').map((entry) => `${entry.method} ${entry.op}`)).toEqual(['PUT updateCart']);
    expect(router.at('/nowhere')).toEqual([]);
  });
});
