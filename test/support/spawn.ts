/**
 * Spawns the sandbox as `npm start -- <flags>` does (node dist/main.js: the built JavaScript,
 * brought up to date by vitest's globalSetup), waits for the banner and returns its base URL.
 * Used by the end-to-end tests only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** A port nothing listens on now, for a server started on it later (a page's stated port swapped for a free one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled CLI entry, what `npm start`, the bin and the Docker image run. */
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** What a spawned sandbox writes when it was about to look a name up on the network (test/support/local-only.mjs). */
const LOCAL_ONLY = fileURLToPath(new URL('./local-only.mjs', import.meta.url));
const REFUSED_LOOKUP = 'local-only: refused to look up';

/** Node's arguments for a spawned sandbox: names are never looked up on the network. */
function localOnly(script: string, args: string[]): string[] {
  return ['--import', LOCAL_ONLY, script, ...args];
}

/** Fails when a spawned sandbox tried to look a name up on the network. */
function expectLocalOnly(output: string): void {
  const refused = output.split('\n').filter((line) => line.startsWith(REFUSED_LOOKUP));
  if (refused.length > 0)
    throw new Error(`a spawned sandbox tried to look names up on the network (point its calls at local addresses): ${refused.join('; ')}`);
}

export interface Spawned {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Milliseconds from spawn to the banner. */
  readyMs: number;
  /** The sandbox's own process (from its banner). */
  pid: number;
}

/**
 * A test file's temporary folder and the servers it spawns (push them to `running`): after the
 * file's tests the servers are stopped and the folder removed. Call it at the file's top level.
 */
export function spawnScope(prefix: string): { dir: string; running: Spawned[] } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const running: Spawned[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, running };
}

export async function startSandbox(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Spawned> {
  return startCommand([], args, env);
}

/** A long-running subcommand (`record`), with the same free port and quiet logs as startSandbox. */
export async function startCommand(
  subcommand: string[],
  args: string[],
  env: NodeJS.ProcessEnv = {},
  via: string[] = [],
): Promise<Spawned> {
  const started = performance.now();
  // `via` runs it through another command first, e.g. ['ip', 'netns', 'exec', NAME] (which execs node in place).
  const [command, ...before] = [...via, process.execPath];
  const child = spawn(command!, [...before, ...localOnly(MAIN, [...subcommand, '--port', '0', '--log-level', 'warn', ...args])], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 15_000);
    const check = (): void => {
      const match = /ready on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}:\n${output}`));
    });
  });
  const readyMs = performance.now() - started;
  const pid = Number(/pid: (\d+)/.exec(output)?.[1]);
  return {
    child,
    url,
    readyMs,
    pid,
    output: () => output,
    // Signal the sandbox process itself, as a process manager would.
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) process.kill(pid, signal);
      const code = await exited;
      expectLocalOnly(output);
      return code;
    },
  };
}

/** Runs the CLI to completion (for start-up failures), resolving with exit code and output. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, localOnly(MAIN, args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  expectLocalOnly(output);
  return { code, output };
}
