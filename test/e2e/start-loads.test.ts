/**
 * What a start loads: jose's signer waits for the first token, faker for a scenario that
 * seeds people. The library entry (dist/index.js) in a fresh process, with a hook that logs
 * every module the process loads (test/support/module-log.mjs), so the check reads which
 * packages ran, whatever the build does with them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MINIMAL_UAT_CLIENT, postTokenOverHttp } from '../support/identity.js';
import { ROOT, spawnScope } from '../support/spawn.js';

const { dir } = spawnScope('start-loads-');
const HOOK = pathToFileURL(join(import.meta.dirname, '../support/module-log.mjs')).href;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill()));

/** A sandbox of `scenario` started through the library entry; the modules loaded so far, at any time. */
async function start(scenario: string): Promise<{ url: string; loaded: () => string[] }> {
  const log = join(dir, `${scenario}.log`);
  const script = `
    const { createSandbox } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/index.js')).href)});
    const sandbox = await createSandbox({ scenario: ${JSON.stringify(scenario)}, logLevel: 'silent', now: '2026-06-01T00:00:00Z' });
    const { url } = await sandbox.listen();
    process.stdout.write('ready on ' + url + '\\n');`;
  const child = spawn(process.execPath, ['--import', HOOK, '--input-type=module', '--eval', script], {
    env: { ...process.env, MODULE_LOG: log },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready on (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { url, loaded: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/** A package's code that was loaded (its package.json, read for a version, is not code). */
const from = (loaded: string[], pkg: string): string[] =>
  loaded.filter((url) => url.includes(`/node_modules/${pkg}/`) && !url.endsWith('/package.json'));

describe('a start loads what it serves, the rest on first use', () => {
  it("minimal: neither jose's signer nor faker at start; jose's signer with the first token", async () => {
    const { url, loaded } = await start('minimal');
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
    const atStart = loaded();
    expect(from(atStart, '@faker-js/faker')).toEqual([]);
    // The bearer middleware reads a token's claims unverified (jose/jwt/decode); signing and verifying wait.
    expect(from(atStart, 'jose').filter((url) => /\/(jwt\/(sign|verify)|key\/import)\.js$/.test(url))).toEqual([]);

    const token = await postTokenOverHttp(url, 'uat', MINIMAL_UAT_CLIENT);
    expect(token.status).toBe(200);
    expect(from(loaded(), 'jose').some((url) => url.endsWith('/jwt/sign.js'))).toBe(true);
  });
});
