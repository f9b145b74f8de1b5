/**
 * docs/kubernetes.md's block for pipelines (a world each, one world's clock, its journal), run
 * as a reader runs it against a local sandbox with an admin token, as the page says it can be:
 * the page's ```sh runnable block in one bash, only the address changed. It must touch nothing
 * but its own worlds: the main world is the one other pipelines share.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, spawnScope, startSandbox } from '../support/spawn.js';

const DOCUMENTED = 'http://127.0.0.1:4010';
const page = readFileSync(join(ROOT, 'docs/kubernetes.md'), 'utf8');
const { running } = spawnScope('sandbox-kubernetes-page-');

function runnableBlock(): string {
  const blocks = [...page.matchAll(/^```sh runnable\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
  expect(blocks, 'docs/kubernetes.md has one runnable block').toHaveLength(1);
  return blocks[0]!;
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('docs/kubernetes.md: a world per pipeline', () => {
  it('runs as pasted against a local sandbox with a token, and leaves the main world as it was', async () => {
    // The page names the local sandbox it runs against; the test starts that one.
    const local = /`SANDBOX_ADMIN_TOKEN=(\S+) npm start -- (--memory)`/.exec(page);
    expect(local).not.toBeNull();
    const token = local![1]!;
    const sandbox = await startSandbox([local![2]!], { SANDBOX_ADMIN_TOKEN: token });
    running.push(sandbox);
    const admin = { authorization: `Bearer ${token}` };
    const mainWorld = async (): Promise<unknown> => ({
      checkouts: ((await (await fetch(`${sandbox.url}/__admin/uat/checkouts`, { headers: admin })).json()) as { checkouts: unknown[] })
        .checkouts.length,
      frozen: ((await (await fetch(`${sandbox.url}/__admin/clock`, { headers: admin })).json()) as { frozen: boolean }).frozen,
      worlds: ((await (await fetch(`${sandbox.url}/__admin/sandboxes`, { headers: admin })).json()) as { sandboxes: unknown[] }).sandboxes
        .length,
    });
    const before = await mainWorld();

    const script = runnableBlock();
    expect(script).toContain(`SANDBOX=${DOCUMENTED}`);
    const { code, stdout, stderr } = await bash(script.replaceAll(DOCUMENTED, sandbox.url), { SANDBOX_ADMIN_TOKEN: token });
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });

    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ok');
    expect(lines[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.slice(2)).toEqual([
      '1',
      '0',
      '2026-10-31T12:00:00.000Z',
      '2026-10-30T12:00:00.000Z',
      'false',
      '/checkouts',
      '1',
      '200',
      '200',
    ]);
    expect(await mainWorld()).toEqual(before);
  }, 60_000);
});
