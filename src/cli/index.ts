/**
 * Command line: `npm start -- <flags>` / `npx checkout-sandbox <flags>`: the sandbox itself,
 * described here as every command is (src/cli/command.ts), or a subcommand (src/cli/commands.ts
 * loads it when asked for): `sign …` prints a SharedKey header (src/cli/sign.ts); `tls` and
 * `hosts` set up HTTPS on the real host names (src/cli/tls.ts); `record` and `diff` check the
 * sandbox against the real service (src/cli/record.ts, src/cli/diff.ts, src/fidelity/).
 */
import { parseFlags } from './args.js';
import { adminTokenLines, withAdminToken } from './admin-access.js';
import { banner } from './banner.js';
import { type Command, type Flag, PROGRAM, flagList, usageLine } from './command.js';
import { SUBCOMMAND_NAMES, loadSubcommand } from './commands.js';
import {
  DEFAULT_HOST,
  DEFAULT_JOURNAL_SIZE,
  DEFAULT_MAX_SANDBOXES,
  DEFAULT_SANDBOX_IDLE_MS,
  DEFAULT_STATE_FILE,
  MAX_JOURNAL_SIZE,
  OptionError,
  type SandboxOptions,
} from '../config.js';
import { flagOrEnv, instantValue, stringFlag, switchFlag, wholeNumberValue } from './flags.js';
import { type Env, LISTEN_FLAGS, SERVING_FLAGS, listenOptions } from './listen.js';
import { warnIfNodeIsOld } from '../node-version.js';
import { type Sandbox, createSandbox } from '../sandbox.js';
import { didYouMean } from '../spelling.js';
import { ScenarioError } from '../store/scenario.js';

/**
 * What a shared sandbox keeps in memory besides its main world: the library's maxSandboxes,
 * sandboxIdleMs and journalSize (src/config.ts), each with its environment variable.
 */
const BOUND = {
  'max-sandboxes': { option: 'maxSandboxes', env: 'SANDBOX_MAX_SANDBOXES', min: 0, max: 100_000, example: '50' },
  'sandbox-idle-ms': { option: 'sandboxIdleMs', env: 'SANDBOX_IDLE_MS', min: 1, max: 2 ** 31 - 1, example: '600000' },
  'journal-size': { option: 'journalSize', env: 'SANDBOX_JOURNAL_SIZE', min: 1, max: MAX_JOURNAL_SIZE, example: '200' },
} as const satisfies Record<string, { option: keyof SandboxOptions; env: string; min: number; max: number; example: string }>;

const BOUND_FLAGS = {
  'max-sandboxes': {
    type: 'string',
    value: '<n>',
    env: BOUND['max-sandboxes'].env,
    help: `isolated sandboxes live at once, more answer 429 (default ${DEFAULT_MAX_SANDBOXES})`,
  },
  'sandbox-idle-ms': {
    type: 'string',
    value: '<ms>',
    env: BOUND['sandbox-idle-ms'].env,
    help: `an isolated sandbox unused this long (real time) is disposed of\n(default ${DEFAULT_SANDBOX_IDLE_MS}, 30 min)`,
  },
  'journal-size': {
    type: 'string',
    value: '<n>',
    env: BOUND['journal-size'].env,
    help: `requests each sandbox's journal keeps (default ${DEFAULT_JOURNAL_SIZE})`,
  },
} as const satisfies Record<keyof typeof BOUND, Flag>;

/** The sandbox itself: `checkout-sandbox [flags]` (`npm start -- [flags]` in a clone). */
export const SANDBOX_COMMAND = {
  name: null,
  summary: 'start the sandbox',
  flags: {
    ...LISTEN_FLAGS,
    scenario: {
      type: 'string',
      value: '<name|path>',
      env: 'SANDBOX_SCENARIO',
      help: 'scenario from scenarios/ or a YAML file (default: default)',
    },
    state: { type: 'string', value: '<file>', env: 'SANDBOX_STATE', help: `state file (default ${DEFAULT_STATE_FILE})` },
    memory: { type: 'boolean', env: 'SANDBOX_MEMORY', help: 'keep state in memory only (nothing is written)' },
    reset: { type: 'boolean', env: 'SANDBOX_RESET', help: 'reseed the state from the scenario, discarding what was saved' },
    now: { type: 'string', value: '<ISO-8601>', env: 'SANDBOX_NOW', help: 'start the clock at this instant, ticking' },
    frozen: { type: 'boolean', env: 'SANDBOX_FROZEN', help: 'freeze the clock (at --now, or at the current time)' },
    ...BOUND_FLAGS,
    ...SERVING_FLAGS,
  },
} as const satisfies Command<Record<string, Flag>>;

/** The top-level --help: every command's usage line (from its own description), then the sandbox's flags. */
export async function topLevelHelp(): Promise<string> {
  const subcommands = await Promise.all(SUBCOMMAND_NAMES.map(async (name) => (await loadSubcommand(name))!.command));
  const usage = [SANDBOX_COMMAND, ...subcommands].flatMap((command) => [`  ${usageLine(command)}`, `      ${command.summary}`]);
  return [
    `${PROGRAM}: a local emulation of the checkout and order administration service (UAT and PROD)`,
    '',
    // npm start prints lines of its own: fine for the sandbox, not for a command whose output is captured.
    `Usage (npx ${PROGRAM} … where the package is installed, and in a clone; there npm start -- [flags] starts the sandbox too):`,
    ...usage,
    `Each command's own flags: ${PROGRAM} <command> --help.`,
    '',
    'Flags:',
    flagList(SANDBOX_COMMAND.flags),
    '',
    'Logs are human-readable on a terminal and JSON lines otherwise (LOG_FORMAT=json|pretty to choose).',
    'Exit codes: 0 stopped by SIGINT/SIGTERM; 1 could not start (e.g. a port in use); 2 a usage error',
    '(an unknown flag or command, a bad value, an unknown scenario, an empty admin token).',
    '',
  ].join('\n');
}

export type CliArgs = { help: true } | { help: false; options: SandboxOptions };

/** Flags → sandbox options (flags override environment variables). Throws FlagError on a bad flag or value. */
export function parseCliArgs(argv: string[], env: Env = {}): CliArgs {
  const { values } = parseFlags(argv, SANDBOX_COMMAND);
  if (values.help) return { help: true };

  const options: SandboxOptions = { statePath: DEFAULT_STATE_FILE, ...listenOptions(values, env) };
  // The world: flags, else their environment variables (checked as strictly, naming the variable).
  const flags = SANDBOX_COMMAND.flags;
  const text = (name: keyof typeof flags) => stringFlag(values, env, name, flags[name]);
  const on = (name: keyof typeof flags) => switchFlag(values, env, name, flags[name]);
  const scenario = text('scenario');
  if (scenario !== undefined) options.scenario = scenario.value;
  const statePath = text('state');
  if (statePath !== undefined) options.statePath = statePath.value;
  if (on('memory')) options.statePath = null;
  if (on('reset')) options.reset = true;
  const now = text('now');
  if (now !== undefined) options.now = instantValue(now.source, now.value);
  // SANDBOX_FROZEN=0 says "ticking" even where the scenario freezes its clock.
  const frozen = flagOrEnv(values, env, 'frozen', flags.frozen);
  if (frozen !== undefined) options.frozen = frozen.value === true;
  for (const [flag, bound] of Object.entries(BOUND) as [keyof typeof BOUND, (typeof BOUND)[keyof typeof BOUND]][]) {
    const given = text(flag);
    if (given !== undefined) options[bound.option] = wholeNumberValue(given.source, given.value, bound.min, bound.max, bound.example);
  }
  return { help: false, options };
}

export async function main(argv: string[]): Promise<number> {
  // npm's engines warning scrolls away: on an older Node, say it in one line before anything else.
  warnIfNodeIsOld(argv);
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-')) {
    // Subcommands load what they need only when asked for, so a server's start never loads node-forge and the like.
    const subcommand = await loadSubcommand(first);
    if (subcommand) return subcommand.run(argv.slice(1));
    process.stderr.write(
      `${PROGRAM}: unknown command '${first}'.${didYouMean(first, SUBCOMMAND_NAMES)} Commands: ${SUBCOMMAND_NAMES.join(', ')}; ` +
        'without one it starts the sandbox (flags start with --). Run with --help for every flag.\n',
    );
    return 2;
  }

  let args: CliArgs;
  try {
    args = parseCliArgs(argv, process.env);
  } catch (error) {
    process.stderr.write(`${PROGRAM}: ${(error as Error).message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(await topLevelHelp());
    return 0;
  }
  const { options, made } = withAdminToken(args.options);

  let sandbox: Sandbox | undefined;
  try {
    sandbox = await createSandbox(options, { logStream: 'stdout' });
    await sandbox.listen();
  } catch (error) {
    process.stderr.write(`${PROGRAM}: ${startFailure(error as NodeJS.ErrnoException, options)}\n`);
    await sandbox?.close();
    // A scenario that does not exist or does not parse is a bad --scenario value: a usage error, as a bad flag is.
    return error instanceof ScenarioError || error instanceof OptionError ? 2 : 1;
  }
  // Listen for signals before the banner says "ready": a supervisor may stop us the moment it reads it.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write(
    banner(sandbox, {
      tls: tlsLines(sandbox, options),
      admin: adminTokenLines(made, options.adminToken !== undefined, sandbox.listenUrl()),
    }),
  );
  await stopped;
  await sandbox.close();
  return 0;
}

/** A busy or forbidden port is the usual start-up failure: say which port and the way out. */
function startFailure(error: NodeJS.ErrnoException, options: SandboxOptions): string {
  const err = error as NodeJS.ErrnoException & { port?: number; address?: string };
  if (err.code === 'EADDRINUSE' || err.code === 'EACCES') {
    const port = err.port ?? options.port;
    const what = options.tls && port === (options.tls.port ?? 443) ? '--tls-port' : '--port';
    const why = err.code === 'EADDRINUSE' ? 'is already in use (another sandbox?)' : 'may not be bound by this user';
    return `port ${port} on ${err.address ?? options.host ?? DEFAULT_HOST} ${why}. Stop what holds it, choose another ${what}, or ${what} 0 for a free port (the banner prints it).`;
  }
  return error.message;
}

function tlsLines(sandbox: Sandbox, options: SandboxOptions): string[] {
  const port = sandbox.tlsPort();
  if (port === null || !options.tls) return [];
  const suffix = port === 443 ? '' : `:${port}`;
  const made = sandbox.tlsCreated().length > 0 ? ` (made at this start in ${options.tls.dir}/)` : '';
  return [
    `  https:    port ${port}: https://api.uat.walleydev.com${suffix} and every real host name (SNI)`,
    `            trust the CA${made}: ${options.tls.dir}/ca.crt, or GET ${sandbox.listenUrl()}/__admin/tls/ca.crt`,
    `            /etc/hosts lines: ${PROGRAM} hosts`,
  ];
}
