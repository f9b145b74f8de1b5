/**
 * What a start builds: the answer schemas (src/routes/answers/*, src/admin/answers/*)
 * describe what the sandbox sends, for the OpenAPI documents, the test suite's answer check and
 * a fidelity comparison; the JSON Schema of what each request body's leaf takes on the wire
 * (src/domain/schemas/fields.ts) is for the documents only. Serving reads neither, so both are
 * made on first use (src/lazy.ts), not at start. The built server, spawned as users run it,
 * with a hook (test/support/zod-meta-log.mjs) that logs where in the bundle each schema with
 * metadata is built (every answer module gives its schemas descriptions with .meta()), and
 * where metadata is read (the JSON Schema generator reads every schema's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleMarks } from '../support/bundle-marks.js';
import { initPayload } from '../support/checkout-requests.js';
import { MINIMAL_UAT_CLIENT, postTokenOverHttp } from '../support/identity.js';
import { ROOT, spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('start-schemas-');

const HOOK = pathToFileURL(join(import.meta.dirname, '../support/zod-meta-log.mjs')).href;

/** Every answer module of src/. */
const ANSWER_MODULES = ['src/routes/answers', 'src/admin/answers'].flatMap((folder) => readdirSync(join(ROOT, folder)).map((file) => `${folder}/${file}`)).sort();
/** Where a leaf's JSON Schema is worked out. */
const LEAVES = 'src/domain/schemas/fields.ts';

/** The source a place of dist/ (`<file URL>:<line>`) comes from: in the bundle, the module whose code holds that line. */
function sourceOf(place: string): string {
  const [, url, line] = /^(.*):(\d+)$/.exec(place) ?? [];
  const file = fileURLToPath(url ?? '');
  return bundleMarks(file)?.filter((mark) => mark.line <= Number(line)).at(-1)?.source ?? file;
}

describe('a start builds what it serves with, the answer schemas on first use', () => {
  it('serving a token, a checkout and its view builds no answer schema and no leaf document; the documents build them all', async () => {
    const log = join(dir, 'meta.log');
    const readLog = join(dir, 'meta-read.log');
    const sandbox = await startSandbox(['--memory', '--now', '2026-06-01T00:00:00Z', '--scenario', 'minimal'], {
      NODE_OPTIONS: `--import=${HOOK}`,
      ZOD_META_LOG: log,
      ZOD_META_READ_LOG: readLog,
      // As users run it: the suite's answer check (on for spawned servers too) reads the schemas of every answer.
      CHECKOUT_SANDBOX_CHECK_ANSWERS: '0',
    });
    running.push(sandbox);
    const sources = (file: string): string[] => (existsSync(file) ? [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean).map(sourceOf))] : []);
    const builtBy = (): string[] => sources(log).filter((source) => ANSWER_MODULES.includes(source)).sort();
    const leavesDocumented = (): boolean => sources(readLog).includes(LEAVES);

    expect((await fetch(`${sandbox.url}/__admin/health`)).status).toBe(200);
    const token = await postTokenOverHttp(sandbox.url, 'uat', MINIMAL_UAT_CLIENT);
    expect(token.status).toBe(200);
    const bearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
    const init = await fetch(`${sandbox.url}/uat/api/checkouts`, { method: 'POST', headers: bearer, body: JSON.stringify(initPayload()) });
    expect(init.status).toBe(200);
    const { privateId } = ((await init.json()) as { data: { privateId: string } }).data;
    expect((await fetch(`${sandbox.url}/uat/api/checkouts/${privateId}`, { headers: bearer })).status).toBe(200);
    expect(builtBy()).toEqual([]);
    expect(leavesDocumented()).toBe(false);

    // The documents show every answer and body: each answer module builds its schemas now, and the leaves their documents.
    expect((await fetch(`${sandbox.url}/__admin/openapi.json`)).status).toBe(200);
    expect(builtBy()).toEqual(ANSWER_MODULES);
    expect(leavesDocumented()).toBe(true);
  });
});
