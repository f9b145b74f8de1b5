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
import { bundleMarks } from '../support/bundle-marks.js';
import { initPayload } from '../support/checkout-requests.js';
import { MINIMAL_UAT_CLIENT, postTokenOverHttp } from '../support/identity.js';
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

/** The source a place of dist/ (`<file URL>:<line>`) comes from: in the bundle, the module whose code holds that line. */
function sourceOf(place: string): string {
  const [, url, line] = /^(.*):(\d+)$/.exec(place) ?? [];
  const file = fileURLToPath(url ?? '');
  return bundleMarks(file)?.filter((mark) => mark.line <= Number(line)).at(-1)?.source ?? file;
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
    const token = await postTokenOverHttp(sandbox.url, 'uat', MINIMAL_UAT_CLIENT);
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
