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

/** '>=24.11' → [24, 11, 0]; null for a range of another form (nothing is then said). */
export function minimumOf(range: string): [number, number, number] | null {
  const match = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

function older(version: string, minimum: readonly number[]): boolean {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const [have, need] = [parts[i] ?? 0, minimum[i] ?? 0];
    if (have !== need) return have < need;
  }
  return false;
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
 * The sentence for a Node older than `range` says, or null when it is new enough (or the
 * range is not of the `>=x.y` form this package uses).
 */
export function nodeVersionProblem(running: string, range: string | null, invocation: Invocation): string | null {
  const minimum = range === null ? null : minimumOf(range);
  if (minimum === null || !older(running, minimum)) return null;
  const node = `node@${minimum[0]}`;
  return (
    `checkout-sandbox needs Node.js ${range} (package.json engines); this is ${running.replace(/^v?/, 'v')}. ` +
    `Run it on Node ${minimum[0]} without installing anything: npx -y -p ${node} -- ${commandOf(invocation)}`
  );
}

/** The sentence for this process, or null when its Node is new enough. */
export function runningNodeProblem(args?: readonly string[]): string | null {
  return nodeVersionProblem(process.versions.node, enginesRange(), {
    env: process.env,
    argv: process.argv,
    cwd: process.cwd(),
    ...(args ? { args } : {}),
  });
}

let warned = false;

/** Writes the sentence to stderr, once per process, when this Node is older than engines says. */
export function warnIfNodeIsOld(args?: readonly string[]): void {
  if (warned) return;
  warned = true;
  const problem = runningNodeProblem(args);
  if (problem !== null) process.stderr.write(`warning: ${problem}\n`);
}
