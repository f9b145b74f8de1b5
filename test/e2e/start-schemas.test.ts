/**
 * What a start builds (issue 20): the answer schemas (src/routes/answers/*, src/admin/answers/*)
 * describe what the sandbox sends, for the OpenAPI documents, the test suite's answer check
 * and a fidelity comparison; serving does not read them, so they are built on first use
 * (src/http/lazy.ts), not at start. The built server, spawned as users run it, with a hook
 * (test/support/zod-meta-log.mjs) that logs where in the bundle each schema with metadata is
 * built: every answer module gives its schemas descriptions with .meta().
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { initPayload } from '../support/checkout-requests.js';
import { ROOT, type Spawned, startSandbox } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'start-schemas-'));
const running: Spawned[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const HOOK = pathToFileURL(join(import.meta.dirname, '../support/zod-meta-log.mjs')).href;

/** Every answer module of src/. */
const ANSWER_MODULES = ['src/routes/answers', 'src/admin/answers'].flatMap((folder) => readdirSync(join(ROOT, folder)).map((file) => `${folder}/${file}`)).sort();

/**
 * The source a line of dist/ comes from: dist/main.js and dist/chunks/ are esbuild's bundle
 * (scripts/build.mjs), which names each module it carries in a `// <path>` line before its code
 * (read as test/e2e/start-loads.test.ts reads them).
 */
const marks = new Map<string, { line: number; source: string }[]>();
function sourceOf(place: string): string {
  const [, url, line] = /^(.*):(\d+)$/.exec(place) ?? [];
  const file = fileURLToPath(url ?? '');
  if (!/\/dist\/(main|chunks\/[^/]+)\.js$/.test(file)) return file;
  if (!marks.has(file)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    marks.set(
      file,
      lines.flatMap((text, i) => {
        const source = /^\/\/ ((?:\.\.\/[^/\s]+\/)*(?:src|node_modules)\/\S+)$/.exec(text)?.[1];
        return source ? [{ line: i + 1, source }] : [];
      }),
    );
  }
  return (marks.get(file) ?? []).filter((mark) => mark.line <= Number(line)).at(-1)?.source ?? file;
}

describe('a start builds what it serves with, the answer schemas on first use', () => {
  it('serving a token, a checkout and its view builds no answer schema; the documents build every answer module', async () => {
    const log = join(dir, 'meta.log');
    const sandbox = await startSandbox(['--memory', '--now', '2026-06-01T00:00:00Z', '--scenario', 'minimal'], {
      NODE_OPTIONS: `--import=${HOOK}`,
      ZOD_META_LOG: log,
      // As users run it: the suite's answer check (on for spawned servers too) reads the schemas of every answer.
      CHECKOUT_SANDBOX_CHECK_ANSWERS: '0',
    });
    running.push(sandbox);
    const builtBy = (): string[] => [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean).map(sourceOf))].filter((source) => ANSWER_MODULES.includes(source)).sort();

    expect((await fetch(`${sandbox.url}/__admin/health`)).status).toBe(200);
    const token = await fetch(`${sandbox.url}/uat/auth/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: '0c0c0c0c-0000-4000-8000-000000000001',
        client_secret: 'minimal-uat-secret-0001',
        scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
      }),
    });
    expect(token.status).toBe(200);
    const bearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
    const init = await fetch(`${sandbox.url}/uat/api/checkouts`, { method: 'POST', headers: bearer, body: JSON.stringify(initPayload()) });
    expect(init.status).toBe(200);
    const { privateId } = ((await init.json()) as { data: { privateId: string } }).data;
    expect((await fetch(`${sandbox.url}/uat/api/checkouts/${privateId}`, { headers: bearer })).status).toBe(200);
    expect(builtBy()).toEqual([]);

    // The documents show every answer: each answer module builds its schemas now.
    expect((await fetch(`${sandbox.url}/__admin/openapi.json`)).status).toBe(200);
    expect(builtBy()).toEqual(ANSWER_MODULES);
  });
});
