/**
 * Every POST, PUT and PATCH of every surface refuses a 300 MB chunked body with 413 while it
 * streams, and the process does not grow with it (one body reader, capped as the body
 * arrives, for every surface including the hosted page and the control plane). The
 * operations come from the surfaces' own tables, so a new one is covered when it is added.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTables } from '../../src/admin/document-tables.js';
import { ADMIN_OPERATIONS } from '../../src/admin/index.js';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { NORDIC } from '../support/checkout-requests.js';
import { clientCredentials } from '../support/identity.js';
import { type Spawned, startSandbox } from '../support/spawn.js';

const LIMIT = 300 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

let sandbox: Spawned;
let token: string;

beforeAll(async () => {
  // Before the retired host's shutdown, so it still reads bodies.
  sandbox = await startSandbox(['--memory', '--now', '2026-06-01T00:00:00Z']);
  const form = new URLSearchParams(clientCredentials('uat') as Record<string, string>);
  const answer = await fetch(`${sandbox.url}/uat/auth/oauth2/v2.0/token`, { method: 'POST', body: form });
  token = ((await answer.json()) as { access_token: string }).access_token;
}, 30_000);

afterAll(() => sandbox.stop());

/** The sandbox process's resident set, from /proc (Linux). */
function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Streams up to 300 MB as chunked transfer until the sandbox answers; the status and how much went out. */
function stream(
  method: string,
  path: string,
  authorization: string | undefined,
  limit = LIMIT,
): Promise<{ status: number; sent: number; body: string }> {
  const { hostname, port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    if (authorization) headers.authorization = authorization;
    const req = httpRequest({ host: hostname, port, method, path, headers });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, sent, body });
        req.destroy();
      });
    });
    // The sandbox may close the connection after answering: the rest of the body has nowhere to go.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = (): void => {
      while (!answered && sent < limit) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

type Target = { surface: string; method: string; path: string; auth: string };

const targets: Target[] = Object.entries(documentTables(ADMIN_OPERATIONS)).flatMap(([surface, table]) =>
  table.operations
    .filter((entry) => ['POST', 'PUT', 'PATCH'].includes(entry.method))
    .map((entry) => ({
      surface,
      method: entry.method,
      // Any value in a path parameter: the body is read before anything is looked up.
      path: `${surface === 'admin' ? '' : `/uat/${surface}`}${entry.path.replace(/:env\b/, 'uat').replace(/:[A-Za-z]+/g, 'x1')}`,
      auth: entry.auth,
    })),
);

describe('a 300 MB chunked body', () => {
  it('covers every POST, PUT and PATCH of every table', () => {
    expect(new Set(targets.map((t) => t.surface))).toEqual(new Set(['auth', 'api', 'legacy', 'retired', 'frontend', 'admin']));
  });

  it('is refused with 413 while it streams, by every operation, and the process grows by less than 50 MB', async () => {
    const authorizationOf = (target: Target): string | undefined =>
      target.auth === 'bearer'
        ? `Bearer ${token}`
        : target.auth === 'sharedKey'
          ? sharedKeyHeaderValue(NORDIC.username, NORDIC.key, target.path.replace(/^\/uat\/\w+/, ''), '')
          : undefined;
    // Every operation refuses one such body first, so that what a first call loads (modules,
    // compiled code) and the heap V8 sizes for this load are in the baseline: V8 grows the
    // young generation under the first load by tens of MB. What is measured is what the
    // second pass's bodies keep.
    for (const target of targets) await stream(target.method, target.path, authorizationOf(target));
    const before = rssBytes(sandbox.pid);
    let peak = before;
    const refused: string[] = [];
    for (const target of targets) {
      const path = target.path;
      const result = await stream(target.method, path, authorizationOf(target));
      if (result.status !== 413 || result.sent >= LIMIT)
        refused.push(`${target.method} ${path}: ${result.status} after ${result.sent} bytes: ${result.body.slice(0, 200)}`);
      peak = Math.max(peak, rssBytes(sandbox.pid));
    }
    expect(refused).toEqual([]);
    const grewMb = (peak - before) / 1024 / 1024;
    console.log(
      `body cap: ${targets.length} operations, RSS ${Math.round(before / 1048576)} MB → peak ${Math.round(peak / 1048576)} MB (+${grewMb.toFixed(1)} MB)`,
    );
    expect(grewMb).toBeLessThan(50);
  }, 120_000);
});
