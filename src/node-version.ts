/**
 * The Node.js this package needs is stated once, in package.json's `engines`. On an older Node
 * npm only prints a warning that scrolls away, and the sandbox then fails in ways that do not
 * say why; so the CLI, the library and the test suite say it themselves, in one line and the
 * same words, naming the command that runs the same thing on the right Node without installing
 * anything (npx fetches the `node` package, which ships the official binaries).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** `engines.node` of this package's package.json, read once. */
let engines: string | null | undefined;
function enginesRange(): string | null {
  if (engines === undefined) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines?: { node?: string } };
    engines = pkg.engines?.node ?? null;
  }
  return engines;
}

/** A major version's range in engines: `^22.13` (that line from 22.13 on) or `>=24.11` (from 24.11, every later major too). */
export interface NodeLine {
  minimum: [number, number, number];
  /** The first major it no longer admits; null when every later major is admitted. */
  below: number | null;
}

/**
 * '^22.13 || >=24.11' → the lines it admits, oldest first; null for a range of another form
 * (nothing is then said). `^` is read for majors from 1 on, which every Node line is.
 */
export function linesOf(range: string): NodeLine[] | null {
  const lines: NodeLine[] = [];
  for (const part of range.split('||')) {
    const match = /^\s*(\^|>=)\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!match) return null;
    const minimum: [number, number, number] = [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)];
    lines.push({ minimum, below: match[1] === '^' ? minimum[0] + 1 : null });
  }
  return lines.sort((a, b) => a.minimum[0] - b.minimum[0]);
}

function parts(version: string): number[] {
  return version.replace(/^v/, '').split('.').map(Number);
}

function older(version: string, minimum: readonly number[]): boolean {
  const have = parts(version);
  for (let i = 0; i < 3; i++) {
    const [got, need] = [have[i] ?? 0, minimum[i] ?? 0];
    if (got !== need) return got < need;
  }
  return false;
}

function admits(line: NodeLine, version: string): boolean {
  const major = parts(version)[0] ?? 0;
  return !older(version, line.minimum) && (line.below === null || major < line.below);
}

/** The major to run on instead: the running one's own line when the range has it (a later release of it will do), else the newest. */
function suggestedMajor(lines: readonly NodeLine[], version: string): number {
  const major = parts(version)[0];
  return lines.find((line) => line.minimum[0] === major)?.minimum[0] ?? lines.at(-1)!.minimum[0];
}

/** How the running process was started, as a person would type it again. */
export interface Invocation {
  env: Readonly<Record<string, string | undefined>>;
  /** process.argv: the Node binary, the script, then its arguments. */
  argv: readonly string[];
  cwd: string;
  /** The arguments worth repeating (the CLI's flags); none for the library or the test suite. */
  args?: readonly string[];
}

/** `npm start -- --port 4011`, `npm test`, `npx checkout-sandbox --memory`, `node dist/main.js`. */
export function commandOf(invocation: Invocation): string {
  const { env, argv, cwd } = invocation;
  const args = (invocation.args ?? []).map(shellWord);
  const withArgs = (command: string, separator = false): string =>
    args.length ? `${command}${separator ? ' --' : ''} ${args.join(' ')}` : command;
  const event = env.npm_lifecycle_event;
  switch (env.npm_command) {
    case 'start':
    case 'test':
      return withArgs(`npm ${env.npm_command}`, true);
    case 'run-script':
    case 'run':
      return withArgs(`npm run ${event}`, true);
    case 'exec':
      // npx sets the command's name (quoted) as the lifecycle script.
      return withArgs(`npx ${(env.npm_lifecycle_script ?? '').replace(/^'(.*)'$/, '$1')}`);
    default:
      // `node -e …` and a REPL have no script to name.
      return argv[1] ? withArgs(`node ${shellWord(relative(cwd, argv[1]) || '.')}`) : '<your command>';
  }
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The sentence for a Node that `range` does not admit (older than its lines, or between them),
 * or null when it does (or the range is not of the `^x.y || >=x.y` form this package uses).
 */
export function nodeVersionProblem(running: string, range: string | null, invocation: Invocation): string | null {
  const lines = range === null ? null : linesOf(range);
  if (lines === null || lines.some((line) => admits(line, running))) return null;
  const major = suggestedMajor(lines, running);
  return (
    `checkout-sandbox needs Node.js ${range} (package.json engines); this is ${running.replace(/^v?/, 'v')}. ` +
    `Run it on Node ${major} without installing anything: npx -y -p node@${major} -- ${commandOf(invocation)}`
  );
}

/** The sentence for this process, or null when engines admits its Node. */
export function runningNodeProblem(args?: readonly string[]): string | null {
  return nodeVersionProblem(process.versions.node, enginesRange(), {
    env: process.env,
    argv: process.argv,
    cwd: process.cwd(),
    ...(args ? { args } : {}),
  });
}

let warned = false;

/** Writes the sentence to stderr, once per process, when engines does not admit this Node. */
export function warnIfNodeIsOld(args?: readonly string[]): void {
  if (warned) return;
  warned = true;
  const problem = runningNodeProblem(args);
  if (problem !== null) process.stderr.write(`warning: ${problem}\n`);
}
