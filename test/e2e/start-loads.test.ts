/**
 * What a start loads: jose and the keys on the first token, not at start; the
 * shipped scenario and hosts file from their build-time JSON, so no YAML parser; faker only
 * for a scenario that seeds people; of zod's locales, English only; its bundle in ASCII (scripts/build.mjs). The built server, spawned as users run it, with a
 * hook that logs every module it loads.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleMarks } from '../support/bundle-marks.js';
import { MINIMAL_UAT_CLIENT, postTokenOverHttp } from '../support/identity.js';
import { ROOT, type Spawned, spawnScope, startSandbox } from '../support/spawn.js';

const { dir, running } = spawnScope('start-loads-');

const HOOK = pathToFileURL(join(import.meta.dirname, '../support/module-log.mjs')).href;

async function start(name: string, args: string[]): Promise<{ sandbox: Spawned; loaded: () => string[] }> {
  const log = join(dir, `${name}.log`);
  const sandbox = await startSandbox(['--memory', '--now', '2026-06-01T00:00:00Z', ...args], {
    NODE_OPTIONS: `--import=${HOOK}`,
    MODULE_LOG: log,
  });
  running.push(sandbox);
  return { sandbox, loaded: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/** The sources a loaded file holds: a file of the bundle, the modules it carries; any other file, itself. */
function sources(url: string): string[] {
  const marks = url.startsWith('file:') ? bundleMarks(fileURLToPath(url)) : null;
  return marks ? marks.map((mark) => pathToFileURL(join(ROOT, mark.source)).href) : [url];
}

/** A package's code that was loaded (its package.json, read for a version, is not code). */
const from = (loaded: string[], pkg: string): string[] => loaded.flatMap(sources).filter((url) => url.includes(`/node_modules/${pkg}/`) && !url.endsWith('/package.json'));

describe('a start loads what it serves, the rest on first use', () => {
  it('minimal: no jose (beyond its JWT decoder), no YAML parser, no faker; jose with the first token', async () => {
    const { sandbox, loaded } = await start('minimal', ['--scenario', 'minimal']);
    expect((await fetch(`${sandbox.url}/__admin/health`)).status).toBe(200);
    const atStart = loaded();
    expect(from(atStart, 'yaml')).toEqual([]);
    expect(from(atStart, '@faker-js/faker')).toEqual([]);
    // The bearer middleware reads a token's claims unverified (jose/jwt/decode); signing and verifying wait.
    expect(from(atStart, 'jose').filter((url) => /\/(jwt\/(sign|verify)|key\/import)\.js$/.test(url))).toEqual([]);

    const token = await postTokenOverHttp(sandbox.url, 'uat', MINIMAL_UAT_CLIENT);
    expect(token.status).toBe(200);
    expect(from(loaded(), 'jose').some((url) => url.endsWith('/jwt/sign.js'))).toBe(true);
    expect(from(loaded(), 'yaml')).toEqual([]);
  });

  it('default: no YAML parser', async () => {
    const { sandbox, loaded } = await start('default', []);
    expect((await fetch(`${sandbox.url}/__admin/health`)).status).toBe(200);
    expect(from(loaded(), 'yaml')).toEqual([]);
  });

  it('runs the bundle: a few files of dist/ carry the ~190 modules of src/ and hono, zod, lowdb and pino a start needs', async () => {
    const { sandbox, loaded } = await start('bundle', []);
    expect((await fetch(`${sandbox.url}/__admin/health`)).status).toBe(200);
    const files = loaded().filter((url) => url.startsWith(pathToFileURL(join(ROOT, 'dist')).href));
    expect(files.length).toBeLessThanOrEqual(30);
    expect(files.every((url) => /\/dist\/(main|chunks\/[^/]+)\.js$/.test(url))).toBe(true);
    const carried = files.flatMap(sources);
    expect(carried.filter((url) => url.includes('/src/')).length).toBeGreaterThan(100);
    for (const pkg of ['hono', 'zod', 'lowdb', 'pino']) {
      expect(loaded().filter((url) => url.includes(`/node_modules/${pkg}/`))).toEqual([]);
      expect(from(loaded(), pkg).length).toBeGreaterThan(0);
    }
  });

  it("zod speaks English only: the bundle carries its English messages and none of its other locales'", async () => {
    const { sandbox, loaded } = await start('locales', []);
    const refused = await fetch(`${sandbox.url}/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ minutes: 5 }) });
    expect(refused.status).toBe(400);
    // zod's own English wording of the problem, from its `en` locale.
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('Unrecognized key: "minutes"');
    const locales = from(loaded(), 'zod').filter((url) => url.includes('/v4/locales/'));
    expect(locales.map((url) => url.replace(/^.*\/locales\//, ''))).toEqual(['en.js']);
  });

  it("a user's scenario file is parsed as YAML, the parser loaded for it", async () => {
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, readFileSync(join(ROOT, 'scenarios', 'minimal.yaml'), 'utf8').replace('name: minimal', 'name: mine'));
    const { sandbox, loaded } = await start('by-path', ['--scenario', file]);
    expect(await (await fetch(`${sandbox.url}/__admin/health`)).json()).toMatchObject({ scenario: 'mine' });
    expect(from(loaded(), 'yaml').length).toBeGreaterThan(0);
  });

  it('loads a bundle written in ASCII (V8 keeps a module\'s source; one wide character doubles it), whose text still reads … where the source wrote it', async () => {
    const files = [join(ROOT, 'dist/main.js'), ...readdirSync(join(ROOT, 'dist/chunks')).map((name) => join(ROOT, 'dist/chunks', name))];
    const beyondAscii = files.filter((file) => /[^\t\n\r\x20-\x7e]/.test(readFileSync(file, 'latin1')));
    expect(beyondAscii).toEqual([]);
    const { sandbox } = await start('ascii', []);
    const dashboard = await (await fetch(`${sandbox.url}/__admin/ui`)).text();
    expect(dashboard).toContain('Loading…');
  });
});
