/**
 * What the bundle makes of the build's validated records (src/yaml-file.ts, recordedValidation):
 * an unedited shipped file is taken as its build recorded it, without validating; an edited
 * one is validated as ever, so an invalid edit still stops the start with its error; a record
 * of another build is not taken. Each case runs the built bundle from a copy of the package's
 * built package (dist/ without the API reference's renderer and tsc's maps and declarations, the
 * YAML), so the shipped files and their records can be edited without touching the ones other
 * tests run.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidatedYaml } from '../../src/yaml-file.js';
import { ROOT } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'start-validated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of what a start reads, as a package root. */
function copyPackage(name: string): string {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  for (const path of ['package.json', 'scenarios', 'fixtures']) cpSync(join(ROOT, path), join(root, path), { recursive: true });
  const needed = (source: string): boolean => !source.includes(`${sep}swagger-ui`) && !/\.(d\.ts|js\.map)$/.test(source);
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true, filter: needed });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

function editRecord(root: string, path: string, edit: (record: ValidatedYaml & { value: Record<string, Record<string, unknown>> }) => void): void {
  const file = join(root, 'dist', 'parsed', 'validated', `${path}.json`);
  const record = JSON.parse(readFileSync(file, 'utf8')) as ValidatedYaml & { value: Record<string, Record<string, unknown>> };
  edit(record);
  writeFileSync(file, JSON.stringify(record));
}

/** Starts the copy's bundle; resolves with its banner, or with its output once it exits. */
function start(root: string): Promise<{ ready: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'main.js'), '--port', '0', '--memory', '--now', '2026-06-01T00:00:00Z', '--log-level', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      // The banner's last line: every line before it is written.
      if (/\n {2}start: .*\n/.test(output)) child.kill();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => resolve({ ready: output.includes('ready on http://'), output }));
  });
}

// The tampered records: a shutdown and a host name the shipped files do not have, which the banner shows.
const tamper = (root: string): void => {
  editRecord(root, 'scenarios/default.yaml', (record) => {
    record.value.retirement = { ...record.value.retirement, shutdownAt: '2031-01-01T00:00:00Z' };
  });
  editRecord(root, 'fixtures/hosts.yaml', (record) => {
    record.value.uat = { ...record.value.uat, api: { host: 'recorded.example', port: 443, aliases: [] } };
  });
};

describe("a start takes its build's validated record of an unedited shipped file, and validates anything else", () => {
  it('unedited: the recorded values, not validated again', async () => {
    const root = copyPackage('unedited');
    tamper(root);
    const { ready, output } = await start(root);
    expect(ready, output).toBe(true);
    expect(output).toContain('open until 2031-01-01T00:00:00.000Z');
    expect(output).toContain('(recorded.example)');
  });

  it('a record of another build is not taken', async () => {
    const root = copyPackage('other-build');
    tamper(root);
    for (const path of ['scenarios/default.yaml', 'fixtures/hosts.yaml']) editRecord(root, path, (record) => (record.build = 'another build'));
    const { ready, output } = await start(root);
    expect(ready, output).toBe(true);
    expect(output).toContain('open until 2026-10-30T23:00:00.000Z');
    expect(output).not.toContain('recorded.example');
  });

  it('an edited scenario is validated again: an invalid edit stops the start with its error', async () => {
    const root = copyPackage('edited-scenario');
    tamper(root);
    const file = join(root, 'scenarios', 'default.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^seed: .*$/m, 'seed: not a number'));
    const { ready, output } = await start(root);
    expect(ready).toBe(false);
    expect(output).toMatch(/default\.yaml: invalid scenario\n\s+seed: /);
  });

  it('an edited hosts file is validated again: an invalid edit stops the start with its error', async () => {
    const root = copyPackage('edited-hosts');
    tamper(root);
    const file = join(root, 'fixtures', 'hosts.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/port: \d+/, 'port: 0'));
    const { ready, output } = await start(root);
    expect(ready).toBe(false);
    expect(output).toMatch(/hosts\.yaml: .*port/);
  });
});
