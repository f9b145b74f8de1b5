/**
 * The processes the benchmarks start: a server spawned and awaited until its ready line, the
 * built sandbox with the arguments users run it with, and a process's resident set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { World } from './cases.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The built sandbox; BENCH_MAIN runs another build (an older one, to compare). */
export const MAIN = process.env.BENCH_MAIN ?? join(ROOT, 'dist', 'main.js');
/** The sandbox clock's start in every benchmark. */
export const NOW = '2026-06-01T00:00:00Z';
/** What a server's output is kept for: the ready line and the reason it exited. Request lines beyond it are read and dropped. */
const OUTPUT_KEPT = 64 * 1024;

/** How the sandbox is started: as users run it, or with the request log off. */
export type Flags = 'default' | 'warn';
const FLAG_ARGS: Record<Flags, string[]> = { default: [], warn: ['--log-level', 'warn'] };

export interface Server {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Spawns a server and waits for its ready line. With `logFile`, its stdout (the request log at
 * default flags) goes to that file, as a CI job's log would, and is read here only for the
 * ready line: read through a pipe, the log's data events would run in this process, beside
 * autocannon's client, and slow the client rather than the server.
 */
export function spawnServer(
  args: string[],
  ready: RegExp,
  toUrl: (match: RegExpExecArray) => string,
  logFile?: string,
  keepLog = false,
): Promise<Server & { readyMs: number }> {
  const started = performance.now();
  const out = logFile === undefined ? 'pipe' : openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', out, 'pipe'] });
  if (typeof out === 'number') closeSync(out); // the child holds its own copy
  let output = '';
  const keep = (chunk: Buffer): void => {
    if (output.length < OUTPUT_KEPT) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr!.on('data', keep);
  const everything = (): string => (logFile === undefined ? output : `${head(logFile)}${output}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')}: not ready in 60 s\n${everything()}`)), 60_000);
    const poll = setInterval(() => check(), 5);
    const check = (): void => {
      const match = ready.exec(everything());
      if (!match) return;
      clearTimeout(timer);
      clearInterval(poll);
      child.stdout?.off('data', check);
      resolve({
        url: toUrl(match),
        pid: child.pid!,
        child,
        readyMs: performance.now() - started,
        output: everything,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(killer);
          if (logFile !== undefined && !keepLog) rmSync(logFile, { force: true });
        },
      });
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`${args.join(' ')} exited with ${child.exitCode ?? child.signalCode}:\n${everything()}`));
    });
  });
}

/** The first OUTPUT_KEPT bytes of a file (the banner and the first lines). */
function head(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(OUTPUT_KEPT);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, OUTPUT_KEPT, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The built sandbox as users run it: `node dist/main.js` on a free port, the clock at NOW, the
 * world's scenario, in memory or on a fresh state file; its stdout (the request log) into
 * `logFile`, removed when it stops unless `keepLog`. `nodeArgs` go to node before the script
 * (a profile, a GC trace).
 */
export function sandboxProcess(
  world: World,
  stateFile: string | null,
  flags: Flags,
  logFile: string,
  options: { nodeArgs?: string[]; keepLog?: boolean } = {},
): Promise<Server & { readyMs: number }> {
  const args = [...(options.nodeArgs ?? []), MAIN, '--port', '0', ...FLAG_ARGS[flags], '--now', NOW, '--scenario', world.scenario];
  args.push(...(stateFile === null ? ['--memory'] : ['--state', stateFile, '--reset']));
  return spawnServer(args, /ready on (http:\/\/[\d.]+:\d+)/, (m) => m[1]!, logFile, options.keepLog);
}

/** Resident set of a process in MB, from /proc (Linux); NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}
