/**
 * The README's quickstart, run as a newcomer runs it: every ```sh quickstart block, in order,
 * in one bash, against a sandbox started as `npm start` with a fresh state file. Only the
 * address changes: the blocks' http://127.0.0.1:4010 becomes the spawned sandbox's URL.
 * The reference pages' ```sh runnable blocks are run the same way.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, type Spawned, startSandbox } from '../support/spawn.js';

const DOCUMENTED = 'http://127.0.0.1:4010';

/** The bodies of the fenced blocks whose info string is `sh <tag>`, in document order. */
function taggedBlocks(markdown: string, tag: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`sh ${tag}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1] ?? '');
}

function runBash(script: string, cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-quickstart-'));
let sandbox: Spawned | undefined;
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('README quickstart', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = taggedBlocks(readme, 'quickstart');

  it('starts with the two commands: install and start, install and test', () => {
    const first = /^```sh\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? '';
    expect(first).toContain('npm install && npm start');
    expect(first).toContain('npm ci && npm test');
  });

  it('has blocks that address the sandbox only through $SANDBOX', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks[0]).toContain(`SANDBOX=${DOCUMENTED}`);
    // Any other spelling of the address would not follow the test's (or a reader's) port.
    const script = blocks.join('\n').replace(`SANDBOX=${DOCUMENTED}`, '');
    expect(script).not.toMatch(/4010|localhost|127\.0\.0\.1/);
  });

  it('needs nothing of the clone: no npx, no repository path', () => {
    expect(blocks.join('\n')).not.toMatch(/\bnpx\b|\bnpm\b|\.\/|scripts\/|dist\//);
  });

  it('runs top to bottom against a freshly started sandbox, from a directory outside the clone', async () => {
    sandbox = await startSandbox(['--state', join(dir, 'state.json')]);
    const script = blocks.join('\n').replaceAll(DOCUMENTED, sandbox.url);
    const elsewhere = mkdtempSync(join(tmpdir(), 'sandbox-quickstart-cwd-'));
    const { code, stdout, stderr } = await runBash(script, elsewhere);
    rmSync(elsewhere, { recursive: true, force: true });
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });

    expect(stdout).toContain('"status":"reset"');
    expect(stdout).toContain('"status":"ok"');
    expect(stdout).toMatch(/token: eyJ/);
    expect(stdout).toMatch(/checkout: [0-9a-f-]{36}/);
    expect(stdout).toContain('"status":"Initialized"');
    expect(stdout).toMatch(/^ORD-1-B$/m); // the reference set over SharedKey, read back over SharedKey
    expect(stdout).toMatch(/^PurchaseCompleted$/m);
    expect(stdout).toMatch(/^HTTP\/1\.1 202 Accepted/m);
    expect(stdout).toMatch(/^Activated$/m);
    expect(stdout).toContain('Token_Expired');
    // The last call puts the clock back on the machine's time.
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/"frozen":false/);
  }, 60_000);
});

describe('docs/admin-api.md examples', () => {
  it('run in order against the sandbox, every call answering without an error', async () => {
    const page = readFileSync(join(ROOT, 'docs/admin-api.md'), 'utf8');
    const blocks = taggedBlocks(page, 'runnable');
    expect(blocks).toHaveLength(1);
    const admin = await startSandbox(['--memory']);
    try {
      const { code, stdout, stderr } = await runBash(blocks.join('\n').replaceAll(DOCUMENTED, admin.url));
      expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).not.toContain('"error"');
      expect(stdout).toContain('"tokenLifetimeSeconds":60');
      expect(stdout).toContain('"rateLimit":{"requests":5,"perSeconds":60}');
      expect(stdout).toContain('"now":"2026-10-30T23:01:00.000Z"');
    } finally {
      await admin.stop();
    }
  }, 60_000);
});
