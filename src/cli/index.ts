/**
 * Command line: `npm start -- <flags>` / `npx checkout-sandbox <flags>`.
 * Subcommands: `sign …` prints a SharedKey header (src/cli/sign.ts); `tls` and `hosts` set up
 * HTTPS on the real host names (src/cli/tls.ts); `record` and `diff` check the sandbox against
 * the real service (src/cli/record.ts, src/cli/diff.ts, src/fidelity/).
 */
import { parseFlags } from './args.js';
import { banner } from './banner.js';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_STATE_FILE, OptionError, type SandboxOptions, optionsFromEnv } from '../config.js';
import { FlagError, LOG_LEVELS, instantValue, logLevelValue, portValue, publicUrlValue } from './flags.js';
import { type Sandbox, createSandbox } from '../sandbox.js';
import { didYouMean } from '../spelling.js';
import { ScenarioError } from '../store/scenario.js';
import { DEFAULT_TLS_DIR } from '../tls/paths.js';

/** The subcommands; anything else that does not start with a dash is a mistyped one. */
const COMMANDS = ['sign', 'tls', 'hosts', 'report', 'verify', 'record', 'diff'] as const;

const HELP = `checkout-sandbox: a local emulation of the checkout and order administration service (UAT and PROD)

Usage:
  npm start -- [flags]            (or: npx checkout-sandbox [flags])
  npx checkout-sandbox sign --env uat --username U --key K --path P [--body FILE]
  npx checkout-sandbox tls [--dir DIR]        a local CA and certificates for the real host names
  npx checkout-sandbox hosts [--address IP]   the /etc/hosts lines for the real host names
  npx checkout-sandbox report [--url URL]     the migration report of a running sandbox
  npx checkout-sandbox verify --env uat --base-url URL --auth-url URL --client-id ID --client-secret S --store-id ID
  npx checkout-sandbox record --out DIR [--upstream ENV.SURFACE=URL]… [--compare]   record real traffic, redacted
  npx checkout-sandbox diff FILE|DIR… [--format text|json|junit]   where the sandbox answers otherwise

Flags:
  --port <n>          main port (default ${DEFAULT_PORT}; 0 = a free port; env PORT)
  --host <addr>       listen address (default ${DEFAULT_HOST}; env HOST; 0.0.0.0 in Docker)
  --public-url <url>  origin written into answers, e.g. http://sandbox:4010 (env SANDBOX_PUBLIC_URL)
  --scenario <name|path>  scenario from scenarios/ or a YAML file (default: default; env SANDBOX_SCENARIO)
  --state <file>      state file (default ${DEFAULT_STATE_FILE}; env SANDBOX_STATE)
  --memory            keep state in memory only (nothing is written)
  --reset             reseed the state from the scenario, discarding what was saved
  --now <ISO-8601>    start the clock at this instant, ticking (env SANDBOX_NOW)
  --frozen            freeze the clock (at --now, or at the current time)
  --port-per-host     also listen on one port per real host: main port + 1..3 (UAT), + 11..13 (PROD)
  --tls               also serve HTTPS on the real host names (certificates from \`tls\`)
  --tls-port <n>      HTTPS port (default 443, or main port + 433 where 443 may not be bound)
  --tls-dir <dir>     where \`tls\` wrote the certificates (default ${DEFAULT_TLS_DIR})
  --log-level <lvl>   ${LOG_LEVELS.join(', ')} (default info; env LOG_LEVEL)
  --admin-token <secret>  /__admin then needs 'Authorization: Bearer <secret>' (env SANDBOX_ADMIN_TOKEN);
                      required with a non-loopback --host
  --insecure-admin    serve /__admin on a non-loopback --host without a token
  --help              this text

Logs are human-readable on a terminal and JSON lines otherwise (LOG_FORMAT=json|pretty to choose).
Exit codes: 0 stopped by SIGINT/SIGTERM; 1 could not start (e.g. a port in use); 2 a usage error
(an unknown flag or command, a bad value, an unknown scenario).
`;

export type CliArgs = { help: true } | { help: false; options: SandboxOptions };

/** Flags → sandbox options (flags override environment variables). Throws FlagError on a bad flag or value. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CliArgs {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    scenario: { type: 'string' },
    state: { type: 'string' },
    memory: { type: 'boolean' },
    reset: { type: 'boolean' },
    now: { type: 'string' },
    frozen: { type: 'boolean' },
    'port-per-host': { type: 'boolean' },
    tls: { type: 'boolean' },
    'tls-port': { type: 'string' },
    'tls-dir': { type: 'string' },
    'log-level': { type: 'string' },
    'admin-token': { type: 'string' },
    'insecure-admin': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return { help: true };

  // Environment values are checked as strictly as flags, naming the variable.
  if (env.PORT) portValue('env PORT', env.PORT);
  if (env.SANDBOX_NOW) instantValue('env SANDBOX_NOW', env.SANDBOX_NOW);
  // The CLI's log is the request log: info unless told otherwise (the library's default is warn).
  const logLevel = env.LOG_LEVEL ? logLevelValue('env LOG_LEVEL', env.LOG_LEVEL) : 'info';
  if (env.SANDBOX_PUBLIC_URL) publicUrlValue('env SANDBOX_PUBLIC_URL', env.SANDBOX_PUBLIC_URL);

  const options: SandboxOptions = { statePath: DEFAULT_STATE_FILE, port: DEFAULT_PORT, logLevel, ...optionsFromEnv(env) };
  if (values.port !== undefined) options.port = portValue('--port', values.port);
  if (values.host !== undefined) options.host = values.host;
  if (values['public-url'] !== undefined) options.publicUrl = publicUrlValue('--public-url', values['public-url']);
  if (values.scenario !== undefined) options.scenario = values.scenario;
  if (values.state !== undefined) options.statePath = values.state;
  if (values.memory) options.statePath = null;
  if (values.reset) options.reset = true;
  if (values.now !== undefined) options.now = instantValue('--now', values.now);
  if (values.frozen) options.frozen = true;
  if (values['port-per-host']) options.portPerHost = true;
  if (values['log-level'] !== undefined) options.logLevel = logLevelValue('--log-level', values['log-level']);
  if (values['admin-token'] !== undefined) options.adminToken = values['admin-token'];
  if (values['insecure-admin']) options.insecureAdmin = true;
  if (values['tls-port'] !== undefined || values['tls-dir'] !== undefined) {
    if (!values.tls) throw new FlagError('--tls-port and --tls-dir only apply with --tls; add --tls to serve HTTPS.');
  }
  if (values.tls) {
    options.tls = {
      dir: values['tls-dir'] ?? DEFAULT_TLS_DIR,
      ...(values['tls-port'] !== undefined ? { port: portValue('--tls-port', values['tls-port'], '4443') } : {}),
    };
  }
  return { help: false, options };
}

export async function main(argv: string[]): Promise<number> {
  // Subcommands load what they need only when asked for, so a server's start never loads node-forge and the like.
  if (argv[0] === 'sign') return (await import('./sign.js')).runSign(argv.slice(1));
  if (argv[0] === 'tls') return (await import('./tls.js')).runTls(argv.slice(1));
  if (argv[0] === 'hosts') return (await import('./tls.js')).runHosts(argv.slice(1));
  if (argv[0] === 'verify') return (await import('./verify.js')).runVerify(argv.slice(1));
  if (argv[0] === 'report') return (await import('./report.js')).runReport(argv.slice(1));
  if (argv[0] === 'record') return (await import('./record.js')).runRecord(argv.slice(1));
  if (argv[0] === 'diff') return (await import('./diff.js')).runDiff(argv.slice(1));
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-')) {
    process.stderr.write(
      `checkout-sandbox: unknown command '${first}'.${didYouMean(first, COMMANDS)} Commands: ${COMMANDS.join(', ')}; ` +
        'without one it starts the sandbox (flags start with --). Run with --help for every flag.\n',
    );
    return 2;
  }

  let args: CliArgs;
  try {
    args = parseCliArgs(argv, process.env);
  } catch (error) {
    process.stderr.write(`checkout-sandbox: ${(error as Error).message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const options = args.options;

  let sandbox: Sandbox | undefined;
  try {
    sandbox = await createSandbox(options, { logStream: 'stdout' });
    await sandbox.listen();
  } catch (error) {
    process.stderr.write(`checkout-sandbox: ${startFailure(error as NodeJS.ErrnoException, options)}\n`);
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
  process.stdout.write(banner(sandbox, { tls: tlsLines(sandbox, options) }));
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
  return [
    `  https:    port ${port}: https://api.uat.walleydev.com${suffix} and every real host name (SNI)`,
    `            trust ${options.tls.dir}/ca.crt; /etc/hosts lines: checkout-sandbox hosts`,
  ];
}
